// What a git checkout says about the source: a real repository made in a scratch folder.
#include "system/git_checkout.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "fake_root.hpp"
#include "system/find_on_path.hpp"

namespace {

// Runs git in `dir` with a fixed identity; true when it succeeded.
bool git(const std::filesystem::path& dir, const std::string& args) {
  const std::string command = "git -C '" + dir.string() +
                              "' -c user.name=t -c user.email=t@example.com -c init.defaultBranch=trunk " + args +
                              " > /dev/null 2>&1";
  return std::system(command.c_str()) == 0;
}

TEST(GitCheckout, ACheckoutGivesItsCommitBranchAndWhetherItHasChanges) {
  if (!tare::system::find_on_path("git")) GTEST_SKIP() << "git is not installed";
  tare::test::FakeRoot dir;
  dir.write("src/a.txt", "one\n");
  ASSERT_TRUE(git(dir.path(), "init -q"));
  ASSERT_TRUE(git(dir.path(), "add src/a.txt"));
  ASSERT_TRUE(git(dir.path(), "commit -q -m first"));

  const auto clean = tare::system::git_state(dir.path() / "src");  // a folder inside the checkout
  ASSERT_TRUE(clean.has_value());
  EXPECT_EQ(clean->commit.size(), 40u);
  EXPECT_EQ(clean->branch, "trunk");
  EXPECT_EQ(clean->dirty, std::optional<bool>(false));

  dir.write("src/a.txt", "two\n");
  dir.write("untracked.txt", "not counted\n");
  const auto changed = tare::system::git_state(dir.path());
  ASSERT_TRUE(changed.has_value());
  EXPECT_EQ(changed->commit, clean->commit);
  EXPECT_EQ(changed->dirty, std::optional<bool>(true));

  ASSERT_TRUE(git(dir.path(), "checkout -q --detach"));
  EXPECT_EQ(tare::system::git_state(dir.path())->branch, "");
}

TEST(GitCheckout, AFolderOutsideACheckoutGivesNothing) {
  tare::test::FakeRoot dir;
  EXPECT_FALSE(tare::system::git_state(dir.path()).has_value());
  EXPECT_FALSE(tare::system::git_state(dir.path() / "no-such-folder").has_value());
}

}  // namespace

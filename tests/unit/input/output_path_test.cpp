#include "input/output_path.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;
using tare::input::check_output_path;
using tare::input::UsageError;

fs::path output_scratch_path() { return fs::temp_directory_path() / ("tare-output-path-" + std::to_string(getpid())); }

fs::path output_scratch() {
  const auto dir = output_scratch_path();
  fs::create_directories(dir);
  return dir;
}

// Each test's directory is removed after it (ctest runs each test in a process of its own).
class OutputPath : public ::testing::Test {
 protected:
  void TearDown() override { fs::remove_all(output_scratch_path()); }
};

std::string refusal(const std::string& path) {
  try {
    check_output_path(path, "--json");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST_F(OutputPath, AFileInAWritableDirectoryPassesAndNothingIsLeftBehind) {
  const auto dir = output_scratch() / "fresh";
  fs::create_directories(dir);
  EXPECT_NO_THROW(check_output_path((dir / "results.json").string(), "--json"));
  EXPECT_NO_THROW(check_output_path("", "--json"));  // not given
  EXPECT_TRUE(fs::is_empty(dir));                    // the trial file is gone, no results file made
  { std::ofstream(dir / "old.json") << "{}"; }
  EXPECT_NO_THROW(check_output_path((dir / "old.json").string(), "--json"));
  std::ifstream old(dir / "old.json");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(old), {}), "{}");  // left as it was
}

// F6: a directory passed the old check (which wrote a temporary file beside it) and the run
// failed only when it renamed its results over the directory.
TEST_F(OutputPath, ADirectoryIsRefusedNamingTheFlag) {
  const auto dir = output_scratch();
  EXPECT_EQ(refusal(dir.string()), "--json " + dir.string() + ": is a directory, not a file");
  EXPECT_EQ(refusal(dir.string() + "/"), "--json " + dir.string() + "/: is a directory, not a file");
}

TEST_F(OutputPath, AMissingOrUnwritableDirectoryIsRefused) {
  const auto dir = output_scratch();
  EXPECT_EQ(refusal((dir / "missing" / "r.json").string()),
            "--json " + (dir / "missing" / "r.json").string() + ": no such directory: " + (dir / "missing").string());
  { std::ofstream(dir / "plain") << "x"; }
  EXPECT_NE(refusal((dir / "plain" / "r.json").string()).find("no such directory"), std::string::npos);
  // /proc takes no new files, even from root.
  EXPECT_NE(refusal("/proc/r.json").find("--json /proc/r.json: cannot create a file in /proc"), std::string::npos);
}

}  // namespace

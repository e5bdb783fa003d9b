// What one side of a comparison names: a file, or a directory of layout variants.
#include "compare/layout_variants.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "input/usage_error.hpp"

namespace {

namespace fs = std::filesystem;
using tare::compare::natural_less;
using tare::compare::side_binaries;
using tare::compare::side_results_files;

// A fresh directory under the temporary directory, removed with everything in it.
struct TemporaryDirectory {
  fs::path path;
  TemporaryDirectory() {
    std::string pattern = (fs::temp_directory_path() / "tare-variants-XXXXXX").string();
    path = mkdtemp(pattern.data());
  }
  ~TemporaryDirectory() { fs::remove_all(path); }
  fs::path touch(const std::string& name, bool executable) const {
    std::ofstream(path / name) << "x";
    if (executable) chmod((path / name).c_str(), 0755);
    return path / name;
  }
};

TEST(NaturalOrder, DigitRunsCompareAsNumbers) {
  EXPECT_TRUE(natural_less("2", "10"));
  EXPECT_FALSE(natural_less("10", "2"));
  EXPECT_TRUE(natural_less("bench-2.json", "bench-10.json"));
  EXPECT_TRUE(natural_less("a", "b"));
  EXPECT_TRUE(natural_less("v1", "v1a"));
  EXPECT_FALSE(natural_less("v1", "v1"));
  EXPECT_TRUE(natural_less("v01", "v2"));
}

TEST(SideBinaries, AFileIsItselfAndADirectoryItsExecutablesInNaturalOrder) {
  TemporaryDirectory dir;
  const auto lone = dir.touch("lone", true);
  EXPECT_EQ(side_binaries(lone.string()), std::vector<std::string>{lone.string()});
  fs::create_directory(dir.path / "variants");
  for (const char* name : {"10", "2", "1"}) std::ofstream(dir.path / "variants" / name) << "x";
  for (const char* name : {"10", "2", "1"}) chmod((dir.path / "variants" / name).c_str(), 0755);
  std::ofstream(dir.path / "variants" / "README") << "not a binary";  // not executable: left out
  const auto found = side_binaries((dir.path / "variants").string());
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(fs::path(found[0]).filename(), "1");
  EXPECT_EQ(fs::path(found[1]).filename(), "2");
  EXPECT_EQ(fs::path(found[2]).filename(), "10");
}

TEST(SideBinaries, AMissingPathIsLeftToItsReaderAndAnEmptyDirectoryIsAUsageError) {
  TemporaryDirectory dir;
  EXPECT_EQ(side_binaries("nope/bench"), std::vector<std::string>{"nope/bench"});
  dir.touch("data.txt", false);
  try {
    side_binaries(dir.path.string());
    FAIL() << "no error";
  } catch (const tare::input::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("no executable"), std::string::npos) << e.what();
  }
}

TEST(SideResultsFiles, ADirectoryGivesItsJsonFilesOnly) {
  TemporaryDirectory dir;
  dir.touch("run-10.json", false);
  dir.touch("run-9.json", false);
  dir.touch("notes.txt", false);
  const auto found = side_results_files(dir.path.string());
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(fs::path(found[0]).filename(), "run-9.json");
  EXPECT_EQ(fs::path(found[1]).filename(), "run-10.json");
}

}  // namespace

// Where --prof asm writes a whole listing: beside the results, a file per benchmark whose
// name any file system takes, written for real into a scratch folder.
#include "runner/hot_code_file.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <stdexcept>
#include <string>

namespace {

using tare::runner::listing_directory;
using tare::runner::listing_file_name;

TEST(HotCodeFile, TheFolderIsBesideTheResultsAndNamedAfterThem) {
  EXPECT_EQ(listing_directory("out/run.json", ""), "out/run.asm");
  EXPECT_EQ(listing_directory("out/run.json", "out/table.csv"), "out/run.asm");
  EXPECT_EQ(listing_directory("", "/tmp/table.csv"), "/tmp/table.asm");
  EXPECT_EQ(listing_directory("results", ""), "results.asm");
  EXPECT_EQ(listing_directory("", ""), "tare-asm");  // no results file: the working directory
}

TEST(HotCodeFile, NamesKeepWhatFileSystemsTakeAndNeverCollide) {
  std::set<std::string> taken;
  EXPECT_EQ(listing_file_name("build.flat/size=1000", taken), "build.flat_size=1000.txt");
  EXPECT_EQ(listing_file_name("build.flat_size=1000", taken), "build.flat_size=1000-2.txt");
  EXPECT_EQ(listing_file_name("build.flat?size=1000", taken), "build.flat_size=1000-3.txt");
  EXPECT_EQ(listing_file_name("sort<int>, n=10 \"quoted\"", taken), "sort_int_,_n=10__quoted_.txt");
  EXPECT_EQ(listing_file_name("..", taken), "_...txt");
  EXPECT_EQ(listing_file_name("", taken), "_.txt");
  const std::string long_name(1000, 'x');
  EXPECT_EQ(listing_file_name(long_name, taken), std::string(200, 'x') + ".txt");
}

TEST(HotCodeFile, TheListingIsWrittenIntoAFolderMadeForIt) {
  const auto scratch = std::filesystem::temp_directory_path() / ("tare-listing-" + std::to_string(getpid()));
  std::filesystem::remove_all(scratch);
  const std::string folder = (scratch / "run.asm").string();
  const std::string path = tare::runner::write_listing(folder, "loop.600.txt", {"title", "  line"});
  EXPECT_EQ(path, folder + "/loop.600.txt");
  std::ifstream in(path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "title\n  line\n");
  // A folder that cannot be made (a file is in the way): why, in the message.
  std::ofstream(scratch / "blocked") << "a file";
  try {
    tare::runner::write_listing((scratch / "blocked" / "run.asm").string(), "x.txt", {"x"});
    ADD_FAILURE() << "written";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("blocked/run.asm: cannot create the folder"), std::string::npos) << e.what();
  }
  std::filesystem::remove_all(scratch);
}

}  // namespace

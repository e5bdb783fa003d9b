// write_file_atomically on real files: the target is the new text or what it was, never
// half of it, and no temporary file is left behind.
#include "system/atomic_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace tare::system {
namespace {

namespace fs = std::filesystem;

fs::path atomic_scratch_dir() {
  const auto dir = fs::temp_directory_path() / ("tare-atomic-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

class AtomicFile : public ::testing::Test {
 protected:
  void TearDown() override { fs::remove_all(atomic_scratch_dir()); }
};

std::string contents_of(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST_F(AtomicFile, WritesTheTextAndLeavesNoTemporary) {
  const auto path = atomic_scratch_dir() / "results.json";
  write_file_atomically(path.string(), [](std::ostream& out) { out << "{}\n"; });
  EXPECT_EQ(contents_of(path), "{}\n");
  EXPECT_FALSE(fs::exists(temporary_path_for(path.string())));
}

// A writer that fails half-way (the strict JSON dump that met a byte that is not UTF-8)
// leaves the previous file whole.
TEST_F(AtomicFile, AWriterThatThrowsLeavesThePreviousFile) {
  const auto path = atomic_scratch_dir() / "kept.json";
  write_file_atomically(path.string(), [](std::ostream& out) { out << "previous\n"; });
  EXPECT_THROW(write_file_atomically(path.string(),
                                     [](std::ostream& out) {
                                       out << "half of the new";
                                       throw std::runtime_error("the dump threw");
                                     }),
               std::runtime_error);
  EXPECT_EQ(contents_of(path), "previous\n");
  EXPECT_FALSE(fs::exists(temporary_path_for(path.string())));
}

TEST_F(AtomicFile, AFileThatCannotBeWrittenIsOneLineNamingIt) {
  const auto missing = atomic_scratch_dir() / "no-such-dir" / "out.json";
  try {
    write_file_atomically(missing.string(), [](std::ostream& out) { out << "x"; });
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), missing.string() + ": cannot write (No such file or directory)");
  }
  const auto directory = atomic_scratch_dir() / "a-directory";
  fs::create_directories(directory);
  EXPECT_THROW(write_file_atomically(directory.string(), [](std::ostream& out) { out << "x"; }), std::runtime_error);
  EXPECT_TRUE(fs::is_directory(directory));
  EXPECT_FALSE(fs::exists(temporary_path_for(directory.string())));
}

}  // namespace
}  // namespace tare::system

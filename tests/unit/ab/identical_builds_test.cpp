// Byte-identical builds, told from their files: the same file twice, a copy, and each
// layout variant with its counterpart; a byte or a length apart, or a file missing, is not.
#include "ab/ab_code.hpp"
#include "ab/identical_files.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "tests/support/process.hpp"

namespace tare::ab {
namespace {

std::string file_holding(const std::string& name, const std::string& bytes) {
  const auto path = (tare_test::scratch_dir() / name).string();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

// More than one block of the comparison (64 KiB), with a zero byte in it.
std::string build_bytes(char last) {
  std::string bytes(200000, 'x');
  bytes[100] = '\0';
  bytes.back() = last;
  return bytes;
}

TEST(IdenticalBuilds, TheSameFileAndACopyAreIdentical) {
  const auto base = file_holding("identical_base", build_bytes('a'));
  EXPECT_TRUE(identical_files(base, base));
  EXPECT_TRUE(identical_files(base, file_holding("identical_copy", build_bytes('a'))));
}

TEST(IdenticalBuilds, OneByteOrOneLengthApartOrMissingIsNot) {
  const auto base = file_holding("identical_base2", build_bytes('a'));
  EXPECT_FALSE(identical_files(base, file_holding("identical_last_byte", build_bytes('b'))));
  EXPECT_FALSE(identical_files(base, file_holding("identical_longer", build_bytes('a') + "a")));
  EXPECT_FALSE(identical_files(base, (tare_test::scratch_dir() / "identical_missing").string()));
  EXPECT_FALSE(identical_files((tare_test::scratch_dir() / "identical_missing").string(),
                               (tare_test::scratch_dir() / "identical_missing").string()));
}

TEST(IdenticalBuilds, LayoutVariantsAreIdenticalWhenEachIsItsCounterpart) {
  const auto v1 = file_holding("identical_v1", build_bytes('1'));
  const auto v2 = file_holding("identical_v2", build_bytes('2'));
  const auto v1_copy = file_holding("identical_v1_copy", build_bytes('1'));
  EXPECT_TRUE(identical_builds({v1, v2}, {v1_copy, v2}));
  EXPECT_FALSE(identical_builds({v1, v2}, {v2, v1}));  // variant k against variant k
  EXPECT_FALSE(identical_builds({v1, v2}, {v1}));
  EXPECT_FALSE(identical_builds({}, {}));
}

}  // namespace
}  // namespace tare::ab

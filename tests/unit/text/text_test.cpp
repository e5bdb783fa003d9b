#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "text/read_file.hpp"
#include "text/split.hpp"

namespace {

using tare::text::read_file;
using tare::text::split;
using tare::text::trim;
using Parts = std::vector<std::string>;

TEST(Split, KeepsEmptyPartsAndTheLastOne) {
  EXPECT_EQ(split("a,,b", ','), (Parts{"a", "", "b"}));
  EXPECT_EQ(split("16,1024", ','), (Parts{"16", "1024"}));
  EXPECT_EQ(split("a,", ','), (Parts{"a", ""}));
  EXPECT_EQ(split("", ','), (Parts{""}));
  EXPECT_EQ(split("no separator", ','), (Parts{"no separator"}));
}

TEST(Trim, RemovesWhiteSpaceAtBothEndsOnly) {
  EXPECT_EQ(trim("  model name\t: x \r\n"), "model name\t: x");
  EXPECT_EQ(trim(" \t\n"), "");
  EXPECT_EQ(trim(""), "");
  EXPECT_EQ(trim("x"), "x");
}

TEST(ReadFile, ReturnsTheWholeFileOrNothing) {
  const auto path = std::filesystem::temp_directory_path() / ("tare-text-" + std::to_string(getpid()));
  const std::string contents("line one\nline two\0with a zero byte", 34);
  std::ofstream(path, std::ios::binary) << contents;
  EXPECT_EQ(read_file(path), contents);
  std::filesystem::remove(path);
  EXPECT_EQ(read_file(path), std::nullopt);
  // Kernel files report a size that is not their length: they are read to the end.
  // Larger than one chunk read, and not a multiple of it: every byte, in order.
  std::string large(200001, '\0');
  for (std::size_t i = 0; i < large.size(); ++i) large[i] = static_cast<char>('a' + i % 26);
  std::ofstream(path, std::ios::binary) << large;
  EXPECT_EQ(read_file(path), large);
  std::filesystem::remove(path);
  const auto stat = read_file("/proc/self/stat");
  ASSERT_TRUE(stat.has_value());
  EXPECT_FALSE(stat->empty());
}

}  // namespace

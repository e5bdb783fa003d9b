// Function ranges from a real ELF symbol table (this test program's own file), and what is
// refused as no ELF file.
#include "disasm/elf_symbols.hpp"

#include <gtest/gtest.h>
#include <link.h>

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace tare::disasm {
namespace {

extern "C" __attribute__((noinline)) int elf_symbols_test_target(int x) { return x * 5 + 2; }

std::uintptr_t own_load_bias() {
  std::uintptr_t bias = 0;
  ::dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* out) {
        *static_cast<std::uintptr_t*>(out) = info->dlpi_addr;
        return 1;
      },
      &bias);
  return bias;
}

TEST(ElfSymbols, AFunctionOfThisProgramIsFoundFromItsEntryAndFromInsideIt) {
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  const auto ranges = function_ranges_of(self);
  ASSERT_FALSE(ranges.empty());
  for (std::size_t i = 1; i < ranges.size(); ++i) ASSERT_LT(ranges[i - 1].start, ranges[i].start);
  const std::uint64_t entry = reinterpret_cast<std::uintptr_t>(&elf_symbols_test_target) - own_load_bias();
  const auto found = function_holding(ranges, entry);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->start, entry);
  EXPECT_GT(found->stop, entry);
  const auto inside = function_holding(ranges, found->stop - 1);
  ASSERT_TRUE(inside);
  EXPECT_EQ(inside->start, entry);
}

TEST(ElfSymbols, AddressesOutsideEveryFunctionHoldNone) {
  const std::vector<FunctionRange> ranges{{0x1000, 0x1010}, {0x1020, 0x1030}};
  EXPECT_FALSE(function_holding(ranges, 0xfff));
  EXPECT_FALSE(function_holding(ranges, 0x1010));  // the gap between them
  EXPECT_FALSE(function_holding(ranges, 0x1030));
  EXPECT_EQ(function_holding(ranges, 0x102f)->start, 0x1020u);
  EXPECT_FALSE(function_holding({}, 0x1000));
}

TEST(ElfSymbols, WhatIsNoElfFileIsRefusedSayingSo) {
  EXPECT_THROW(function_ranges("#!/bin/sh\necho hello\n"), std::runtime_error);
  EXPECT_THROW(function_ranges(""), std::runtime_error);
  try {
    function_ranges_of("/nonexistent/binary");
    FAIL() << "read";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "/nonexistent/binary: cannot be read");
  }
}

}  // namespace
}  // namespace tare::disasm

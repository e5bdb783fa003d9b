// Which instructions callgrind counts per iteration (rep-prefixed string instructions),
// read from an ELF image's loaded bytes: encodings with known answers, and a small ELF
// image built here.
#include "disasm/rep_string.hpp"

#include <elf.h>
#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>

#include "disasm/elf_code.hpp"

namespace tare::disasm {
namespace {

std::string bytes(std::initializer_list<unsigned char> list) { return std::string(list.begin(), list.end()); }

TEST(RepString, StringInstructionsWithARepeatPrefixAreRecognised) {
  EXPECT_TRUE(is_rep_string(bytes({0xF3, 0xAA})));              // rep stos %al,%es:(%rdi)
  EXPECT_TRUE(is_rep_string(bytes({0xF3, 0x48, 0xAB})));        // rep stos %rax,%es:(%rdi)
  EXPECT_TRUE(is_rep_string(bytes({0xF3, 0xA4})));              // rep movsb
  EXPECT_TRUE(is_rep_string(bytes({0xF3, 0x48, 0xA5})));        // rep movsq
  EXPECT_TRUE(is_rep_string(bytes({0x66, 0xF3, 0xAB})));        // rep stos %ax (an operand-size prefix first)
  EXPECT_TRUE(is_rep_string(bytes({0xF3, 0xA6})));              // repz cmpsb
  EXPECT_TRUE(is_rep_string(bytes({0xF2, 0xAE})));              // repnz scas (strlen's old way)
  EXPECT_TRUE(is_rep_string(bytes({0xF3, 0xAC})));              // rep lods
  EXPECT_TRUE(is_rep_string(bytes({0xF3, 0x48, 0xAB, 0x90})));  // what follows does not matter
}

TEST(RepString, OtherUsesOfThePrefixesAndUnrepeatedStringsAreNot) {
  EXPECT_FALSE(is_rep_string(bytes({0xAA})));                    // stos without rep: counted once anyway
  EXPECT_FALSE(is_rep_string(bytes({0x48, 0xA5})));              // movsq without rep
  EXPECT_FALSE(is_rep_string(bytes({0xF3, 0x90})));              // pause
  EXPECT_FALSE(is_rep_string(bytes({0xF3, 0xC3})));              // rep ret
  EXPECT_FALSE(is_rep_string(bytes({0xF3, 0x0F, 0xB8, 0xC0})));  // popcnt %eax,%eax
  EXPECT_FALSE(is_rep_string(bytes({0xF3, 0x48, 0x0F, 0xB8})));  // popcnt with REX.W
  EXPECT_FALSE(is_rep_string(bytes({0xF2, 0x0F, 0x10, 0xC1})));  // movsd %xmm1,%xmm0 (SSE, not the string move)
  EXPECT_FALSE(is_rep_string(bytes({0xF3})));                    // cut short
  EXPECT_FALSE(is_rep_string(""));
  EXPECT_FALSE(is_rep_string(std::string(20, '\xF3')));          // prefixes only, longer than any instruction
}

// A 64-bit ELF image whose one loadable segment puts `code` at `address`, followed by
// `bss` bytes of zeroed memory that are not in the file.
std::string elf_image(std::uint64_t address, const std::string& code, std::uint64_t bss = 0) {
  constexpr std::uint64_t kCodeOffset = 0x100;
  Elf64_Ehdr header{};
  std::memcpy(header.e_ident, ELFMAG, SELFMAG);
  header.e_ident[EI_CLASS] = ELFCLASS64;
  header.e_ident[EI_DATA] = ELFDATA2LSB;
  header.e_ident[EI_VERSION] = EV_CURRENT;
  header.e_type = ET_DYN;
  header.e_machine = EM_X86_64;
  header.e_phoff = sizeof(Elf64_Ehdr);
  header.e_phentsize = sizeof(Elf64_Phdr);
  header.e_phnum = 1;
  Elf64_Phdr segment{};
  segment.p_type = PT_LOAD;
  segment.p_offset = kCodeOffset;
  segment.p_vaddr = address;
  segment.p_filesz = code.size();
  segment.p_memsz = code.size() + bss;
  std::string image(kCodeOffset, '\0');
  std::memcpy(image.data(), &header, sizeof header);
  std::memcpy(image.data() + sizeof header, &segment, sizeof segment);
  return image + code;
}

TEST(LoadedCode, BytesAtAnAddressAreTheSegmentsBytesInTheFile) {
  const LoadedCode code(elf_image(0x5100, bytes({0x31, 0xC0, 0xF3, 0xAA, 0xC3}), 64));
  EXPECT_EQ(code.bytes_at(0x5102, 15), bytes({0xF3, 0xAA, 0xC3}));  // fewer at the segment's end
  EXPECT_EQ(code.bytes_at(0x5100, 2), bytes({0x31, 0xC0}));
  EXPECT_TRUE(code.bytes_at(0x50FF, 15).empty());  // before the segment
  EXPECT_TRUE(code.bytes_at(0x5105, 15).empty());  // zeroed memory, not in the file
  EXPECT_TRUE(code.bytes_at(0, 15).empty());
}

TEST(LoadedCode, WhatIsNotA64BitElfFileIsRefused) {
  EXPECT_THROW(LoadedCode("#!/bin/sh\n"), std::runtime_error);
  std::string thirty_two = elf_image(0x1000, "x");
  thirty_two[EI_CLASS] = ELFCLASS32;
  EXPECT_THROW(LoadedCode{thirty_two}, std::runtime_error);
  std::string cut = elf_image(0x1000, std::string(64, '\x90'));
  cut.resize(cut.size() - 10);  // the segment runs past the end
  EXPECT_THROW(LoadedCode{cut}, std::runtime_error);
  EXPECT_THROW(loaded_code_of("/nonexistent/bench"), std::runtime_error);
}

TEST(RepString, TheCostAtRepStringsIsWhatCallgrindCountedAtThoseAddressesOnly) {
  // xor %eax,%eax; rep stos %al,%es:(%rdi); rep movsb; ret
  const LoadedCode code(elf_image(0x2000, bytes({0x31, 0xC0, 0xF3, 0xAA, 0xF3, 0xA4, 0xC3})));
  FunctionCosts costs{"/bench", "fill", 0, {{0x2000, 10}, {0x2002, 10010}, {0x2004, 5010}, {0x2006, 10}, {0x9000, 7}}};
  // 10 calls: a rep stosb of 1000 bytes (1001 each) and a rep movsb of 500 (501 each); an
  // address the file does not hold (0x9000) is no rep string.
  EXPECT_EQ(rep_string_cost(costs, code), 15020u);
}

}  // namespace
}  // namespace tare::disasm

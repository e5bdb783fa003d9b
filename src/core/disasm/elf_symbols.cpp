#include "disasm/elf_symbols.hpp"

#include <elf.h>

#include <algorithm>
#include <cstring>
#include <iterator>
#include <stdexcept>

#include "disasm/elf_record.hpp"
#include "text/read_file.hpp"

namespace tare::disasm {
namespace {

std::vector<Elf64_Shdr> section_headers(std::string_view image) {
  if (image.size() < EI_NIDENT || std::memcmp(image.data(), ELFMAG, SELFMAG) != 0) throw std::runtime_error("not an ELF file");
  if (image[EI_CLASS] != ELFCLASS64 || image[EI_DATA] != ELFDATA2LSB)
    throw std::runtime_error("not a 64-bit little-endian ELF file");
  const auto header = elf_record<Elf64_Ehdr>(image, 0);
  if (header.e_shnum > 0 && header.e_shentsize != sizeof(Elf64_Shdr)) throw std::runtime_error("ELF: odd section headers");
  std::vector<Elf64_Shdr> sections;
  for (std::uint64_t i = 0; i < header.e_shnum; ++i)
    sections.push_back(elf_record<Elf64_Shdr>(image, header.e_shoff + i * sizeof(Elf64_Shdr)));
  return sections;
}

// The full symbol table when there is one: a stripped file keeps only the dynamic one.
const Elf64_Shdr* symbol_table(const std::vector<Elf64_Shdr>& sections) {
  for (const auto& section : sections)
    if (section.sh_type == SHT_SYMTAB) return &section;
  for (const auto& section : sections)
    if (section.sh_type == SHT_DYNSYM) return &section;
  return nullptr;
}

}  // namespace

std::vector<FunctionRange> function_ranges(std::string_view image) {
  const auto sections = section_headers(image);
  const Elf64_Shdr* table = symbol_table(sections);
  std::vector<FunctionRange> ranges;
  if (!table) return ranges;
  for (std::uint64_t at = 0; at + sizeof(Elf64_Sym) <= table->sh_size; at += sizeof(Elf64_Sym)) {
    const auto symbol = elf_record<Elf64_Sym>(image, table->sh_offset + at);
    if (ELF64_ST_TYPE(symbol.st_info) != STT_FUNC || symbol.st_shndx == SHN_UNDEF || symbol.st_size == 0) continue;
    ranges.push_back({symbol.st_value, symbol.st_value + symbol.st_size});
  }
  std::sort(ranges.begin(), ranges.end(),
            [](const FunctionRange& a, const FunctionRange& b) { return a.start < b.start || (a.start == b.start && a.stop > b.stop); });
  ranges.erase(std::unique(ranges.begin(), ranges.end(),
                           [](const FunctionRange& a, const FunctionRange& b) { return a.start == b.start; }),
               ranges.end());
  return ranges;
}

std::vector<FunctionRange> function_ranges_of(const std::string& path) {
  const auto image = text::read_file(path);
  if (!image) throw std::runtime_error(path + ": cannot be read");
  try {
    return function_ranges(*image);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

std::optional<FunctionRange> function_holding(const std::vector<FunctionRange>& ranges, std::uint64_t address) {
  // The last range starting at or before the address.
  auto after = std::upper_bound(ranges.begin(), ranges.end(), address,
                                [](std::uint64_t a, const FunctionRange& range) { return a < range.start; });
  if (after == ranges.begin()) return std::nullopt;
  const FunctionRange& candidate = *std::prev(after);
  if (!candidate.holds(address)) return std::nullopt;
  return candidate;
}

}  // namespace tare::disasm

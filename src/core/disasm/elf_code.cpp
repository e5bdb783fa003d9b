#include "disasm/elf_code.hpp"

#include <elf.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "disasm/elf_record.hpp"
#include "text/read_file.hpp"

namespace tare::disasm {

LoadedCode::LoadedCode(std::string image) : image_(std::move(image)) {
  if (image_.size() < EI_NIDENT || std::memcmp(image_.data(), ELFMAG, SELFMAG) != 0) throw std::runtime_error("not an ELF file");
  if (image_[EI_CLASS] != ELFCLASS64 || image_[EI_DATA] != ELFDATA2LSB)
    throw std::runtime_error("not a 64-bit little-endian ELF file");
  const auto header = elf_record<Elf64_Ehdr>(image_, 0);
  if (header.e_phnum > 0 && header.e_phentsize != sizeof(Elf64_Phdr)) throw std::runtime_error("ELF: odd program headers");
  for (std::uint64_t i = 0; i < header.e_phnum; ++i) {
    const auto program = elf_record<Elf64_Phdr>(image_, header.e_phoff + i * sizeof(Elf64_Phdr));
    if (program.p_type != PT_LOAD) continue;
    if (program.p_offset > image_.size() || image_.size() - program.p_offset < program.p_filesz)
      throw std::runtime_error("ELF: a segment runs past the end of the file");
    segments_.push_back({program.p_vaddr, program.p_offset, program.p_filesz});
  }
}

std::string_view LoadedCode::bytes_at(std::uint64_t address, std::size_t length) const {
  for (const Segment& segment : segments_) {
    if (address < segment.address || address - segment.address >= segment.size_in_file) continue;
    const std::uint64_t into = address - segment.address;
    const std::uint64_t available = segment.size_in_file - into;
    return std::string_view(image_).substr(segment.offset + into, std::min<std::uint64_t>(length, available));
  }
  return {};
}

LoadedCode loaded_code_of(const std::string& path) {
  auto image = text::read_file(path);
  if (!image) throw std::runtime_error(path + ": cannot be read");
  try {
    return LoadedCode(std::move(*image));
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

}  // namespace tare::disasm

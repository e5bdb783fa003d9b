// Reading ELF structures out of a file's bytes, for elf_symbols and elf_code.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string_view>

namespace tare::disasm {

/// A copy of the structure at `offset` of the image (its fields need not be aligned there);
/// throws std::runtime_error when it runs past the end.
template <typename T>
T elf_record(std::string_view image, std::uint64_t offset) {
  if (offset > image.size() || image.size() - offset < sizeof(T))
    throw std::runtime_error("ELF: a table runs past the end of the file");
  T record;
  std::memcpy(&record, image.data() + offset, sizeof(T));
  return record;
}

}  // namespace tare::disasm

// The bytes an ELF file's program headers load at an address: what the instruction at an
// address callgrind names is, without disassembling the file. Pure but for reading the file.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tare::disasm {

/// A 64-bit little-endian ELF file's loadable segments (PT_LOAD), by the addresses
/// objdump and callgrind give (the file's own, before any load offset).
class LoadedCode {
 public:
  /// Throws std::runtime_error when `image` is not such a file.
  explicit LoadedCode(std::string image);

  /// The file's bytes from `address` on, at most `length` of them: fewer at the end of its
  /// segment's bytes in the file; none where no segment holds the address, or it is only
  /// zeroed memory (.bss).
  std::string_view bytes_at(std::uint64_t address, std::size_t length) const;

 private:
  struct Segment {
    std::uint64_t address = 0, offset = 0, size_in_file = 0;
  };
  std::string image_;
  std::vector<Segment> segments_;
};

/// The same for a file. Throws std::runtime_error naming it when it cannot be read or is
/// not such a file.
LoadedCode loaded_code_of(const std::string& path);

}  // namespace tare::disasm

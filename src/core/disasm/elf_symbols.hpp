// Where each function of an ELF object starts and ends, from its symbol table: the real
// entry of a function callgrind saw executed, and the range objdump lists of it. Pure but
// for reading the file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "disasm/normalised_code.hpp"

namespace tare::disasm {

/// The address ranges of the defined function symbols (STT_FUNC, size > 0) of a 64-bit
/// little-endian ELF image, from .symtab (.dynsym when stripped), in address order, one per
/// address (aliases dropped). Throws std::runtime_error when `image` is not such a file.
std::vector<FunctionRange> function_ranges(std::string_view image);

/// The same for a file. Throws std::runtime_error naming it when it cannot be read.
std::vector<FunctionRange> function_ranges_of(const std::string& path);

/// The range in `ranges` (function_ranges' order) that holds `address`; nullopt when none does.
std::optional<FunctionRange> function_holding(const std::vector<FunctionRange>& ranges, std::uint64_t address);

}  // namespace tare::disasm

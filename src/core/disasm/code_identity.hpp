// What a benchmark's timed code is, by content, and where it sits: every function of the
// benchmark's own binary that one counted batch executed (a callgrind file written with
// --dump-instr=yes), each disassembled whole from its symbol's entry by objdump and hashed
// as normalised code (normalised_code.hpp), and the hottest loop's first address. Code in
// shared libraries is left out: both builds load the same libraries.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "disasm/callgrind_profile.hpp"
#include "disasm/normalised_code.hpp"
#include "disasm/objdump_listing.hpp"
#include "results/results.hpp"

namespace tare::disasm {

/// One function as identified: `listing` is objdump's of `range` (its instructions outside
/// the range are left out). Pure.
results::CodeFunction code_function(const std::string& name, const std::vector<DisassembledInstruction>& listing,
                                    FunctionRange range);

/// The first instruction of `costs`'s hottest region (hot_region.hpp) in `listing` (the
/// function's, address order) when that region is a loop; nullopt otherwise. Pure.
std::optional<std::uint64_t> hot_loop_start(const FunctionCosts& costs, const std::vector<DisassembledInstruction>& listing);

/// The identity of the code of `binary` in `profile` (parsed from a file of one batch).
/// Throws std::runtime_error saying why when the binary's symbol table cannot be read or
/// objdump fails.
results::CodeIdentity identify_code(const CallgrindProfile& profile, const std::string& binary, const std::string& objdump,
                                    std::chrono::steady_clock::duration timeout);

}  // namespace tare::disasm

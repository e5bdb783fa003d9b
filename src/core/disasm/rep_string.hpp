// Which instructions callgrind counts once per iteration: x86-64 string instructions with
// a repeat prefix (rep stos, rep movs, repe cmps, repne scas, ...). valgrind runs such an
// instruction as a loop of one instruction, counting it each time round (and once more
// where the repeat ends): a rep stosb of 1000 bytes counts 1001. Pure.
#pragma once

#include <cstdint>
#include <string_view>

#include "disasm/callgrind_profile.hpp"
#include "disasm/elf_code.hpp"

namespace tare::disasm {

/// True when the instruction whose encoding starts `code` is a string instruction (movs,
/// cmps, stos, lods, scas, ins, outs) with a rep, repe or repne prefix (F3, F2) among its
/// legacy prefixes. False for other uses of those prefixes (pause, rep ret, popcnt, SSE).
bool is_rep_string(std::string_view code);

/// What `costs` counted at rep-prefixed string instructions, each read from `code` (the
/// ELF file `costs` is in) at its address; an address the file does not hold counts as no
/// such instruction.
std::uint64_t rep_string_cost(const FunctionCosts& costs, const LoadedCode& code);

}  // namespace tare::disasm

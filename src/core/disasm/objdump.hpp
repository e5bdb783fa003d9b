// Running binutils' objdump on a range of an object file (a child process with a deadline
// and a cap on its output), and finding the program.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "disasm/objdump_listing.hpp"

namespace tare::disasm {

/// The instructions objdump finds in [start, stop) of `object`, with source lines where
/// debug info has them. Throws std::runtime_error saying why when objdump fails, is killed
/// at the deadline or writes more than any function's listing.
std::vector<DisassembledInstruction> disassemble(const std::string& objdump, const std::string& object,
                                                 std::uint64_t start, std::uint64_t stop,
                                                 std::chrono::steady_clock::duration timeout);

}  // namespace tare::disasm

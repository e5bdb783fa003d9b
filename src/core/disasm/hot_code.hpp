// --prof asm's result for one benchmark, from the callgrind output file of its measured
// batches (written with --dump-instr=yes): the file read and parsed, the costliest
// function's executed range disassembled by objdump, the two joined (annotate.hpp), and
// how much of the count is rep-prefixed string instructions' iterations (rep_string_count.hpp).
#pragma once

#include <chrono>
#include <string>

#include "disasm/annotate.hpp"

namespace tare::disasm {

/// Throws std::runtime_error saying why when the file cannot be read or parsed, or objdump
/// fails.
AnnotatedCode hot_code_of(const std::string& callgrind_file, const std::string& objdump,
                          std::chrono::steady_clock::duration timeout);

}  // namespace tare::disasm

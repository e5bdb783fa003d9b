// How much of a callgrind count is rep-prefixed string instructions' iterations: each
// executed address of the profile looked up in its object file (rep_string.hpp). Reads the
// files.
#pragma once

#include <cstdint>
#include <string>

#include "disasm/callgrind_profile.hpp"

namespace tare::disasm {

/// What `profile` (from a file written with --dump-instr=yes) counted at rep-prefixed
/// string instructions, every object file it names read once. Code in no file that can be
/// read as a 64-bit ELF ("???", "[vdso]") counts as none.
std::uint64_t rep_string_count(const CallgrindProfile& profile);

/// The same for a callgrind output file. Throws std::runtime_error when it cannot be read
/// or parsed.
std::uint64_t rep_string_count_of(const std::string& callgrind_file);

}  // namespace tare::disasm

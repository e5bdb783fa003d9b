// What a callgrind output file says each instruction cost (callgrind run with
// --dump-instr=yes): the self cost of every executed instruction, by object file and
// function. Pure: the text in, the costs out.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tare::disasm {

/// One function's executed instructions and what each cost (the file's first event).
struct FunctionCosts {
  std::string object;    ///< the ELF file it is in (ob=)
  std::string function;  ///< its name as callgrind gives it (fn=), demangled
  std::uint64_t cost = 0;  ///< self cost: the sum over its instructions
  /// Address in the object file (what objdump shows: callgrind subtracts the load address of
  /// a position-independent object) -> self cost.
  std::map<std::uint64_t, std::uint64_t> instructions;
};

struct CallgrindProfile {
  std::string event;        ///< the first event's name ("Ir": instructions executed)
  std::uint64_t total = 0;  ///< the self cost of every instruction in the file
  std::vector<FunctionCosts> functions;  ///< the costliest first; ties by object, then name
};

/// Parses a callgrind output file (every part of it, summed). Throws std::runtime_error
/// naming the line when it is not one: no "events:", a cost line that is not numbers, or
/// positions without "instr" (a file written without --dump-instr=yes).
CallgrindProfile parse_callgrind(std::string_view text);

}  // namespace tare::disasm

#include "disasm/hot_code.hpp"

#include <unistd.h>

#include <stdexcept>

#include "disasm/annotate.hpp"
#include "disasm/callgrind_profile.hpp"
#include "disasm/objdump.hpp"
#include "disasm/rep_string_count.hpp"
#include "text/read_file.hpp"

namespace tare::disasm {
namespace {

// Past the last executed instruction: room for the function's few instructions after it
// (a return, a jump back). What belongs to the next symbol objdump lists under that
// symbol's name, and annotate() leaves it out.
constexpr std::uint64_t kBytesAfterTheLast = 64;

AnnotatedCode annotated_code(const CallgrindProfile& profile, const std::string& objdump,
                             std::chrono::steady_clock::duration timeout) {
  if (profile.functions.empty() || profile.total == 0) return annotate(profile, {});
  const FunctionCosts& hot = profile.functions.front();
  // Code in no file objdump can read ("???", "[vdso]"): its share, without a listing.
  if (::access(hot.object.c_str(), R_OK) != 0) return annotate(profile, {});
  // From the first executed instruction (a boundary objdump can start decoding at; an
  // address before it might be inside an instruction).
  const std::uint64_t start = hot.instructions.begin()->first;
  const std::uint64_t stop = hot.instructions.rbegin()->first + kBytesAfterTheLast;
  return annotate(profile, disassemble(objdump, hot.object, start, stop, timeout));
}

}  // namespace

AnnotatedCode hot_code_of(const std::string& callgrind_file, const std::string& objdump,
                          std::chrono::steady_clock::duration timeout) {
  const auto text = text::read_file(callgrind_file);
  if (!text) throw std::runtime_error(callgrind_file + ": cannot be read");
  const CallgrindProfile profile = parse_callgrind(*text);
  AnnotatedCode code = annotated_code(profile, objdump, timeout);
  code.shown.rep_string_instructions = rep_string_count(profile);
  return code;
}

}  // namespace tare::disasm

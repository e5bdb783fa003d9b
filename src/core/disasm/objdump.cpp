#include "disasm/objdump.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "system/capture.hpp"
#include "text/split.hpp"

namespace tare::disasm {
namespace {

// More than the listing of any one function (a few thousand instructions, each a line
// with its source position).
constexpr std::size_t kMaxListingBytes = 8u << 20;

std::string hex_address(std::uint64_t address) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(address));
  return text;
}

}  // namespace

std::vector<DisassembledInstruction> disassemble(const std::string& objdump, const std::string& object,
                                                 std::uint64_t start, std::uint64_t stop,
                                                 std::chrono::steady_clock::duration timeout) {
  // AT&T syntax (objdump's default on Linux), demangled names, source lines, no bytes.
  const std::vector<std::string> args{"-d", "-l", "-C", "--no-show-raw-insn", "--start-address=" + hex_address(start),
                                      "--stop-address=" + hex_address(stop), object};
  const auto run = system::capture_output(objdump, args, {std::chrono::steady_clock::now() + timeout, kMaxListingBytes});
  const std::string what = "objdump on " + object;
  switch (run.ending) {
    case system::Captured::Ending::not_started: throw std::runtime_error(what + ": " + run.start_error);
    case system::Captured::Ending::deadline: throw std::runtime_error(what + ": did not finish in time; killed");
    case system::Captured::Ending::too_much_output: throw std::runtime_error(what + ": more output than any function's listing; killed");
    case system::Captured::Ending::interrupted: throw std::runtime_error(what + ": interrupted");
    case system::Captured::Ending::ended: break;
  }
  if (run.exit_status != 0) {
    const std::string first_line = run.errors.substr(0, run.errors.find('\n'));
    throw std::runtime_error(what + ": exit status " + std::to_string(run.exit_status) +
                             (first_line.empty() ? "" : ": " + first_line));
  }
  return parse_objdump(run.output);
}

}  // namespace tare::disasm

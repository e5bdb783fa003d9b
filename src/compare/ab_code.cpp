#include "compare/ab_code.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "runner/timed_code.hpp"
#include "runner/worker_process.hpp"
#include "system/find_on_path.hpp"

namespace tare::compare {

std::optional<runner::HotCodeTools> find_code_tools(std::vector<std::string>& notes) {
  const auto valgrind = runner::find_valgrind();
  const auto objdump = system::find_on_path("objdump");
  if (valgrind && objdump) return runner::HotCodeTools{*valgrind, *objdump};
  notes.push_back(fmt::format(
      "the builds' timed code was not compared (needs {}: apt-get install {}), so a difference of a few percent may be "
      "where the linker put unchanged code",
      !valgrind && !objdump ? "valgrind and objdump" : !valgrind ? "valgrind" : "objdump",
      !valgrind && !objdump ? "valgrind binutils" : !valgrind ? "valgrind" : "binutils"));
  return std::nullopt;
}

void check_timed_code(const runner::HotCodeTools& tools, const PairBinaries& binaries, const Listed& b,
                      double timeout_seconds, CompareRow& row, std::vector<std::string>& notes) {
  if (b.threads != 1) {
    notes.push_back(fmt::format("{}: its timed code was not compared (callgrind counts one thread's loop, and it runs {})",
                                b.name, b.threads));
    return;
  }
  runner::CallgrindTarget target = callgrind_target(b);
  try {
    target.executable = binaries.base;
    const results::CodeIdentity base = runner::identify_timed_code(target, tools, timeout_seconds);
    // The same batches on both sides: their instruction counts then compare exactly.
    target.executable = binaries.candidate;
    const results::CodeIdentity candidate =
        runner::identify_timed_code(target, tools, timeout_seconds, base.invocations);
    row.code = match_code(base, candidate);
  } catch (const runner::Interrupted&) {
    throw;
  } catch (const runner::BenchmarkSkipped& skipped) {
    notes.push_back(fmt::format("{}: its timed code was not compared: it skipped itself under callgrind ({})", b.name,
                                skipped.what()));
  } catch (const std::runtime_error& e) {  // WorkerFailure, and what objdump or the files say
    notes.push_back(fmt::format("{}: its timed code was not compared: {}", b.name, e.what()));
  }
}

}  // namespace tare::compare

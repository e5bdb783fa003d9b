#include "runner/timed_code.hpp"

#include <chrono>
#include <stdexcept>

#include "disasm/callgrind_profile.hpp"
#include "disasm/code_identity.hpp"
#include "text/read_file.hpp"

namespace tare::runner {

results::CodeIdentity timed_code_of(const CallgrindRun& run, const std::string& executable, const std::string& objdump,
                                    double timeout_seconds) {
  // The larger batch: the same functions as the smaller one, and its loops the hotter.
  const std::string& file = run.body_2n.path;
  const auto text = text::read_file(file);
  if (!text) throw std::runtime_error(file + ": cannot be read");
  const auto timeout = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(timeout_seconds));
  results::CodeIdentity code = disasm::identify_code(disasm::parse_callgrind(*text), executable, objdump, timeout);
  code.invocations = run.counts.invocations;
  code.instructions = run.counts.body_2n - run.counts.body_n;
  return code;
}

results::CodeIdentity identify_timed_code(const CallgrindTarget& target, const HotCodeTools& tools,
                                          double timeout_seconds, std::uint64_t invocations) {
  const CallgrindDirectory scratch;
  CallgrindPlan plan;
  plan.executable = target.executable;
  plan.valgrind = tools.valgrind;
  plan.output_directory = scratch.path();
  plan.invocations = invocations;
  plan.dump_instructions = true;
  plan.tsc_ghz = target.worker.tsc_ghz;
  plan.timeout_seconds = timeout_seconds;
  return timed_code_of(run_callgrind_fork(target, plan), target.executable, tools.objdump, timeout_seconds);
}

}  // namespace tare::runner

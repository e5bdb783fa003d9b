#include "runner/counted_instructions.hpp"

#include <algorithm>
#include <iostream>
#include <stdexcept>

#include "analysis/warning_severity.hpp"
#include "runner/callgrind_fork.hpp"
#include "runner/timed_code.hpp"
#include "runner/worker_process.hpp"

namespace tare::runner {

// A power of two: a few percent of difference in calibration then rarely changes what is
// counted.
std::uint64_t timed_batch(const results::Benchmark& b) {
  const std::uint64_t per_invocation = b.ops_per_invocation * static_cast<std::uint64_t>(std::max(b.threads, 1));
  std::uint64_t invocations = 0;
  for (const auto& fork : b.forks)
    if (fork.ok && fork.ops_per_sample > 0 && per_invocation > 0) invocations = fork.ops_per_sample / per_invocation;
  if (invocations == 0) return 0;
  std::uint64_t power = 1;
  while (power <= invocations / 2 && power < kMaxCountedInvocations) power *= 2;
  return power;
}

namespace {

// The counted batch's code, or a warning saying why it is not known (the counts stand).
void identify_counted_code(const CallgrindRun& counted, const CallgrindPlan& plan, const std::string& objdump,
                           results::Benchmark& b) {
  try {
    b.code = timed_code_of(counted, plan.executable, objdump, plan.timeout_seconds);
  } catch (const std::runtime_error& failure) {
    analysis::warn(b, results::WarningCode::profiler, std::string("--prof instructions: the timed code was not identified: ") + failure.what());
  }
}

}  // namespace

bool count_instructions(results::Run& run, const std::vector<registry::Instance>& instances, const ForkPlan& plan,
                        const std::string& valgrind, const std::string& objdump, bool quiet) {
  const CallgrindDirectory scratch;
  for (std::size_t i = 0; i < instances.size(); ++i) {
    results::Benchmark& b = run.benchmarks[i];
    const std::uint64_t invocations = timed_batch(b);
    if (invocations == 0) continue;  // nothing measured: nothing to count either
    if (!quiet) std::cerr << "Counting the instructions of " << b.name << " under callgrind\n";
    // Per-instruction counts cost callgrind a little time and change no count; they say
    // which counts are rep strings' iterations, and (with objdump) what the timed code is.
    const CallgrindPlan counting{plan.executable, valgrind, scratch.path(), invocations, true, plan.tsc_ghz,
                                 plan.timeout_seconds};
    try {
      const CallgrindRun counted = run_callgrind_fork(instances[i], counting);
      b.instruction_counts = counted.counts;
      b.instruction_counts->rep_strings = rep_strings_of(counted);
      if (!objdump.empty()) identify_counted_code(counted, counting, objdump, b);
    } catch (const WorkerFailure& failure) {
      analysis::warn(b, results::WarningCode::profiler, std::string("--prof instructions: not counted under callgrind: ") + failure.what());
    } catch (const BenchmarkSkipped& skipped) {
      analysis::warn(b, results::WarningCode::profiler, std::string("--prof instructions: the benchmark skipped itself under callgrind: ") +
                           skipped.what());
    } catch (const Interrupted&) {
      return true;
    }
  }
  return false;
}

}  // namespace tare::runner

#include "runner/counted_instructions.hpp"

#include <algorithm>
#include <iostream>

#include "runner/callgrind_fork.hpp"
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

bool count_instructions(results::Run& run, const std::vector<registry::Instance>& instances, const ForkPlan& plan,
                        const std::string& valgrind, bool quiet) {
  const CallgrindDirectory scratch;
  for (std::size_t i = 0; i < instances.size(); ++i) {
    results::Benchmark& b = run.benchmarks[i];
    const std::uint64_t invocations = timed_batch(b);
    if (invocations == 0) continue;  // nothing measured: nothing to count either
    if (!quiet) std::cerr << "Counting the instructions of " << b.name << " under callgrind\n";
    CallgrindPlan counting{plan.executable, valgrind, scratch.path(), invocations, false, plan.tsc_ghz,
                           plan.timeout_seconds};
    try {
      b.instruction_counts = run_callgrind_fork(instances[i], counting).counts;
    } catch (const WorkerFailure& failure) {
      b.warnings.push_back(std::string("--prof instructions: not counted under callgrind: ") + failure.what());
    } catch (const BenchmarkSkipped& skipped) {
      b.warnings.push_back(std::string("--prof instructions: the benchmark skipped itself under callgrind: ") +
                           skipped.what());
    } catch (const Interrupted&) {
      return true;
    }
  }
  return false;
}

}  // namespace tare::runner

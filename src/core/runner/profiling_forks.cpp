#include "runner/profiling_forks.hpp"

#include <algorithm>
#include <iostream>
#include <random>
#include <string>

#include "analysis/calibration.hpp"
#include "analysis/profile.hpp"
#include "analysis/slow_start.hpp"
#include "analysis/warning_severity.hpp"
#include "report/enum_names.hpp"
#include "runner/campaign.hpp"
#include "runner/worker_process.hpp"

namespace tare::runner {
namespace {

const char* what_is_counted(results::Profiler profiler) {
  return profiler == results::Profiler::alloc ? "allocations" : "perf events";
}

// A fork that did not count: the profiler's figures rest on the forks before it, if any.
void warn_not_counted(results::Benchmark& b, results::Profiler profiler, const results::Fork& fork, int counted) {
  const std::string option = std::string("--prof ") + report::profiler_name(profiler);
  const std::string outcome =
      counted > 0 ? "the figures rest on the " + std::to_string(counted) + " that counted before it" : "not counted";
  if (!fork.skipped.empty())
    analysis::warn(b, results::WarningCode::profiler,
                   option + ": the benchmark skipped itself in a counting fork, so " + outcome + ": " + fork.skipped);
  else
    analysis::warn(b, results::WarningCode::profiler, option + ": a counting fork failed, so " + outcome + ": " + fork.error);
}

bool has_fork_to_the_end(const results::Benchmark& b) {
  return std::any_of(b.forks.begin(), b.forks.end(), [](const results::Fork& f) { return f.ok; });
}

}  // namespace

bool run_profiling_forks(results::Run& run, const std::vector<registry::Instance>& instances,
                         const std::vector<ProfilingPlan>& plans, const analysis::StopRule& rule, std::uint64_t seed,
                         bool quiet) {
  // Layouts of their own, from the run's seed (not the scored forks' sequence).
  std::mt19937_64 rng(seed ^ 0x70726f66696c65ULL);
  for (const ProfilingPlan& profiling : plans) {
    for (std::size_t i = 0; i < instances.size(); ++i) {
      results::Benchmark& b = run.benchmarks[i];
      if (!has_fork_to_the_end(b)) continue;  // nothing measured: nothing to count either
      const int wanted = analysis::profiling_forks_wanted(analysis::rule_for_benchmark(*instances[i].spec, rule).min_forks);
      if (!quiet)
        std::cerr << "Counting the " << what_is_counted(profiling.profiler) << " of " << b.name << " in " << wanted
                  << (wanted == 1 ? " fork" : " forks") << " apart from the score\n";
      for (int counted = 0; counted < wanted; ++counted) {
        results::Fork fork;
        try {
          fork = run_fork(instances[i], plan_next_fork(profiling.plan, instances[i], b, rng()));
        } catch (const Interrupted&) {
          return true;
        }
        if (interrupted()) {
          if (fork.ok) b.profiling_forks.push_back({profiling.profiler, std::move(fork)});
          return true;  // Ctrl-C reaches the worker too: its death is the user's doing
        }
        const bool ok = fork.ok;
        if (!ok) warn_not_counted(b, profiling.profiler, fork, counted);
        b.profiling_forks.push_back({profiling.profiler, std::move(fork)});
        if (!ok) break;
      }
    }
  }
  return false;
}

}  // namespace tare::runner

#include "analysis/summarize.hpp"

#include <algorithm>
#include <cmath>

#include "analysis/benchmark_warnings.hpp"
#include "analysis/disturbance.hpp"
#include "analysis/drift.hpp"
#include "analysis/estimates.hpp"
#include "analysis/fork_analysis.hpp"
#include "analysis/instructions.hpp"
#include "analysis/perf_profile.hpp"
#include "analysis/profile.hpp"
#include "analysis/rates.hpp"
#include "stats/descriptive.hpp"

namespace tare::analysis {
namespace {

void counters_per_op(results::Benchmark& b, const std::vector<const results::Fork*>& forks) {
  const std::size_t n = b.counter_names.size();
  if (n == 0) return;
  std::vector<double> totals(n, 0.0);
  double ops = 0;
  for (const auto* fork : forks)
    for (const auto& s : fork->samples) {
      ops += static_cast<double>(s.ops);
      for (std::size_t i = 0; i < n && i < s.counters.size(); ++i) totals[i] += s.counters[i];
    }
  b.counters_per_op.assign(n, 0.0);
  if (ops > 0)
    for (std::size_t i = 0; i < n; ++i) b.counters_per_op[i] = totals[i] / ops;
}

void percentiles(results::Benchmark& b, const std::vector<const results::Fork*>& forks, const registry::Instance& instance) {
  if (instance.mode != Mode::sample && instance.mode != Mode::ss) return;
  // Descriptive only: the distribution of single calls, pooled over forks. Inference (the
  // CI) stays at the fork level.
  std::vector<double> calls;
  for (const auto* fork : forks)
    for (const auto& s : fork->samples) calls.push_back(sample_value(s, Mode::avgt, instance.threads));
  if (calls.empty()) return;
  for (double p : {0.0, 50.0, 90.0, 99.0, 99.9, 100.0}) b.percentiles.emplace_back(p, stats::quantile(calls, p / 100));
}

// What the profilers asked for (--prof) found, in the order they were asked for. rusage
// reads the kernel's tallies at the ends of a scored fork's measurement, which costs its
// samples nothing; alloc and perf count in forks of their own, never scored.
void add_profiles(results::Benchmark& b, const std::vector<const results::Fork*>& good,
                  const std::vector<results::Profiler>& profilers) {
  b.profile.clear();
  for (const auto profiler : profilers) {
    std::vector<results::ProfileMetric> figures;
    if (profiler == results::Profiler::rusage) figures = rusage_profile(good);
    if (profiler == results::Profiler::alloc) figures = alloc_profile(profiling_forks_of(b, profiler));
    if (profiler == results::Profiler::perf) figures = perf_profile(profiling_forks_of(b, profiler));
    // Counted once, in a worker of its own under callgrind (runner/callgrind_fork).
    if (profiler == results::Profiler::instructions && b.instruction_counts)
      figures = instructions_profile(*b.instruction_counts);
    b.profile.insert(b.profile.end(), figures.begin(), figures.end());
  }
}

}  // namespace

void summarize(results::Benchmark& b, const registry::Instance& instance, const SummaryContext& context) {
  std::vector<const results::Fork*> good;
  for (const auto& fork : b.forks)
    if (fork.ok) good.push_back(&fork);
  const auto scored = scored_forks(b);
  estimate(b, scored, instance.mode, instance.threads, context.seed ^ std::hash<std::string>{}(b.name),
           context.bootstrap && !context.checkpoint);
  measure_benchmark_drift(b, scored, instance.mode, context.run_reference_ns);
  add_rates(b);
  if (const auto disturbance = benchmark_disturbance(scored)) {
    b.disturbed_share = disturbance->share;
    b.all_samples_score = disturbance->all_samples_score;
  }
  b.score_disturbed = rests_on_disturbed_forks(b);
  counters_per_op(b, good);
  percentiles(b, good, instance);
  std::vector<double> floors;
  for (const auto* fork : good)
    if (fork->floor_ns_per_op > 0) floors.push_back(fork->floor_ns_per_op);
  if (!floors.empty()) b.floor_ns_per_op = stats::median(floors);
  if (instance.spec->body->times_each_invocation()) b.timer_cost_ns_per_op = b.floor_ns_per_op;
  add_profiles(b, good, context.profilers);
  add_warnings(b, instance, scored, context);
}

}  // namespace tare::analysis

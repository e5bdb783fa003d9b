#include "runner/drift.hpp"

#include <algorithm>

#include "stats/descriptive.hpp"
#include "stats/interval.hpp"

namespace tare::runner {
namespace {

// (max - min) / median: the range, because the question is "how far apart were the
// slowest and the fastest moments", in the same terms as a CI's width.
double relative_range(const std::vector<double>& xs) {
  const auto [lo, hi] = std::minmax_element(xs.begin(), xs.end());
  const double mid = stats::median(xs);
  return mid > 0 ? (*hi - *lo) / mid : 0;
}

}  // namespace

// The faster of the two timings: a transient disturbance (an interrupt, a neighbour's
// burst) only ever slows one reading down, while drift, being slow, shows in both.
double reference_ns(const results::Fork& fork) {
  const double before = fork.reference_before_ns, after = fork.reference_after_ns;
  if (before > 0 && after > 0) return std::min(before, after);
  return std::max(before, after);
}

void measure_run_drift(results::Run& run) {
  std::vector<double> references;
  for (const auto& b : run.benchmarks)
    for (const auto& f : b.forks)
      if (f.ok && reference_ns(f) > 0) references.push_back(reference_ns(f));
  if (references.empty()) return;
  run.context.reference_ns = stats::median(references);
  if (references.size() >= 2) run.context.drift = relative_range(references);
}

void measure_benchmark_drift(results::Benchmark& b, const std::vector<const results::Fork*>& forks, Mode mode,
                             double run_reference_ns) {
  if (run_reference_ns <= 0) return;
  std::vector<double> references, normalized;
  for (const auto* f : forks) {
    const double r = reference_ns(*f);
    if (r <= 0) continue;
    references.push_back(r);
    // A fork on a machine running 3% slow has reference time 1.03x the run's: its times
    // are divided by 1.03 (its throughput multiplied by it).
    const double slowness = r / run_reference_ns;
    normalized.push_back(mode == Mode::thrpt ? f->mean * slowness : f->mean / slowness);
  }
  if (references.size() < 2) return;
  results::Drift drift;
  drift.movement = relative_range(references);
  const auto ci = stats::mean_interval(normalized);
  drift.normalized_score = ci.mean;
  drift.normalized_ci = results::Interval{ci.level, ci.low, ci.high};
  b.drift = drift;
}

}  // namespace tare::runner

#include "analysis/drift.hpp"

#include <algorithm>
#include <cmath>

#include "stats/descriptive.hpp"
#include "stats/interval.hpp"

namespace tare::analysis {
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

std::optional<DriftEffect> drift_effect(const std::vector<const results::Fork*>& forks, Mode mode) {
  // Logs: a machine 10% slow makes a sensitive benchmark 10% slow whatever its speed.
  std::vector<double> x, y;
  for (const auto* f : forks)
    if (reference_ns(*f) > 0 && f->mean > 0) {
      x.push_back(std::log(reference_ns(*f)));
      y.push_back(mode == Mode::thrpt ? -std::log(f->mean) : std::log(f->mean));
    }
  const std::size_t n = x.size();
  if (n < 3) return std::nullopt;
  // Theil-Sen: the median of the slopes between every two forks, robust to the reference
  // readings a transient neighbour slowed and to forks disturbed throughout (least squares
  // on such data is pulled towards 0 or anywhere).
  std::vector<double> slopes;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (x[j] != x[i]) slopes.push_back((y[j] - y[i]) / (x[j] - x[i]));
  if (slopes.empty()) return std::nullopt;
  std::sort(slopes.begin(), slopes.end());
  DriftEffect effect;
  effect.sensitivity = stats::median(slopes);
  // Sen's (1968) distribution-free bound: Kendall's S has variance n(n-1)(2n+5)/18 when
  // the benchmark does not follow the reference, so the slope ranked (N - z sqrt(var)) / 2
  // from the bottom is a one-sided 95% lower bound.
  const auto nd = static_cast<double>(n);
  const double spread = 1.6449 * std::sqrt(nd * (nd - 1) * (2 * nd + 5) / 18);
  const double rank = std::floor((static_cast<double>(slopes.size()) - spread) / 2);
  if (rank >= 1) effect.sensitivity_low = std::max(0.0, slopes[static_cast<std::size_t>(rank) - 1]);
  const double mx = stats::mean(x);
  const auto [lo, hi] = std::minmax_element(x.begin(), x.end());
  // Back from logs: exp(b * d) - 1 is the relative change.
  effect.shift = std::expm1(effect.sensitivity_low * std::max(*hi - mx, mx - *lo));
  return effect;
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

}  // namespace tare::analysis

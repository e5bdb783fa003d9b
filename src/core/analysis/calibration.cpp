#include "analysis/calibration.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "stats/descriptive.hpp"

namespace tare::analysis {

double target_sample_ns(double clock_resolution_ns, double clock_overhead_ns, double measure_ns) {
  const double least = std::min(kLeastSampleNs, measure_ns / kShortForkSamples);
  return std::clamp(1000.0 * (clock_resolution_ns + clock_overhead_ns), least, kMostSampleNs);
}

std::optional<std::uint64_t> BatchCalibrator::next(std::uint64_t invocations, double elapsed_ns) const {
  if (elapsed_ns >= target_ns_ * 2 / 3 || invocations >= max_invocations_) return std::nullopt;
  double proposal;
  if (elapsed_ns < target_ns_ / 10) {
    // Too short to extrapolate from: the reading is dominated by clock granularity.
    proposal = static_cast<double>(invocations) * 10;
  } else {
    // Aim a little past the target so the accepted batch is not just under it.
    proposal = std::ceil(static_cast<double>(invocations) * target_ns_ * 1.1 / elapsed_ns);
  }
  const auto grown = static_cast<std::uint64_t>(std::min(proposal, static_cast<double>(max_invocations_)));
  return std::max(grown, invocations + 1);
}

// The median of the last five, so that one disturbed sample does not halve (or double) the
// number of samples the measurement takes; of the last batch size only (a warmup as short as
// one sample leaves calibration samples of smaller batches among the last five).
results::Sample typical_recent(const std::vector<results::Sample>& warmup) {
  std::size_t k = 0;
  while (k < 5 && k < warmup.size() && warmup[warmup.size() - 1 - k].ops == warmup.back().ops) ++k;
  std::vector<results::Sample> recent(warmup.end() - static_cast<std::ptrdiff_t>(k), warmup.end());
  std::nth_element(recent.begin(), recent.begin() + static_cast<std::ptrdiff_t>(k / 2), recent.end(),
                   [](const results::Sample& a, const results::Sample& b) { return a.ns < b.ns; });
  return recent[k / 2];
}

double wall_span_ns(const results::Sample& s) { return std::max(s.span_ns, s.ns); }

double typical_span_ns(const std::vector<results::Sample>& samples) {
  std::vector<double> spans;
  for (auto s = samples.rbegin(); s != samples.rend() && spans.size() < 5 && s->ops == samples.back().ops; ++s)
    spans.push_back(wall_span_ns(*s));
  // The middle one, the greater of two (as typical_recent picks).
  const auto middle = spans.begin() + static_cast<std::ptrdiff_t>(spans.size() / 2);
  std::nth_element(spans.begin(), middle, spans.end());
  return *middle;
}

double per_invocation_ns(const results::Sample& s, std::uint64_t ops_per_invocation, int threads) {
  const double invocations = static_cast<double>(s.ops) / static_cast<double>(ops_per_invocation * threads);
  return invocations > 0 ? s.ns / invocations : s.ns;
}

std::uint64_t batches_to_measure(const std::vector<results::Sample>& warmup, const MeasurementPlan& plan) {
  const double sample_ns = std::max(typical_span_ns(warmup), 1.0);
  const auto least = static_cast<double>(plan.min_samples);
  const double most = plan.measures_nothing ? std::max(least, kSamplesOfNothing) : 10000.0;
  return static_cast<std::uint64_t>(std::clamp(plan.measure_ns / sample_ns, least, most));
}

std::uint64_t calls_to_measure(const std::vector<results::Sample>& warmup, const MeasurementPlan& plan,
                               std::uint64_t ops_per_invocation, int threads) {
  const double call_ns = per_invocation_ns(typical_recent(warmup), ops_per_invocation, threads);
  const auto least = static_cast<double>(plan.min_samples);
  return static_cast<std::uint64_t>(std::clamp(plan.measure_ns / (call_ns + 2000.0), least, 20000.0));
}

bool first_sample_serves(const results::Sample& first, const FirstSampleBounds& bounds, int threads) {
  const bool old_enough = bounds.warmup_until_age_ns <= 0 || first.age_ns >= bounds.warmup_until_age_ns;
  // The sample's time is the mean over its threads; its waits are their sum.
  const double waited = std::max(first.wait_ns, 0.0) / std::max(threads, 1);
  return old_enough && first.ns - waited >= std::max(bounds.measure_ns, bounds.warmup_max_ns);
}

double invocation_ns(const std::vector<results::Fork>& forks, std::uint64_t ops_per_invocation, int threads) {
  for (auto fork = forks.rbegin(); fork != forks.rend(); ++fork) {
    if (!fork->ok || fork->samples.empty()) continue;
    std::vector<double> times;
    for (const auto& s : fork->samples)
      if (s.ops > 0) times.push_back(per_invocation_ns(s, ops_per_invocation, threads));
    if (!times.empty()) return stats::median(times);
  }
  return 0;
}

}  // namespace tare::analysis

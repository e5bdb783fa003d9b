#include "analysis/disturbance.hpp"

#include <algorithm>

#include "analysis/fork_analysis.hpp"
#include "stats/descriptive.hpp"

namespace tare::analysis {

std::optional<bool> is_disturbed(const results::Sample& sample, int threads) {
  const double limit = kDisturbedWaitShare * sample.ns * threads;
  if (sample.stolen_ns > limit) return true;
  if (sample.wait_ns < 0) return std::nullopt;
  return sample.wait_ns > limit;
}

bool too_disturbed(const results::Fork& fork) {
  if (fork.disturbed_samples < 0) return false;  // waits unknown
  const auto left_alone = static_cast<std::size_t>(static_cast<int>(fork.samples.size()) - fork.disturbed_samples);
  return left_alone < std::min(kFewestUndisturbed, fork.samples.size());
}

bool mostly_disturbed(const std::vector<results::Sample>& samples, std::size_t window, int threads) {
  if (samples.size() < window || window == 0) return false;
  const std::vector<results::Sample> recent(samples.end() - static_cast<std::ptrdiff_t>(window), samples.end());
  const auto disturbed = count_disturbed(recent, threads);
  return disturbed && 3 * static_cast<std::size_t>(*disturbed) >= window;
}

std::optional<int> count_disturbed(const std::vector<results::Sample>& samples, int threads) {
  int disturbed = 0;
  for (const auto& s : samples) {
    const auto d = is_disturbed(s, threads);
    if (!d) return std::nullopt;
    disturbed += *d ? 1 : 0;
  }
  return disturbed;
}

std::vector<const results::Sample*> scored_samples(const std::vector<results::Sample>& samples, int threads) {
  std::vector<const results::Sample*> all, undisturbed;
  all.reserve(samples.size());
  bool known = true;
  for (const auto& s : samples) {
    all.push_back(&s);
    const auto disturbed = is_disturbed(s, threads);
    known = known && disturbed.has_value();
    if (known && !*disturbed) undisturbed.push_back(&s);
  }
  return known && undisturbed.size() >= kFewestUndisturbed ? undisturbed : all;
}

std::vector<double> scored_values(const std::vector<results::Sample>& samples, Mode mode, int threads) {
  std::vector<double> values;
  for (const auto* s : scored_samples(samples, threads)) values.push_back(sample_value(*s, mode, threads));
  return values;
}

PairedValues paired_scored_values(const std::vector<results::Sample>& first, const std::vector<results::Sample>& second,
                                  Mode mode, int threads) {
  PairedValues values{scored_values(first, mode, threads), scored_values(second, mode, threads)};
  // A side that kept every sample although some were disturbed (too few others) puts both
  // on all their samples.
  const auto fell_back = [&](const std::vector<double>& kept, const std::vector<results::Sample>& samples) {
    return kept.size() == samples.size() && count_disturbed(samples, threads).value_or(0) > 0;
  };
  if (!fell_back(values.first, first) && !fell_back(values.second, second)) return values;
  values.first.clear();
  values.second.clear();
  for (const auto& s : first) values.first.push_back(sample_value(s, mode, threads));
  for (const auto& s : second) values.second.push_back(sample_value(s, mode, threads));
  return values;
}

std::optional<BenchmarkDisturbance> benchmark_disturbance(const std::vector<const results::Fork*>& forks) {
  double samples = 0, disturbed = 0;
  std::vector<double> all_means;
  for (const auto* fork : forks) {
    if (fork->disturbed_samples < 0) return std::nullopt;
    samples += static_cast<double>(fork->samples.size());
    disturbed += fork->disturbed_samples;
    all_means.push_back(fork->all_samples_mean.value_or(fork->mean));
  }
  if (samples == 0) return std::nullopt;
  return BenchmarkDisturbance{disturbed / samples, stats::mean(all_means)};
}

}  // namespace tare::analysis

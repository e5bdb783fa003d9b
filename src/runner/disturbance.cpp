#include "runner/disturbance.hpp"

#include "runner/fork_analysis.hpp"
#include "stats/descriptive.hpp"

namespace tare::runner {

std::optional<bool> is_disturbed(const results::Sample& sample, int threads) {
  if (sample.wait_ns < 0) return std::nullopt;
  return sample.wait_ns > kDisturbedWaitShare * sample.ns * threads;
}

std::optional<ForkDisturbance> fork_disturbance(const std::vector<results::Sample>& samples, Mode mode, int threads) {
  ForkDisturbance fork;
  std::vector<double> undisturbed;
  for (const auto& s : samples) {
    const auto disturbed = is_disturbed(s, threads);
    if (!disturbed) return std::nullopt;
    if (*disturbed) ++fork.disturbed;
    else undisturbed.push_back(sample_value(s, mode, threads));
  }
  if (!undisturbed.empty()) fork.undisturbed_mean = stats::mean(undisturbed);
  return fork;
}

std::optional<BenchmarkDisturbance> benchmark_disturbance(const std::vector<const results::Fork*>& forks) {
  double samples = 0, disturbed = 0;
  std::vector<double> means;
  bool every_fork_has_one = true;
  for (const auto* fork : forks) {
    if (fork->disturbed_samples < 0) return std::nullopt;
    samples += static_cast<double>(fork->samples.size());
    disturbed += fork->disturbed_samples;
    if (fork->undisturbed_mean) means.push_back(*fork->undisturbed_mean);
    else every_fork_has_one = false;
  }
  if (samples == 0) return std::nullopt;
  BenchmarkDisturbance b;
  b.share = disturbed / samples;
  if (every_fork_has_one && !means.empty()) b.undisturbed_score = stats::mean(means);
  return b;
}

}  // namespace tare::runner

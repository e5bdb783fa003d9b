#pragma once

// Experiment planning after Kalibera & Jones: given the variance components of a pilot run
// and what forks and samples cost, how many forks and samples per fork reach a target
// precision of the mean. Samples inside a fork only average out within-fork noise; the
// fork-to-fork component T2² shrinks only with more forks, which is why both counts matter.

#include <cstddef>
#include <string>

namespace tare::stats {

struct PlanInput {
  double mean = 0;  // the benchmark's score (unit)
  // Per-sample variance (unit²); the long-run variance when samples are dependent.
  double within_variance = 0;
  double between_variance = 0;  // T2², between forks (unit²); may be negative (→ 0)
  double sample_cost_ns = 0;  // wall time of one sample
  // Fixed cost of one fork: start, setup, calibration, warmup, teardown (excluding its
  // samples).
  double fork_cost_ns = 0;
  double target_relative_half_width = 0.01;
  double budget_ns = 60e9;  // machine time allowed
  double level = 0.95;
  std::size_t min_forks = 5, max_forks = 100000;
  std::size_t min_samples = 5, max_samples = 100000;  // per fork
};

struct Plan {
  std::size_t samples_per_fork = 0;
  std::size_t forks = 0;
  // Predicted variance of one fork's mean: max(T2², 0) + within / samples.
  double fork_mean_variance = 0;
  // t(level, forks−1) · sqrt(fork_mean_variance / forks) / |mean|.
  double predicted_relative_half_width = 0;
  double predicted_ns = 0;  // forks × (fork_cost + samples × sample_cost)
  bool target_reached = false;  // the target is met within the budget
  std::string limited_by;  // "", "budget", "max-forks"
};

// Samples per fork from the K&J optimal ratio r1 = ceil(sqrt((c2/c1)·(T1²/T2²))) (via
// optimal_repetitions_exact; T2² ≤ 0 → max_samples; T1² ≤ 0 → min_samples), clamped to
// [min_samples, max_samples], but never more than min_forks forks need to meet the target
// on their own (the ratio says how to split effort, not how much), nor more than the budget
// pays for at min_forks; then the fewest forks ≥ min_forks whose predicted half-width
// meets the target (the t quantile depends on the count, so search); when that costs more
// than the budget, the most forks the budget allows (at least min_forks) and limited_by =
// "budget"; beyond max_forks → max_forks, "max-forks". Invalid input (mean 0, non-finite,
// costs ≤ 0): forks = 0.
// Details: the ratio minimises variance per unit cost whatever the budget, so a binding
// budget cuts forks, and samples only once forks are at their minimum. When the target needs more than max_forks and even
// max_forks overrun the budget, the budget is what binds ("budget"). At least
// max(min_forks, 2) forks (the t interval needs two) and max(min_samples, 1) samples are
// planned; when the budget cannot pay for them, predicted_ns exceeds budget_ns. A negative
// within variance counts as 0, like T2². Also invalid (forks = 0): target <= 0, budget < 0,
// level outside (0, 1), min_samples > max_samples, max(min_forks, 2) > max_forks.
Plan plan_repetitions(const PlanInput& input);

}  // namespace tare::stats

#include "stats/planning.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "stats/hierarchy.hpp"
#include "stats/interval.hpp"

namespace tare::stats {

namespace {

bool is_valid(const PlanInput& in) {
  const std::array<double, 8> values = {in.mean, in.within_variance, in.between_variance,
                                        in.sample_cost_ns, in.fork_cost_ns,
                                        in.target_relative_half_width, in.budget_ns, in.level};
  if (!std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); })) {
    return false;
  }
  return in.mean != 0.0 && in.sample_cost_ns > 0.0 && in.fork_cost_ns > 0.0 &&
         in.target_relative_half_width > 0.0 && in.budget_ns >= 0.0 && in.level > 0.0 &&
         in.level < 1.0 && std::max<std::size_t>(in.min_samples, 1) <= in.max_samples &&
         std::max<std::size_t>(in.min_forks, 2) <= in.max_forks;
}

// ceil(r) clamped to [lo, hi]; compared in double first because r may be +infinity.
std::size_t clamp_count(double r, std::size_t lo, std::size_t hi) {
  const double up = std::ceil(r);
  if (!(up < static_cast<double>(hi))) return hi;
  if (!(up > static_cast<double>(lo))) return lo;
  return static_cast<std::size_t>(up);
}

// Samples per fork: the optimal ratio, then no more than the minimum forks need to meet the
// target, then no more than the budget pays for at the minimum forks.
std::size_t choose_samples_per_fork(const PlanInput& in, std::size_t min_samples, std::size_t min_forks) {
  // Level 1 = samples, level 2 = forks; the helper already maps T1² <= 0 to 1 and
  // T2² <= 0 to +infinity, which the clamp turns into min_samples / max_samples.
  const std::array<double, 2> t2 = {in.within_variance, in.between_variance};
  const std::array<double, 2> costs = {in.sample_cost_ns, in.fork_cost_ns};
  const double ratio = optimal_repetitions_exact(t2, costs).front();
  std::size_t samples = clamp_count(ratio, min_samples, in.max_samples);

  const double within = std::max(in.within_variance, 0.0);
  const double between = std::max(in.between_variance, 0.0);
  // The ratio says how to split effort, not how much is needed: when few forks already meet
  // the target (small or undetectable T2², where the ratio runs to max_samples), no more
  // samples than the minimum forks need for it.
  {
    const auto f = static_cast<double>(min_forks);
    const double t = student_t_quantile(0.5 + in.level / 2.0, f - 1.0);
    const double room = f * std::pow(in.target_relative_half_width * std::abs(in.mean), 2) - between * t * t;
    if (room > 0) samples = std::min(samples, clamp_count(within * t * t / room, min_samples, in.max_samples));
  }
  // A budget that cannot pay for the minimum forks cuts samples, down to the minimum.
  {
    const double per_fork = in.budget_ns / static_cast<double>(min_forks) - in.fork_cost_ns;
    const double affordable = std::floor(per_fork / in.sample_cost_ns);
    if (affordable < static_cast<double>(samples))
      samples = affordable > static_cast<double>(min_samples) ? static_cast<std::size_t>(affordable) : min_samples;
  }
  return samples;
}

// The predicted relative half-width of the mean over a number of forks, each of a given
// variance of its mean.
class HalfWidthModel {
 public:
  HalfWidthModel(const PlanInput& in, double fork_variance)
      : p_(0.5 + in.level / 2.0), abs_mean_(std::abs(in.mean)), fork_variance_(fork_variance) {}

  double operator()(std::size_t forks) const {
    const auto f = static_cast<double>(forks);
    return student_t_quantile(p_, f - 1.0) * std::sqrt(fork_variance_ / f) / abs_mean_;
  }

 private:
  double p_;
  double abs_mean_;
  double fork_variance_;
};

// half_width falls strictly with the fork count (both t and 1/sqrt(f) shrink), so the
// fewest forks meeting the target are found by bisection: ~17 t quantiles at most.
std::size_t fewest_forks_meeting_target(const HalfWidthModel& half_width, double target, std::size_t min_forks,
                                        std::size_t max_forks) {
  std::size_t forks = max_forks;
  std::size_t lo = min_forks;
  while (lo < forks) {
    const std::size_t mid = lo + (forks - lo) / 2;
    if (half_width(mid) <= target) {
      forks = mid;
    } else {
      lo = mid + 1;
    }
  }
  return forks;
}

// The most forks the budget pays for, at least min_forks; called when `forks` overrun it.
std::size_t forks_within_budget(std::size_t forks, double fork_ns, double budget_ns, std::size_t min_forks) {
  // The quotient is below `forks` here, so the cast is in range; the min() guards the
  // rounding case where the division lands on `forks` although the product overran.
  const double affordable = std::floor(budget_ns / fork_ns);
  const std::size_t budget_forks =
      affordable < static_cast<double>(forks) ? static_cast<std::size_t>(affordable) : forks - 1;
  return std::max(budget_forks, min_forks);
}

}  // namespace

Plan plan_repetitions(const PlanInput& in) {
  Plan plan;
  if (!is_valid(in)) return plan;
  const std::size_t min_samples = std::max<std::size_t>(in.min_samples, 1);
  const std::size_t min_forks = std::max<std::size_t>(in.min_forks, 2);
  const std::size_t samples = choose_samples_per_fork(in, min_samples, min_forks);

  const double within = std::max(in.within_variance, 0.0);
  const double between = std::max(in.between_variance, 0.0);
  const double fork_variance = between + within / static_cast<double>(samples);
  const double fork_ns = in.fork_cost_ns + static_cast<double>(samples) * in.sample_cost_ns;
  const HalfWidthModel half_width(in, fork_variance);
  const double target = in.target_relative_half_width;

  std::size_t forks = in.max_forks;
  if (half_width(in.max_forks) > target) {
    plan.limited_by = "max-forks";
  } else {
    forks = fewest_forks_meeting_target(half_width, target, min_forks, in.max_forks);
  }
  if (static_cast<double>(forks) * fork_ns > in.budget_ns) {
    forks = forks_within_budget(forks, fork_ns, in.budget_ns, min_forks);
    plan.limited_by = "budget";
  }

  plan.samples_per_fork = samples;
  plan.forks = forks;
  plan.fork_mean_variance = fork_variance;
  plan.predicted_relative_half_width = half_width(forks);
  plan.predicted_ns = static_cast<double>(forks) * fork_ns;
  plan.target_reached =
      plan.predicted_relative_half_width <= target && plan.predicted_ns <= in.budget_ns;
  return plan;
}

}  // namespace tare::stats

#include "ab/ab_progress.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace tare::ab {

std::size_t most_pairs(const PairPlan& plan, double seconds_per_pair) {
  if (plan.fixed_pairs > 0) return plan.fixed_pairs;
  const auto& looks = plan.design.looks;
  if (looks.empty()) return 0;
  std::size_t units = looks.front();
  // The look after k units is run only when its units fit the budget at the pace so far
  // (next_look_fits); at a steady pace, the last look that fits is where it stops.
  for (const std::size_t look : looks)
    if (!(seconds_per_pair > 0) || seconds_per_pair * static_cast<double>(look * plan.pairs_per_unit) <= plan.budget_seconds)
      units = std::max(units, look);
  return units * plan.pairs_per_unit;
}

double seconds_per_pair(const AbStanding& standing) {
  if (standing.pairs_done > 0) return standing.benchmark_seconds / static_cast<double>(standing.pairs_done);
  return std::max(standing.earlier_seconds_per_pair, 0.0);
}

std::optional<double> ab_seconds_left(const PairPlan& plan, const AbStanding& standing) {
  const double pace = seconds_per_pair(standing);
  if (!(pace > 0)) return std::nullopt;
  const std::size_t now_most = most_pairs(plan, pace);
  const double now_left = static_cast<double>(now_most - std::min(now_most, standing.pairs_done)) * pace;
  const std::size_t later = standing.benchmarks - std::min(standing.benchmarks, standing.benchmark + 1);
  return now_left + static_cast<double>(later * now_most) * pace;
}

std::string pair_count_text(const PairPlan& plan, const AbStanding& standing) {
  const std::size_t most = most_pairs(plan, seconds_per_pair(standing));
  return fmt::format("pair {} of {}{}", standing.pairs_done + 1, plan.fixed_pairs > 0 ? "" : "at most ", most);
}

}  // namespace tare::ab

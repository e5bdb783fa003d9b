// When to stop adding forks to a benchmark: once the 95% CI over fork means is as narrow
// as asked (with at least the minimum number of forks), or its time budget is spent.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tare::runner {

struct StopRule {
  int min_forks = 5;
  int max_forks = 100;
  double target_relative_half_width = 0.01;
  double budget_ns = 5e9;
};

/// nullopt to go on; otherwise why to stop: "target-ci", "budget" or "max-forks".
std::optional<std::string> stop_reason(const std::vector<double>& fork_means, double spent_ns, const StopRule& rule);

}  // namespace tare::runner

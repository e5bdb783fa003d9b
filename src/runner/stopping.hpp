// When to stop adding forks to a benchmark: once the 95% CI over the scored forks' means is
// as narrow as asked (with at least the minimum number of them), once the fork limit is
// reached, or once its time budget is spent.
#pragma once

#include <cstddef>
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
/// `scored_means`: the means of the forks the score rests on; `forks_run`: every fork run,
/// scored or not (a fork left out of the score still counts against --max-forks, which
/// caps the processes started, as `tare plan`'s fixed designs rely on).
std::optional<std::string> stop_reason(const std::vector<double>& scored_means, std::size_t forks_run,
                                       double spent_ns, const StopRule& rule);

}  // namespace tare::runner

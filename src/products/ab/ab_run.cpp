#include "ab/ab_run.hpp"

#include <fmt/format.h>

#include "analysis/slow_start.hpp"

namespace tare::ab {

void AbRun::show(const std::string& what) {
  line.update(fmt::format("[benchmark {}/{}, {}] {}", benchmark + 1, benchmarks, runner::clock_text(line.elapsed_seconds()),
                          what));
}

void AbRun::show_pair(const std::string& name, std::size_t pairs_done, double benchmark_seconds,
                      const std::string& detail) {
  const AbStanding standing{benchmark, benchmarks, pairs_done, benchmark_seconds,
                            earlier_pairs > 0 ? earlier_seconds / static_cast<double>(earlier_pairs) : 0};
  const auto left = ab_seconds_left(plan, standing);
  line.update(fmt::format("[benchmark {}/{}, {}{}] {}: {}{}", benchmark + 1, benchmarks,
                          runner::clock_text(line.elapsed_seconds()),
                          left ? ", ~" + runner::clock_text(*left) + " left" : "", name,
                          pair_count_text(plan, standing), detail));
}

void AbRun::benchmark_done(const compare::CompareRow& row, double pairs_seconds) {
  earlier_pairs += row.pairs.size();
  earlier_seconds += pairs_seconds;
  const std::string outcome =
      row.problem.empty()
          ? fmt::format("{} pairs, NEW/BASE {:.3f} [{:.3f}, {:.3f}]", row.pairs.size(), row.ratio.estimate, row.ratio.low,
                        row.ratio.high)
          : "not compared: " + row.problem;
  line.milestone(fmt::format("[benchmark {}/{}, {}] {}: done, {}", benchmark + 1, benchmarks,
                             runner::clock_text(line.elapsed_seconds()), row.name, outcome));
}

}  // namespace tare::ab

namespace tare::ab {

PairWatch pair_watch(const AbOptions& options, const compare::CompareRow& row) {
  PairWatch watch;
  watch.horizon_ns = options.warmup_max_ms * 1e6;
  watch.to_horizon = row.pairs.empty();
  if (row.slow_start && row.slow_start->warmup_ms > 0)
    watch.until_age_ns = analysis::kSlowStartMargin * row.slow_start->warmup_ms * 1e6;
  return watch;
}

}  // namespace tare::ab

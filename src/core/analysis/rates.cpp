#include "analysis/rates.hpp"

#include "results/headline_interval.hpp"

namespace tare::analysis {

std::optional<results::Rate> rate_per_second(double amount_per_op, const std::optional<double>& score,
                                             const std::optional<results::Interval>& ci, Mode mode) {
  if (!(amount_per_op > 0) || !score || !(*score > 0)) return std::nullopt;
  results::Rate rate;
  if (mode == Mode::thrpt) {
    rate.value = amount_per_op * *score;
    if (ci) rate.ci = results::Interval{ci->level, amount_per_op * ci->low, amount_per_op * ci->high};
    return rate;
  }
  // A time per operation: the rate falls as the time rises, so the bounds swap.
  const double per_second = amount_per_op * 1e9;
  rate.value = per_second / *score;
  if (ci && ci->low > 0) rate.ci = results::Interval{ci->level, per_second / ci->high, per_second / ci->low};
  return rate;
}

void add_rates(results::Benchmark& b) {
  // The rate's interval is the score's headline turned, so that a rate and its score read
  // alike (both across runs, or both this run's own).
  std::optional<results::Interval> ci;
  if (const auto headline = results::headline_interval(b)) ci = headline->interval;
  b.items_per_second = rate_per_second(b.items_per_op, b.score, ci, b.mode);
  b.bytes_per_second = rate_per_second(b.bytes_per_op, b.score, ci, b.mode);
}

}  // namespace tare::analysis

// Items and bytes per second (Group::items_per_op, bytes_per_op), from a benchmark's score.
#pragma once

#include <optional>

#include "results/results.hpp"
#include "tare/mode.hpp"

namespace tare::analysis {

/// `amount_per_op` per second at a score in `mode`'s unit: ns per operation (per thread,
/// as the score), or operations per second in thrpt. The interval is the score's turned the
/// same way; none where a time's bound is not positive. Absent without an amount or a score.
std::optional<results::Rate> rate_per_second(double amount_per_op, const std::optional<double>& score,
                                             const std::optional<results::Interval>& ci, Mode mode);

/// Fills the benchmark's items_per_second and bytes_per_second from its score, their
/// intervals from the score's headline interval (results::headline_interval).
void add_rates(results::Benchmark& b);

}  // namespace tare::analysis

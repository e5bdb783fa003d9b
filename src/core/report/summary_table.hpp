// The console reporter's main table: one row per benchmark with its score, uncertainty
// and how much evidence backs it.
#pragma once

#include <optional>
#include <string>

#include "report/sparkline.hpp"
#include "report/table.hpp"
#include "results/results.hpp"

namespace tare::report::detail {

/// Columns: Benchmark, Mode, Score (+unit), ± CI (+unit, same scale as the score), ± %,
/// Forks, Samples, with `plot` the fork means as a sparkline, and a warnings marker ("⚠ 2")
/// when any benchmark has warnings.
Table summary_table(const results::Run& run, std::optional<Glyphs> plot = std::nullopt);

/// The line under the table that names the interval in ± CI and ± % (report::headline_interval):
/// across runs, or this run's only; nullopt when no row shows an interval.
std::optional<std::string> interval_legend(const results::Run& run);

/// Whether the table shows the benchmark's score as "~value", without an interval: it mixes
/// speeds (two modes, forks without a steady state) or counts other work's time.
bool score_shown_approximate(const results::Benchmark& b);

}  // namespace tare::report::detail

// The console reporter's main table: one row per benchmark with its score, uncertainty
// and how much evidence backs it.
#pragma once

#include <optional>

#include "report/sparkline.hpp"
#include "report/table.hpp"
#include "results/results.hpp"

namespace tare::report::detail {

/// Columns: Benchmark, Mode, Score (+unit), ± CI (+unit, same scale as the score), ± %,
/// Forks, Samples, with `plot` the fork means as a sparkline, and a warnings marker ("⚠ 2")
/// when any benchmark has warnings.
Table summary_table(const results::Run& run, std::optional<Glyphs> plot = std::nullopt);

/// Whether the table shows the benchmark's score as "~value", without an interval: it mixes
/// speeds (two modes, forks without a steady state) or counts other work's time.
bool score_shown_approximate(const results::Benchmark& b);

}  // namespace tare::report::detail

// The human-readable report: an aligned table of estimates with their uncertainty, then
// the details a careful reader needs to trust or distrust them (failures, warnings,
// counters, percentiles, the environment).
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "report/sparkline.hpp"
#include "results/results.hpp"

namespace tare::report {

struct ConsoleOptions {
  bool color = false;  ///< ANSI colours: bold names, yellow warnings, red failures
  /// The fork means of each benchmark as a sparkline in the table, in these glyphs; none
  /// without (--no-plot).
  std::optional<Glyphs> plot;
  /// Every warning in full under its benchmark, acknowledged ones too; by default notes
  /// and machine-level warnings are one line per kind for the run.
  bool verbose = false;
};

void write_console(const results::Run& run, std::ostream& out, const ConsoleOptions& options = {});

/// A duration with 3 significant digits on the scale that suits it:
/// "12.3 ns", "4.56 µs", "1.23 ms", "2.00 s" ("n/a" when not finite).
std::string format_duration_ns(double ns);

/// A score in its unit, rescaled for reading: ns/op-like units become "4.56 µs/op",
/// ops/s-like units "1.23 Mops/s"; other units are kept. 3 significant digits (4 when a
/// value outgrows the largest prefix, e.g. "1234 s/op"); "n/a" when not finite.
std::string format_score(double value, const std::string& unit);

}  // namespace tare::report

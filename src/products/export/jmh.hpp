// tare's results as JMH's result JSON (what `java -jar benchmarks.jar -rf json` writes), so
// the tools made for JMH read them: JMH Visualizer, github-action-benchmark's "jmh" tool,
// Jenkins' JMH report. docs/results.md ("Exporting") gives the field mapping.
#pragma once

#include <ostream>
#include <vector>

#include "results/results.hpp"

namespace tare::exports {

/// An array with one object per benchmark that has an estimate, in run order, indented by
/// 4 spaces as JMH writes it; a number JMH could not compute is the string "NaN", as JMH
/// writes it.
void write_jmh(const results::Run& run, std::ostream& out);

/// The percentile JMH reports for `p` in [0, 100] of `values` (sorted ascending, not
/// empty): position p/100 * (n + 1), interpolated linearly, clamped to the ends.
double jmh_percentile(const std::vector<double>& sorted, double p);

}  // namespace tare::exports

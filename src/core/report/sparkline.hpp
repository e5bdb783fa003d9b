// A row of the console table drawn as a tiny chart: the fork means in run order, one
// character each, so that a drift across forks, a fork apart from the rest or two modes
// show at a glance beside the interval they make.
#pragma once

#include <string>
#include <vector>

namespace tare::report {

/// Block characters (▁▂▃▄▅▆▇█) where the terminal takes UTF-8, else ASCII (_.-:=+*#).
enum class Glyphs { unicode, ascii };

/// One character per value, low to high. The height spans the values' range, but never
/// less than `least_relative_range` of their mean: forks that agree to within it draw a
/// flat line rather than noise blown up to full height. Empty with fewer than two values.
std::string sparkline(const std::vector<double>& values, Glyphs glyphs, double least_relative_range = 0.01);

}  // namespace tare::report

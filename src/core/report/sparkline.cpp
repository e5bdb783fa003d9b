#include "report/sparkline.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tare::report {
namespace {

constexpr const char* kBlocks[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
constexpr const char kAscii[] = "_.-:=+*#";
constexpr int kLevels = 8;

// The row of `value`: the values' range spread over the eight rows; a spread narrower than
// the least range drawn at that range's scale around the fourth row, so that forks which
// agree draw a flat line.
int level_of(double value, double low, double high, double least_range) {
  if (high - low >= least_range && high > low)
    return std::clamp(static_cast<int>(std::floor((value - low) / (high - low) * kLevels)), 0, kLevels - 1);
  const double offset = least_range > 0 ? (value - (low + high) / 2) / least_range * kLevels : 0;
  return std::clamp(3 + static_cast<int>(std::lround(offset)), 0, kLevels - 1);
}

}  // namespace

std::string sparkline(const std::vector<double>& values, Glyphs glyphs, double least_relative_range) {
  if (values.size() < 2) return "";
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  const double mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
  const double least_range = least_relative_range * std::abs(mean);
  std::string line;
  for (const double value : values) {
    const int level = level_of(value, *low, *high, least_range);
    if (glyphs == Glyphs::unicode) line += kBlocks[level];
    else line += kAscii[level];
  }
  return line;
}

}  // namespace tare::report

#include "html/scales.hpp"

#include <algorithm>
#include <cmath>

namespace tare::html {

double quantile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const double position = p * static_cast<double>(values.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, values.size() - 1);
  return values[below] + (position - static_cast<double>(below)) * (values[above] - values[below]);
}

Beyond beyond(const std::vector<double>& values, Range range) {
  Beyond counted;
  for (const double v : values) {
    counted.below += v < range.low ? 1 : 0;
    counted.above += v > range.high ? 1 : 0;
  }
  return counted;
}

int Bins::of(double value) const {
  if (std::isnan(value) || value < range.low) return -1;
  if (value > range.high) return count;
  const double w = width();
  const int bin = w > 0 ? static_cast<int>(std::floor((value - range.low) / w)) : 0;
  return std::min(bin, count - 1);  // the top edge belongs to the last bin
}

Bins histogram_bins(const std::vector<double>& values) {
  std::vector<double> finite;
  for (const double v : values)
    if (std::isfinite(v)) finite.push_back(v);
  if (finite.empty()) return {Range{0, 1}, 1};
  const auto [low, high] = std::minmax_element(finite.begin(), finite.end());
  if (!(*high > *low)) return {padded_range(finite), 1};
  const double n = static_cast<double>(finite.size());
  const double iqr = quantile(finite, 0.75) - quantile(finite, 0.25);
  const double span = *high - *low;
  // Many equal values (a coarse clock) leave no interquartile range to size bins by.
  const double count = iqr > 0 ? std::ceil(span / (2 * iqr / std::cbrt(n))) : std::ceil(std::log2(n)) + 1;
  return {Range{*low, *high}, static_cast<int>(std::clamp(count, double{kFewestBins}, double{kMostBins}))};
}

std::vector<int> bin_counts(const std::vector<double>& values, const Bins& bins) {
  std::vector<int> counts(static_cast<std::size_t>(bins.count), 0);
  for (const double v : values) {
    const int bin = bins.of(v);
    if (bin >= 0 && bin < bins.count) ++counts[static_cast<std::size_t>(bin)];
  }
  return counts;
}

Range warmup_range(const SettledWarmup& settled, Range measured) {
  double low = measured.low, high = measured.high;
  for (const double v : settled.starts)
    if (std::isfinite(v)) low = std::min(low, v), high = std::max(high, v);
  std::vector<double> rest;
  for (const double v : settled.rest)
    if (std::isfinite(v)) rest.push_back(v);
  if (!rest.empty()) {
    low = std::min(low, quantile(rest, 0.005));
    high = std::max(high, quantile(rest, 0.995));
  }
  const double margin = 0.05 * (high - low);
  return {low < measured.low ? low - margin : low, high > measured.high ? high + margin : high};
}

}  // namespace tare::html

#include "stats/multiple.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>

namespace tare::stats {

namespace {

// Indices of the valid p-values in ascending order of p. Stable, so ties keep the input
// order (tied p-values get equal adjusted values either way). The invalid ones would sort
// last as p = 1; they only enter through m.
std::vector<std::size_t> valid_ascending(std::span<const double> p) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] >= 0.0 && p[i] <= 1.0) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  return order;
}

}  // namespace

std::vector<double> holm_adjust(std::span<const double> p_values) {
  std::vector<double> adjusted(p_values.size(), std::numeric_limits<double>::quiet_NaN());
  const auto m = static_cast<double>(p_values.size());
  const std::vector<std::size_t> order = valid_ascending(p_values);
  // The running maximum keeps the step-down order: a smaller p never gets a larger
  // adjusted value than a larger p.
  double running = 0.0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const double factor = m - static_cast<double>(k);
    running = std::max(running, std::min(1.0, factor * p_values[order[k]]));
    adjusted[order[k]] = running;
  }
  return adjusted;
}

std::vector<double> benjamini_hochberg_adjust(std::span<const double> p_values) {
  std::vector<double> adjusted(p_values.size(), std::numeric_limits<double>::quiet_NaN());
  const auto m = static_cast<double>(p_values.size());
  const std::vector<std::size_t> order = valid_ascending(p_values);
  // Step-up: the running minimum from the largest p down. Invalid p-values, ranked last as
  // p = 1, would only contribute min(1, m / j) = 1, hence the start at 1.
  double running = 1.0;
  for (std::size_t k = order.size(); k-- > 0;) {
    // m / rank first: it is >= 1 after rounding too, so no result falls below its p
    // (m * p / m can).
    const double factor = m / static_cast<double>(k + 1);
    running = std::min(running, factor * p_values[order[k]]);
    adjusted[order[k]] = running;
  }
  return adjusted;
}

}  // namespace tare::stats

#include "stats/hierarchy.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>

#include "stats/descriptive.hpp"

namespace tare::stats {

VarianceComponents variance_components(const std::vector<std::vector<double>>& groups) {
  std::vector<double> means;
  double within_sum = 0.0;
  std::size_t within_count = 0;
  std::size_t values = 0;
  for (const auto& g : groups) {
    if (g.empty()) continue;
    means.push_back(mean(g));
    values += g.size();
    if (g.size() >= 2) {
      within_sum += variance(g);
      ++within_count;
    }
  }

  VarianceComponents vc;
  if (means.empty()) return vc;
  vc.grand_mean = mean(means);
  vc.within = within_count > 0 ? within_sum / static_cast<double>(within_count) : 0.0;
  if (means.size() < 2) return vc;
  vc.group_means = variance(means);
  // A group mean carries S1^2 / r of sample noise on top of the fork-to-fork variance,
  // so that share is subtracted to leave the between-fork component alone.
  const double r = static_cast<double>(values) / static_cast<double>(means.size());
  vc.between = vc.group_means - vc.within / r;
  return vc;
}

bool is_balanced(const HierarchicalData& data) {
  if (data.shape.empty()) return false;
  std::size_t total = 1;
  for (std::size_t extent : data.shape) {
    if (extent == 0) return false;
    total *= extent;
  }
  return total == data.values.size();
}

std::vector<double> level_means(const HierarchicalData& data, std::size_t level) {
  const std::size_t n = data.shape.size();
  if (!is_balanced(data) || level < 1 || level > n + 1) return {};
  // A level-i unit is a contiguous block of all the measurements below it.
  const auto inner = data.shape.end() - static_cast<std::ptrdiff_t>(level - 1);
  const std::size_t block =
      std::accumulate(inner, data.shape.end(), std::size_t{1}, std::multiplies<>{});
  std::vector<double> means;
  means.reserve(data.values.size() / block);
  for (std::size_t start = 0; start < data.values.size(); start += block) {
    means.push_back(mean(std::span<const double>(data.values).subspan(start, block)));
  }
  return means;
}

std::vector<double> hierarchical_s2(const HierarchicalData& data) {
  const std::size_t n = data.shape.size();
  if (!is_balanced(data)) return {};
  std::vector<double> s2;
  s2.reserve(n);
  for (std::size_t level = 1; level <= n; ++level) {
    const std::size_t r = data.shape[n - level];
    if (r < 2) return {};
    const std::vector<double> children = level_means(data, level);
    // Mean of the per-parent variances equals libkalibera's single pooled sum divided by
    // prod_{k>i} r_k * (r_i - 1), because the design is balanced.
    double sum = 0.0;
    const std::size_t parents = children.size() / r;
    for (std::size_t p = 0; p < parents; ++p) {
      sum += variance(std::span<const double>(children).subspan(p * r, r));
    }
    s2.push_back(sum / static_cast<double>(parents));
  }
  return s2;
}

std::vector<double> hierarchical_t2(const HierarchicalData& data) {
  std::vector<double> t2 = hierarchical_s2(data);
  const std::size_t n = t2.size();
  // Walk downwards so every step still reads the untouched S_{i-1}^2.
  for (std::size_t i = n; i >= 2; --i) {
    const auto r_below = static_cast<double>(data.shape[n - (i - 1)]);
    t2[i - 1] -= t2[i - 2] / r_below;
  }
  return t2;
}

std::vector<double> optimal_repetitions_exact(std::span<const double> t2,
                                              std::span<const double> costs) {
  const std::size_t n = t2.size();
  if (n < 2 || costs.size() != n) return {};
  std::vector<double> reps;
  reps.reserve(n - 1);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    if (!(t2[i] > 0.0)) {
      reps.push_back(1.0);
    } else if (!(t2[i + 1] > 0.0)) {
      reps.push_back(std::numeric_limits<double>::infinity());
    } else {
      reps.push_back(std::sqrt((costs[i + 1] / costs[i]) * (t2[i] / t2[i + 1])));
    }
  }
  return reps;
}

std::vector<std::size_t> optimal_repetitions(std::span<const double> t2,
                                             std::span<const double> costs, std::size_t cap) {
  std::vector<std::size_t> rounded;
  for (double r : optimal_repetitions_exact(t2, costs)) {
    const double up = std::ceil(r);
    // Compare in double before converting: casting infinity or a huge value is undefined.
    if (!(up < static_cast<double>(cap))) {
      rounded.push_back(cap);
    } else {
      rounded.push_back(std::max<std::size_t>(1, static_cast<std::size_t>(up)));
    }
  }
  return rounded;
}

}  // namespace tare::stats

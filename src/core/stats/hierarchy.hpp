#pragma once

// Kalibera & Jones variance components (2013). Level 1 is the innermost
// repetition (samples within a fork), level 2 the forks, level 3 e.g. builds.
// Every per-level vector below is indexed by level - 1 (level 1 first), as in the paper.

#include <cstddef>
#include <limits>
#include <span>
#include <vector>

namespace tare::stats {

// ---- Two levels: forks (level 2) of samples (level 1) ---------------------------------

struct VarianceComponents {
  double grand_mean = 0;   // mean of the group means (each fork weighs the same)
  double within = 0;       // S1^2 = T1^2: mean of the unbiased within-group variances
  double group_means = 0;  // S2^2: unbiased variance of the group means
  double between = 0;      // T2^2 = S2^2 - S1^2 / r, r = mean group size; may be negative
};

// Tolerates unequal group sizes (r is then the mean size, an approximation). Empty groups
// are ignored; groups of one value contribute a mean but no within-group variance.
// Fewer than two non-empty groups: group_means = between = 0 (not estimable).
VarianceComponents variance_components(const std::vector<std::vector<double>>& groups);

// ---- n levels, balanced (reproduces libkalibera's Data.Si2 / Ti2 / optimalreps) --------

// A balanced tree stored as a row-major array: `shape` lists the repetition counts from
// the outermost level (n) to the innermost (level 1), and `values` holds the product of
// `shape` measurements with the level-1 index varying fastest. libkalibera's
// {(0,0):[9,5], (0,1):[8,3], (1,0):[10,6], ...} with reps [3,2,2] is
// shape {3,2,2}, values {9,5, 8,3, 10,6, ...}.
struct HierarchicalData {
  std::vector<std::size_t> shape;
  std::vector<double> values;
};

// True when shape is non-empty, every extent is >= 1 and values.size() matches.
bool is_balanced(const HierarchicalData& data);

// The means Ybar_{j_n..j_i} of every level-`level` unit, in row-major order; level 1 gives
// the values themselves, level n + 1 the grand mean. The CI of the grand mean must use
// level_means(data, n) only (one value per top-level unit). Empty if out of range.
std::vector<double> level_means(const HierarchicalData& data, std::size_t level);

// S_i^2 for i = 1..n: the mean over parents of the unbiased variance of their children's
// level-i means. Empty if the data is not balanced or some extent is 1 (S_i^2 needs
// r_i >= 2).
std::vector<double> hierarchical_s2(const HierarchicalData& data);

// T_1^2 = S_1^2 and T_i^2 = S_i^2 - S_{i-1}^2 / r_{i-1}: the unbiased estimates of each
// level's own variance. This is the corrected formula (the ISMM'13 print had T_{i-1}^2).
// Negative values are returned as is: they mean "no detectable variance at this level".
std::vector<double> hierarchical_t2(const HierarchicalData& data);

// Optimal repetition counts r_i = sqrt((c_{i+1} / c_i) * (T_i^2 / T_{i+1}^2)) for
// i = 1..n-1, before rounding. `costs[i - 1]` is c_i, the cost of one level-i repetition
// excluding the levels below it (c_1 = one sample, c_2 = fork start + discarded warmup).
// Note libkalibera lists costs outermost first; here they are level-1 first.
// Clamps: T_i^2 <= 0 -> 1 (nothing to average out at level i); otherwise T_{i+1}^2 <= 0 ->
// +infinity (repeating level i+1 buys nothing, so spend the budget at level i).
// Costs must be positive.
// Empty when the sizes disagree (t2.size() != costs.size()) or n < 2.
std::vector<double> optimal_repetitions_exact(std::span<const double> t2,
                                              std::span<const double> costs);

// optimal_repetitions_exact rounded up, at least 1, at most `cap` (which is also what
// +infinity becomes).
std::vector<std::size_t> optimal_repetitions(
    std::span<const double> t2, std::span<const double> costs,
    std::size_t cap = std::numeric_limits<std::size_t>::max());

}  // namespace tare::stats

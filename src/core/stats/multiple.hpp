#pragma once

// Adjusting the p-values of many comparisons (one per benchmark in a suite), so that a
// suite of 50 unchanged benchmarks does not report two or three "significant" changes.

#include <span>
#include <vector>

namespace tare::stats {

// Holm's step-down adjusted p-values (family-wise error rate), in the order of the input:
// the i-th smallest p becomes max over j <= i of min(1, (m - j + 1) p_(j)). Each result is
// in [0, 1] and the results are monotone in the order of the sorted p-values. A p-value
// that is NaN or outside [0, 1] (a comparison that could not be made) stays NaN but still
// counts in m, as if it were 1: a failed benchmark must not make the others look stronger.
std::vector<double> holm_adjust(std::span<const double> p_values);

// Benjamini–Hochberg adjusted p-values (q-values, false discovery rate), in the order of
// the input: the i-th smallest p becomes min over j >= i of min(1, m p_(j) / j). Never
// above holm_adjust's. Invalid p-values are handled as by holm_adjust.
std::vector<double> benjamini_hochberg_adjust(std::span<const double> p_values);

}  // namespace tare::stats

// Percentages typed on any command line of tare: always with their sign — 1%, 0.5%, 2.5%.
// A bare number is refused rather than guessed at: "0.02" is 0.02% to one reader and 2% to
// another (Google Benchmark's compare.py and Criterion take fractions), and a threshold or a
// target off by a factor of 100 goes unnoticed until the verdicts are wrong.
#pragma once

#include <string>

#include "input/number.hpp"

namespace tare::input {

/// Percentages above 0 (or from 0 when `zero_allowed`) and below 100 (or up to 100 when
/// `hundred_allowed`).
Limits percent_limits(bool zero_allowed = false, bool hundred_allowed = false);

/// "1%" -> 1, "0.5%" -> 0.5: the number before the % sign, within the limits. A bare number
/// is a UsageError that shows both readings: "--threshold 0.02: expected a percentage with
/// its % sign, like 0.02% or, as a fraction, 2%".
double parse_percent(const std::string& text, const std::string& flag, const Limits& limits = percent_limits());

}  // namespace tare::input

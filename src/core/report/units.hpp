// Choosing a human scale for a value in a unit ("12345 ns/op" reads better as
// "12.3 µs/op", "4.5e6 ops/s" as "4.50 Mops/s") and rounding to significant digits.
// Shared by the console reporter's table (which aligns score and CI on one scale) and by
// format_duration_ns / format_score.
#pragma once

#include <string>
#include <string_view>

namespace tare::report::detail {

/// Display a value as `value * factor` followed by `unit`.
struct Scale {
  double factor = 1;
  std::string unit;
};

/// The scale that shows |value| (given in `unit`) with 1 to 3 digits before the point,
/// after rounding to 3 significant digits. Understands time-per-thing units ("ns/op",
/// "us/op", "ms/op", "s/op", bare "ns") and thing-per-time units ("ops/s", "ops/ms", ...,
/// rescaled to per second with k/M/G/T prefixes). Any other unit is kept as it is.
Scale pick_scale(double value, std::string_view unit);

/// Decimals that show `value` with `significant` significant digits (0 to 6; 0 for zero
/// and non-finite values), accounting for rounding up to the next power of ten.
int decimals_for(double value, int significant);

/// `value` in fixed notation with `decimals` decimals; "n/a" when not finite.
std::string fixed(double value, int decimals);

/// `value` with 3 significant digits and no unit ("0.900", "12.3", "4096").
std::string significant3(double value);

}  // namespace tare::report::detail

// Numbers typed on a command line, checked against what the flag allows. One place for it,
// so that every flag rejects the same things: text that is not a number, nan, inf, numbers
// too large for a double (1e999) or for the integer they go into, and values out of range.
// A rejection is a UsageError: "FLAG TEXT: expected WHAT RANGE[, like EXAMPLE]".
#pragma once

#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "input/usage_error.hpp"

namespace tare::input {

/// What a flag accepts: a finite number from `low` to `high`, each end excluded when open.
/// The ends are long double, which holds every 64-bit integer exactly (2^64-1, a seed's
/// largest value, would round up as a double and be printed one too high).
struct Limits {
  long double low = 0;
  long double high = 0;
  bool low_open = false;
  bool high_open = false;
  bool whole = false;              ///< a whole number (integer types always are)
  const char* what = "a number";   ///< "a percentage", "a duration"
  const char* unit = "";           ///< after the range: "s"
  const char* example = "";        ///< ", like EXAMPLE"
};

/// The longest time any flag may ask for: a night-long run is well inside it, and a week in
/// nanoseconds still fits every integer and clock it goes into.
inline constexpr double kWeekSeconds = 7 * 24 * 3600;

/// A suffix a quantity may carry, and what it multiplies the number by ("" for none).
struct Unit {
  std::string_view suffix;
  double scale;
};

/// "above 0 and below 100", "from 1 to 100000", "above 0 and at most 604800 s".
std::string describe(const Limits& limits);

/// Throws the UsageError for `text` given to `flag`.
[[noreturn]] void reject(const std::string& text, const std::string& flag, const Limits& limits);

/// `value` if it is finite and within the limits; otherwise rejects `text`.
long double check(long double value, const std::string& text, const std::string& flag, const Limits& limits);

/// A number followed by one of `units` (the whole text), scaled, within the limits.
double parse_quantity(const std::string& text, const std::string& flag, std::initializer_list<Unit> units,
                      const Limits& limits);

/// A plain number (the whole text), within the limits.
double parse_number(const std::string& text, const std::string& flag, const Limits& limits);

/// A whole number read exactly (no detour through double, so a 64-bit seed keeps every
/// digit), that fits T and is within the limits.
template <class T>
T parse_whole(const std::string& text, const std::string& flag, const Limits& limits) {
  static_assert(std::is_integral_v<T>);
  T value{};
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end) reject(text, flag, limits);
  check(static_cast<long double>(value), text, flag, limits);
  return value;
}

/// Limits of a whole number from `low` to `high` (by default every value of T).
template <class T>
Limits whole_number(long double low = std::numeric_limits<T>::min(), long double high = std::numeric_limits<T>::max()) {
  Limits limits{low, high};
  limits.whole = true;
  limits.what = "a whole number";
  return limits;
}

/// The number a flag's value is, whatever type it goes into.
template <class T>
T parse_as(const std::string& text, const std::string& flag, const Limits& limits) {
  if constexpr (std::is_integral_v<T>) return parse_whole<T>(text, flag, limits);
  else return static_cast<T>(parse_number(text, flag, limits));
}

/// A number as a person writes it: 100000, 0.5, 18446744073709551615, 1e+30.
std::string number_text(long double value);

}  // namespace tare::input

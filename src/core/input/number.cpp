#include "input/number.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tare::input {
namespace {

bool within(long double value, const Limits& limits) {
  if (!std::isfinite(value)) return false;
  if (limits.low_open ? !(value > limits.low) : !(value >= limits.low)) return false;
  if (limits.high_open ? !(value < limits.high) : !(value <= limits.high)) return false;
  return !limits.whole || value == std::floor(value);
}

}  // namespace

std::string number_text(long double value) {
  char text[48];
  if (value == std::floor(value) && std::fabs(value) < 1e20L) std::snprintf(text, sizeof text, "%.0Lf", value);
  else std::snprintf(text, sizeof text, "%.6Lg", value);
  return text;
}

std::string describe(const Limits& limits) {
  const std::string low = number_text(limits.low), high = number_text(limits.high);
  std::string range;
  if (limits.low_open) range = "above " + low + (limits.high_open ? " and below " : " and at most ") + high;
  else if (limits.high_open) range = "at least " + low + " and below " + high;
  else range = "from " + low + " to " + high;
  return *limits.unit ? range + " " + limits.unit : range;
}

void reject(const std::string& text, const std::string& flag, const Limits& limits) {
  std::string message = flag + " " + text + ": expected " + limits.what + " " + describe(limits);
  if (*limits.example) message += std::string(", like ") + limits.example;
  throw UsageError(message);
}

long double check(long double value, const std::string& text, const std::string& flag, const Limits& limits) {
  if (!within(value, limits)) reject(text, flag, limits);
  return value;
}

double parse_quantity(const std::string& text, const std::string& flag, std::initializer_list<Unit> units,
                      const Limits& limits) {
  // strtod reads "nan", "inf" and hexadecimal too; check() turns the first two away, and an
  // overflow (1e999) comes back as inf.
  const char* begin = text.c_str();
  char* end = nullptr;
  const double number = std::strtod(begin, &end);
  if (end == begin || std::isspace(static_cast<unsigned char>(*begin))) reject(text, flag, limits);
  const std::string_view suffix(end);
  for (const Unit& unit : units)
    if (suffix == unit.suffix) return static_cast<double>(check(number * unit.scale, text, flag, limits));
  reject(text, flag, limits);
}


double parse_number(const std::string& text, const std::string& flag, const Limits& limits) {
  return parse_quantity(text, flag, {{"", 1}}, limits);
}

}  // namespace tare::input

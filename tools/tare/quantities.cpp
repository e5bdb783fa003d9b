#include "tools/tare/quantities.hpp"

#include <cmath>
#include <cstdlib>

namespace tare::tool {
namespace {

// The number at the start of `text` and what follows it; nullopt-like NaN when none.
double leading_number(const std::string& text, std::string& rest) {
  const char* begin = text.c_str();
  char* end = nullptr;
  const double value = std::strtod(begin, &end);
  if (end == begin) return NAN;
  rest = std::string(end);
  return value;
}

}  // namespace

double parse_percent(const std::string& text, const std::string& option) {
  std::string rest;
  const double value = leading_number(text, rest);
  if (!std::isfinite(value) || !(rest.empty() || rest == "%") || !(value > 0 && value < 100))
    throw UsageError(option + " " + text + ": expected a percentage above 0 and below 100, like 1% or 0.5");
  return value;
}

double parse_seconds(const std::string& text, const std::string& option) {
  std::string rest;
  const double value = leading_number(text, rest);
  double scale = 0;
  if (rest.empty() || rest == "s") scale = 1;
  else if (rest == "m") scale = 60;
  else if (rest == "h") scale = 3600;
  if (!std::isfinite(value) || scale == 0 || !(value > 0))
    throw UsageError(option + " " + text + ": expected a positive duration, like 60s, 5m or 1h");
  return value * scale;
}

}  // namespace tare::tool

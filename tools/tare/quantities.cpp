#include "tools/tare/quantities.hpp"

#include <cmath>
#include <cstdlib>

#include "stream/workload.hpp"

namespace tare::tool {

double leading_number(const std::string& text, std::string& rest) {
  const char* begin = text.c_str();
  char* end = nullptr;
  const double value = std::strtod(begin, &end);
  if (end == begin) return NAN;
  rest = std::string(end);
  return value;
}

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

std::int64_t parse_duration_ns(const std::string& text, const std::string& option, bool allow_zero) {
  std::string unit;
  const double value = leading_number(text, unit);
  double scale = 0;
  if (std::isfinite(value)) {
    if (unit == "ns") scale = 1;
    else if (unit == "us") scale = 1e3;
    else if (unit == "ms") scale = 1e6;
    else if (unit.empty() || unit == "s") scale = 1e9;
    else if (unit == "m") scale = 60e9;
    else if (unit == "h") scale = 3600e9;
  }
  const double ns = value * scale;
  if (scale == 0 || !(allow_zero ? ns >= 0 : ns >= 1) || ns > 1e17)
    throw UsageError(option + " " + text + ": expected a " + (allow_zero ? "" : "positive ") +
                     "duration, like 500ms, 10s or 2m");
  return static_cast<std::int64_t>(std::llround(ns));
}

std::uint64_t parse_rate(const std::string& text, const std::string& option) {
  std::string unit;
  const double value = leading_number(text, unit);
  double scale = 0;
  if (std::isfinite(value)) {
    if (unit.empty()) scale = 1;
    else if (unit == "k" || unit == "K") scale = 1e3;
    else if (unit == "M") scale = 1e6;
  }
  const double rate = value * scale;
  if (scale == 0 || !(rate >= 1) || rate > static_cast<double>(stream::kMaxRate) || rate != std::floor(rate))
    throw UsageError(option + " " + text + ": expected a whole number of events per second from 1 to 10^9, like "
                     "50000, 50k or 1.5M");
  return static_cast<std::uint64_t>(rate);
}

}  // namespace tare::tool

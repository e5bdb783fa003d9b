#include "stream/verdict/rate_text.hpp"

#include <cmath>
#include <cstdio>

namespace tare::stream {
namespace {

// `value` to three significant figures as %g writes them, and whole above 1000 (only past
// the largest prefix), where %g would switch to an exponent.
std::string three_figures(double value) {
  char text[48];
  std::snprintf(text, sizeof text, value >= 1000 ? "%.0f" : "%.3g", value);
  return text;
}

// Rounds to three significant figures, so that the unit is chosen on what will be printed.
double rounded(double value) {
  if (value == 0) return 0;
  const double scale = std::pow(10.0, 2 - std::floor(std::log10(value)));
  return std::round(value * scale) / scale;
}

}  // namespace

std::string rate_text(double events_per_s) {
  if (!std::isfinite(events_per_s)) return "-";
  const std::string sign = events_per_s < 0 ? "-" : "";
  double value = rounded(std::fabs(events_per_s));
  static constexpr const char* kPrefixes[] = {"", "k", "M", "G"};
  std::size_t prefix = 0;
  while (value >= 1000 && prefix + 1 < std::size(kPrefixes)) {
    value = rounded(value / 1000);
    ++prefix;
  }
  return sign + three_figures(value) + kPrefixes[prefix] + "/s";
}

std::string percent_text(double part, double whole, int digits) {
  if (!std::isfinite(part) || !std::isfinite(whole) || whole <= 0) return "-";
  char text[48];
  std::snprintf(text, sizeof text, "%.*f%%", digits, 100.0 * part / whole);
  return text;
}

}  // namespace tare::stream

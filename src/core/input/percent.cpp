#include "input/percent.hpp"

#include <cmath>
#include <cstdlib>

namespace tare::input {

Limits percent_limits(bool zero_allowed, bool hundred_allowed) {
  Limits limits{0, 100, !zero_allowed, !hundred_allowed, false, "a percentage"};
  limits.example = "1% or 0.5% (the % sign is required)";
  return limits;
}

double parse_percent(const std::string& text, const std::string& flag, const Limits& limits) {
  // A bare number that would be a valid percentage either way gets the message that shows
  // both readings; anything else bare is simply not a percentage.
  char* end = nullptr;
  const double bare = std::strtod(text.c_str(), &end);
  if (!text.empty() && *end == '\0' && std::isfinite(bare) && bare > 0 && bare < 100) {
    const std::string as_fraction = bare <= 1 ? " or, as a fraction, " + number_text(bare * 100) + "%" : "";
    throw UsageError(flag + " " + text + ": expected a percentage with its % sign, like " + text + "%" + as_fraction);
  }
  return parse_quantity(text, flag, {{"%", 1}}, limits);
}

}  // namespace tare::input

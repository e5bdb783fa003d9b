#include "input/duration.hpp"

#include <algorithm>
#include <cmath>

namespace tare::input {
namespace {

double seconds_per(TimeUnit unit) { return unit == TimeUnit::seconds ? 1 : 1e-3; }

}  // namespace

Limits duration_limits(TimeUnit unit) {
  Limits limits{0, kWeekSeconds / seconds_per(unit), true, false, false, "a duration"};
  limits.unit = unit == TimeUnit::seconds ? "s" : "ms";
  limits.example = unit == TimeUnit::seconds ? "2s, 500ms or 1m (a plain number is seconds)"
                                             : "500ms, 2s or 250us (a plain number is milliseconds)";
  return limits;
}

double parse_duration(const std::string& text, const std::string& flag, TimeUnit unit) {
  const double per = seconds_per(unit);
  return parse_quantity(text, flag,
                        {{"", 1}, {"ns", 1e-9 / per}, {"us", 1e-6 / per}, {"ms", 1e-3 / per}, {"s", 1 / per},
                         {"m", 60 / per}, {"h", 3600 / per}},
                        duration_limits(unit));
}

std::int64_t parse_duration_ns(const std::string& text, const std::string& flag, bool zero_allowed) {
  Limits limits = duration_limits(TimeUnit::seconds);
  limits.low_open = !zero_allowed;
  const double seconds = parse_quantity(
      text, flag, {{"", 1}, {"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1}, {"m", 60}, {"h", 3600}}, limits);
  const auto ns = static_cast<std::int64_t>(std::llround(seconds * 1e9));
  return zero_allowed ? ns : std::max<std::int64_t>(ns, 1);
}

}  // namespace tare::input

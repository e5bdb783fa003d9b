#include "input/duration.hpp"

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

}  // namespace tare::input

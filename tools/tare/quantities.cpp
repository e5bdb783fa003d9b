#include "tools/tare/quantities.hpp"

#include <algorithm>
#include <cmath>

#include "input/duration.hpp"
#include "input/number.hpp"
#include "stream/workload.hpp"

namespace tare::tool {

double parse_percent(const std::string& text, const std::string& option) {
  input::Limits limits{0, 100, true, true, false, "a percentage"};
  limits.example = "1% or 0.5";
  return input::parse_quantity(text, option, {{"", 1}, {"%", 1}}, limits);
}

double parse_seconds(const std::string& text, const std::string& option) {
  return input::parse_duration(text, option, input::TimeUnit::seconds);
}

std::int64_t parse_duration_ns(const std::string& text, const std::string& option, bool allow_zero) {
  input::Limits limits = input::duration_limits(input::TimeUnit::seconds);
  limits.low_open = !allow_zero;
  const double seconds = input::parse_quantity(
      text, option, {{"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"", 1}, {"s", 1}, {"m", 60}, {"h", 3600}}, limits);
  const auto ns = static_cast<std::int64_t>(std::llround(seconds * 1e9));
  return allow_zero ? ns : std::max<std::int64_t>(ns, 1);
}

std::uint64_t parse_rate(const std::string& text, const std::string& option) {
  input::Limits limits{1, static_cast<double>(stream::kMaxRate), false, false, true,
                       "a whole number of events per second"};
  limits.example = "50000, 50k or 1.5M";
  return static_cast<std::uint64_t>(
      input::parse_quantity(text, option, {{"", 1}, {"k", 1e3}, {"K", 1e3}, {"M", 1e6}}, limits));
}

}  // namespace tare::tool

// Text for reports and messages: dates, numbers, the build's debug verdict.
#include <cmath>
#include <cstdio>

#include "system/parse.hpp"

namespace tare::system::parse {

std::string iso8601_utc(std::time_t time) {
  std::tm utc{};
  if (gmtime_r(&time, &utc) == nullptr) return {};
  char text[32];
  const std::size_t length = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return std::string(text, length);
}

bool is_debug_build(std::string_view build_type, bool optimized) {
  return build_type == "Debug" || !optimized;
}

std::string format_number(double value) {
  if (!std::isfinite(value)) return value > 0 ? "inf" : value < 0 ? "-inf" : "nan";
  char text[64];
  std::snprintf(text, sizeof text, "%.2f", value);
  std::string result(text);
  // "1.90" -> "1.9", "2.00" -> "2": the message reads like the kernel's own figure.
  while (result.back() == '0') result.pop_back();
  if (result.back() == '.') result.pop_back();
  if (result == "-0") result = "0";
  return result;
}

}  // namespace tare::system::parse

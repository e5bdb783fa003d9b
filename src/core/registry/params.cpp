// Typed access to parameter values, which are kept as the text that appears in names. No
// header of its own: include/tare/params.hpp declares it all.
#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "tare/params.hpp"

namespace tare {

ParamValue::ParamValue(double v) {
  // Shortest text that reads back as the same double, so names stay tidy ("0.5", not
  // "0.500000") and a value can be given back on the command line unchanged.
  char buffer[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, v);
    if (std::strtod(buffer, nullptr) == v) break;
  }
  text_ = buffer;
}

const std::string& Params::text(std::string_view name) const {
  for (const auto& [key, value] : values_)
    if (key == name) return value;
  throw std::invalid_argument("parameter '" + std::string(name) + "' is not declared for this benchmark");
}

bool Params::contains(std::string_view name) const noexcept {
  for (const auto& entry : values_)
    if (entry.first == name) return true;
  return false;
}

namespace detail {
namespace {
[[noreturn]] void malformed(std::string_view name, const std::string& text, const char* what) {
  throw std::invalid_argument("parameter " + std::string(name) + "=" + text + " is not " + what);
}
template <class T>
T parse_with_from_chars(std::string_view name, const std::string& text, const char* what) {
  T value{};
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec == std::errc::result_out_of_range) throw_out_of_range(name, text);
  if (ec != std::errc() || ptr != end) malformed(name, text, what);
  return value;
}
}  // namespace

void throw_out_of_range(std::string_view name, const std::string& text) {
  throw std::invalid_argument("parameter " + std::string(name) + "=" + text + " is out of range for the requested type");
}
long long parse_integer(std::string_view name, const std::string& text) {
  return parse_with_from_chars<long long>(name, text, "an integer");
}
unsigned long long parse_unsigned(std::string_view name, const std::string& text) {
  return parse_with_from_chars<unsigned long long>(name, text, "a non-negative integer");
}
double parse_floating(std::string_view name, const std::string& text) {
  return parse_with_from_chars<double>(name, text, "a number");
}
bool parse_bool(std::string_view name, const std::string& text) {
  if (text == "true" || text == "1" || text == "yes" || text == "on") return true;
  if (text == "false" || text == "0" || text == "no" || text == "off") return false;
  malformed(name, text, "a boolean (true/false)");
}
}  // namespace detail
}  // namespace tare

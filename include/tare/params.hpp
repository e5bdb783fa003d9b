// Benchmark parameters: declared up front with value lists, expanded as a cartesian
// product by the runner, overridable from the command line, read back typed.
#pragma once

#include <limits>
#include <string>
#include <type_traits>
#include <string_view>
#include <utility>
#include <vector>

namespace tare {

/// One parameter value as declared: kept as text, exactly as it appears in names
/// (`lookup.binary/size=1024`) and in results, and converted on access.
class ParamValue {
 public:
  ParamValue(const char* text) : text_(text) {}
  ParamValue(std::string text) : text_(std::move(text)) {}
  ParamValue(std::string_view text) : text_(text) {}
  ParamValue(int v) : text_(std::to_string(v)) {}
  ParamValue(long v) : text_(std::to_string(v)) {}
  ParamValue(long long v) : text_(std::to_string(v)) {}
  ParamValue(unsigned v) : text_(std::to_string(v)) {}
  ParamValue(unsigned long v) : text_(std::to_string(v)) {}
  ParamValue(unsigned long long v) : text_(std::to_string(v)) {}
  ParamValue(double v);
  const std::string& text() const noexcept { return text_; }

 private:
  std::string text_;
};

/// The parameter values of one benchmark instance (one point of the matrix).
class Params {
 public:
  Params() = default;
  explicit Params(std::vector<std::pair<std::string, std::string>> values) : values_(std::move(values)) {}

  /// The value of `name` converted to T (integers, floating point, bool, std::string).
  /// Throws std::invalid_argument naming the parameter when it is missing or malformed.
  template <class T>
  T get(std::string_view name) const;

  /// The value of `name` as written. Throws std::invalid_argument when it is missing.
  const std::string& text(std::string_view name) const;

  bool contains(std::string_view name) const noexcept;
  const std::vector<std::pair<std::string, std::string>>& values() const noexcept { return values_; }

 private:
  std::vector<std::pair<std::string, std::string>> values_;
};

namespace detail {
long long parse_integer(std::string_view name, const std::string& text);
unsigned long long parse_unsigned(std::string_view name, const std::string& text);
double parse_floating(std::string_view name, const std::string& text);
bool parse_bool(std::string_view name, const std::string& text);
[[noreturn]] void throw_out_of_range(std::string_view name, const std::string& text);
}  // namespace detail

template <class T>
T Params::get(std::string_view name) const {
  const std::string& s = text(name);
  if constexpr (std::is_same_v<T, std::string>) {
    return s;
  } else if constexpr (std::is_same_v<T, bool>) {
    return detail::parse_bool(name, s);
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(detail::parse_floating(name, s));
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    long long v = detail::parse_integer(name, s);
    if (v < static_cast<long long>(std::numeric_limits<T>::min()) ||
        v > static_cast<long long>(std::numeric_limits<T>::max()))
      detail::throw_out_of_range(name, s);
    return static_cast<T>(v);
  } else if constexpr (std::is_integral_v<T>) {
    unsigned long long v = detail::parse_unsigned(name, s);
    if (v > static_cast<unsigned long long>(std::numeric_limits<T>::max())) detail::throw_out_of_range(name, s);
    return static_cast<T>(v);
  } else {
    static_assert(sizeof(T) == 0, "Params::get supports integers, floating point, bool and std::string");
  }
}

}  // namespace tare

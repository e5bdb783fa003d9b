#include "gb_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <sstream>
#include <vector>

#include "report/utf8.hpp"

namespace tare::gbench {

std::string str_format_v(const char* pattern, va_list args) {
  va_list copy;
  va_copy(copy, args);
  const int size = std::vsnprintf(nullptr, 0, pattern, copy);
  va_end(copy);
  std::vector<char> buffer(static_cast<std::size_t>(std::max(size, 0)) + 1);
  std::vsnprintf(buffer.data(), buffer.size(), pattern, args);
  return std::string(buffer.data(), static_cast<std::size_t>(std::max(size, 0)));
}

std::string str_format(const char* pattern, ...) {
  va_list args;
  va_start(args, pattern);
  std::string text = str_format_v(pattern, args);
  va_end(args);
  return text;
}

std::string human_readable_number(double value, double one_k) {
  // Figures up to 1.1 of a unit stay in the unit below (softens the edges); the mantissa is
  // printed as an ostream prints a double (6 significant digits). Google Benchmark prints SI
  // letters for 1024-based counters too (1.5k meaning 1.5 * 1024).
  static const char kBig[] = "kMGTPEZY";
  static const char kSmall[] = "munpfazy";
  constexpr int kUnits = 8;
  constexpr double kThreshold = 1.1;
  constexpr double kPlainAbove = 0.01;  // below 1.1 but above this: printed as it is
  std::ostringstream mantissa;
  if (value < 0) {
    mantissa << "-";
    value = -value;
  }
  const double big = kThreshold * one_k;
  std::string prefix;
  double shown = value;
  if (value > big) {
    double scaled = value;
    for (int i = 0; i < kUnits; ++i) {
      scaled /= one_k;
      if (scaled <= big) {
        shown = scaled;
        prefix = std::string(1, kBig[i]);
        break;
      }
    }
  } else if (value < kThreshold && value < kPlainAbove) {
    double scaled = value;
    for (int i = 0; i < kUnits; ++i) {
      scaled *= one_k;
      if (scaled >= kThreshold) {
        shown = scaled;
        prefix = std::string(1, kSmall[i]);
        break;
      }
    }
  }
  mantissa << shown;
  return mantissa.str() + prefix;
}

std::string console_time(double time) {
  // 13 characters per time column: a space, up to two of the unit, ten for the number.
  if (time < 1.0) return str_format("%10.3f", time);
  if (time < 10.0) return str_format("%10.2f", time);
  if (time < 100.0) return str_format("%10.1f", time);
  if (time > 9999999999.0) return str_format("%1.4e", time);
  return str_format("%10.0f", time);
}

std::string local_date_time() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[64];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S%z", &local);
  // strftime's %z is +hhmm; ISO 8601's extended form is +hh:mm. Built from the parts
  // rather than inserted: GCC 12 warns falsely (-Wrestrict) on the insert.
  const std::string date = text;
  if (date.size() < 5) return date;
  return date.substr(0, date.size() - 2) + ':' + date.substr(date.size() - 2);
}

std::string big_o_name(benchmark::BigO complexity) {
  switch (complexity) {
    case benchmark::oN: return "N";
    case benchmark::oNSquared: return "N^2";
    case benchmark::oNCubed: return "N^3";
    case benchmark::oLogN: return "lgN";
    case benchmark::oNLogN: return "NlgN";
    case benchmark::o1: return "(1)";
    default: return "f(N)";
  }
}

// JSON holds UTF-8 and no raw control characters: a name or label with bytes that are not
// UTF-8 gets U+FFFD for them (as the results JSON does), a control character its \u form.
std::string json_escape(const std::string& text) {
  const std::string utf8 = report::valid_utf8(text);
  std::string out;
  out.reserve(utf8.size());
  for (const char c : utf8) {
    switch (c) {
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char code[7];
          std::snprintf(code, sizeof code, "\\u%04x", static_cast<unsigned>(c));
          out += code;
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string csv_quote(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace tare::gbench

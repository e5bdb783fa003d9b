#include "report/json_print.hpp"

#include <algorithm>
#include <iterator>
#include <string>

namespace tare::report::detail {
namespace {

using Json = nlohmann::ordered_json;

// Lines holding strings are kept under this width; number-only lines (samples) are never
// broken, however many counters they carry, so that a sample is always one line.
constexpr std::size_t kMaxLineWidth = 100;

std::string scalar(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

bool is_number_like(const Json& j) { return j.is_primitive() && !j.is_string(); }

// A value that can be written on one line: a scalar, an empty container, an array of
// numbers, or an object of scalars and number arrays.
bool is_flat(const Json& j) {
  if (j.is_primitive() || j.empty()) return true;
  if (j.is_array()) return std::all_of(j.begin(), j.end(), is_number_like);
  return std::all_of(j.begin(), j.end(), [](const Json& member) {
    return member.is_primitive() || (member.is_array() && std::all_of(member.begin(), member.end(), is_number_like));
  });
}

bool holds_string(const Json& j) {
  if (j.is_string()) return true;
  return j.is_structured() && std::any_of(j.begin(), j.end(), holds_string);
}

std::string one_line(const Json& j) {
  if (j.is_primitive()) return scalar(j);
  const bool object = j.is_object();
  std::string text = object ? "{" : "[";
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (!first) text += ", ";
    first = false;
    if (object) text += scalar(Json(it.key())) + ": ";
    text += one_line(it.value());
  }
  return text + (object ? "}" : "]");
}

void print(const Json& j, std::ostream& out, std::size_t indent, std::size_t prefix_width) {
  if (is_flat(j)) {
    std::string text = one_line(j);
    if (!holds_string(j) || j.is_primitive() || indent + prefix_width + text.size() <= kMaxLineWidth) {
      out << text;
      return;
    }
  }
  const bool object = j.is_object();
  out << (object ? "{\n" : "[\n");
  const std::string inner(indent + 2, ' ');
  for (auto it = j.begin(); it != j.end(); ++it) {
    out << inner;
    std::size_t key_width = 0;
    if (object) {
      const std::string key = scalar(Json(it.key())) + ": ";
      out << key;
      key_width = key.size();
    }
    print(it.value(), out, indent + 2, key_width);
    out << (std::next(it) == j.end() ? "\n" : ",\n");
  }
  out << std::string(indent, ' ') << (object ? "}" : "]");
}

}  // namespace

void print_json(const nlohmann::ordered_json& value, std::ostream& out) { print(value, out, 0, 0); }

}  // namespace tare::report::detail

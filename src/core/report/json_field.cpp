#include "report/json_field.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace tare::report::detail {
namespace {

// Floats that are whole numbers are accepted as integers (other producers may write
// 4096.0); beyond 2^53 a double no longer holds every integer, so those are refused.
constexpr double kExactIntegerLimit = 9007199254740992.0;

}  // namespace

void Field::fail(std::string_view what) const {
  std::string message = "results JSON: " + (path_.empty() ? std::string("document") : path_) + ": " + std::string(what);
  // Paths hold names and keys from the file, which may hold line breaks: one line still.
  std::replace_if(message.begin(), message.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  throw std::runtime_error(message);
}

std::string Field::expected(std::string_view what) const {
  return "expected " + std::string(what) + ", got " + std::string(value_->type_name());
}

Field Field::at(std::string_view key) const {
  auto member = find(key);
  if (!member) fail("missing required field \"" + std::string(key) + "\"");
  return *member;
}

std::optional<Field> Field::find(std::string_view key) const {
  if (!value_->is_object()) fail(expected("an object"));
  const auto it = value_->find(key);
  if (it == value_->end()) return std::nullopt;
  return Field(*it, path_.empty() ? std::string(key) : path_ + "." + std::string(key));
}

std::vector<Field> Field::elements() const {
  if (!value_->is_array()) fail(expected("an array"));
  std::vector<Field> items;
  for (std::size_t i = 0; i < value_->size(); ++i) items.emplace_back((*value_)[i], path_ + "[" + std::to_string(i) + "]");
  return items;
}

std::vector<std::pair<std::string, Field>> Field::members() const {
  if (!value_->is_object()) fail(expected("an object"));
  std::vector<std::pair<std::string, Field>> items;
  for (const auto& [key, value] : value_->items()) items.emplace_back(key, Field(value, path_ + "." + key));
  return items;
}

std::string Field::text() const {
  if (!value_->is_string()) fail(expected("a string"));
  return value_->get<std::string>();
}

std::string Field::text_or_empty() const { return is_null() ? std::string() : text(); }

bool Field::boolean() const {
  if (!value_->is_boolean()) fail(expected("true or false"));
  return value_->get<bool>();
}

double Field::number() const {
  if (is_null()) return std::numeric_limits<double>::quiet_NaN();
  if (!value_->is_number()) fail(expected("a number or null"));
  return value_->get<double>();
}

std::optional<double> Field::optional_number() const {
  if (is_null()) return std::nullopt;
  return number();
}

std::int64_t Field::integer(std::int64_t min, std::int64_t max) const {
  std::int64_t v = 0;
  if (value_->is_number_unsigned()) {
    const auto u = value_->get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(max)) fail("integer " + std::to_string(u) + " out of range");
    v = static_cast<std::int64_t>(u);
  } else if (value_->is_number_integer()) {
    v = value_->get<std::int64_t>();
  } else if (value_->is_number_float()) {
    const double d = value_->get<double>();
    if (d != std::trunc(d) || std::fabs(d) > kExactIntegerLimit) fail(expected("an integer"));
    v = static_cast<std::int64_t>(d);
  } else {
    fail(expected("an integer"));
  }
  if (v < min || v > max) fail("integer " + std::to_string(v) + " out of range");
  return v;
}

std::uint64_t Field::unsigned_integer() const {
  if (value_->is_number_unsigned()) return value_->get<std::uint64_t>();
  return static_cast<std::uint64_t>(integer(0, std::numeric_limits<std::int64_t>::max()));
}

}  // namespace tare::report::detail

namespace tare::report::lenient {

std::optional<double> number_at(const nlohmann::json& object, const char* key) {
  if (!object.is_object()) return std::nullopt;
  const auto found = object.find(key);
  if (found == object.end() || found->is_null()) return std::nullopt;
  if (!found->is_number()) throw std::runtime_error(std::string("\"") + key + "\" is not a number");
  return found->get<double>();
}

std::string text_at(const nlohmann::json& object, const char* key) {
  if (!object.is_object()) return "";
  const auto found = object.find(key);
  return found != object.end() && found->is_string() ? found->get<std::string>() : "";
}

const nlohmann::json& object_at(const nlohmann::json& object, const char* key) {
  static const nlohmann::json kNone = nlohmann::json::object();
  if (!object.is_object()) return kNone;
  const auto found = object.find(key);
  return found != object.end() && found->is_object() ? *found : kNone;
}

const nlohmann::json& array_at(const nlohmann::json& object, const char* key) {
  static const nlohmann::json kNone = nlohmann::json::array();
  if (!object.is_object()) return kNone;
  const auto found = object.find(key);
  if (found == object.end() || found->is_null()) return kNone;
  if (!found->is_array()) throw std::runtime_error(std::string("\"") + key + "\" is not an array");
  return *found;
}

const nlohmann::json& required_array(const nlohmann::json& object, const char* key) {
  const auto found = object.find(key);
  if (found == object.end() || !found->is_array()) throw std::runtime_error(std::string("no \"") + key + "\" array");
  return *found;
}

std::vector<std::string> texts_at(const nlohmann::json& object, const char* key) {
  std::vector<std::string> texts;
  for (const auto& item : array_at(object, key))
    if (item.is_string()) texts.push_back(item.get<std::string>());
  return texts;
}

}  // namespace tare::report::lenient

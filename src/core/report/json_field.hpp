// Reading the fields of parsed JSON documents, in the two ways tare's readers need. The
// results file is a published contract: read_json reads it strictly, through Field, and every
// failure names where it happened ("benchmarks[2].forks[0].samples[7].ns: expected a number,
// got string"), so a broken file can be fixed without a debugger. The other documents the
// HTML report draws (comparisons, stream trials, probes) are read leniently, through the
// *_at functions: a field may be absent or null, and only one of the wrong type is an error.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tare::report::detail {

using Json = nlohmann::ordered_json;

class Field {
 public:
  Field(const Json& value, std::string path) : value_(&value), path_(std::move(path)) {}

  const Json& json() const { return *value_; }
  const std::string& path() const { return path_; }

  /// Throws std::runtime_error("results JSON: <path>: <what>").
  [[noreturn]] void fail(std::string_view what) const;

  /// A member that must be present (this must be an object).
  Field at(std::string_view key) const;
  /// A member that may be absent (fields added after tare.results/1 was first published).
  std::optional<Field> find(std::string_view key) const;
  /// The elements (this must be an array).
  std::vector<Field> elements() const;
  /// The members in document order (this must be an object).
  std::vector<std::pair<std::string, Field>> members() const;

  bool is_null() const { return value_->is_null(); }
  std::string text() const;                ///< a string
  std::string text_or_empty() const;       ///< a string, or null as ""
  bool boolean() const;                    ///< true or false
  double number() const;                   ///< a number, or null as NaN (NaN/inf were written as null)
  std::optional<double> optional_number() const;  ///< a number, or null as nullopt
  std::int64_t integer(std::int64_t min, std::int64_t max) const;  ///< an integer in [min, max]
  std::uint64_t unsigned_integer() const;  ///< a non-negative integer

 private:
  std::string expected(std::string_view what) const;
  const Json* value_;
  std::string path_;
};

}  // namespace tare::report::detail

// Lenient access; a field of the wrong type throws std::runtime_error naming its key.
namespace tare::report::lenient {


/// The number at `key`; nullopt when absent or null (or `object` is no object).
std::optional<double> number_at(const nlohmann::json& object, const char* key);
/// The text at `key`; "" when absent, null or not text.
std::string text_at(const nlohmann::json& object, const char* key);
/// The object at `key`; an empty one when absent or not an object.
const nlohmann::json& object_at(const nlohmann::json& object, const char* key);
/// The array at `key`; an empty one when absent or null.
const nlohmann::json& array_at(const nlohmann::json& object, const char* key);
/// The array at `key`, which must be there: else std::runtime_error("no \"<key>\" array").
const nlohmann::json& required_array(const nlohmann::json& object, const char* key);
/// The texts in the array at `key` (other elements left out).
std::vector<std::string> texts_at(const nlohmann::json& object, const char* key);

}  // namespace tare::report::lenient

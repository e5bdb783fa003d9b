// Reading the fields of the JSON files the report draws, leniently where a field may be
// absent or null and strictly where one is of the wrong type (std::runtime_error naming it).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tare::html {

/// The number at `key`; nullopt when absent or null (or `object` is no object).
std::optional<double> number_at(const nlohmann::json& object, const char* key);
/// The text at `key`; "" when absent, null or not text.
std::string text_at(const nlohmann::json& object, const char* key);
/// The object at `key`; an empty one when absent or not an object.
const nlohmann::json& object_at(const nlohmann::json& object, const char* key);
/// The array at `key`; an empty one when absent or null.
const nlohmann::json& array_at(const nlohmann::json& object, const char* key);
/// The texts in the array at `key` (other elements left out).
std::vector<std::string> texts_at(const nlohmann::json& object, const char* key);

}  // namespace tare::html

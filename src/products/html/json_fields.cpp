#include "html/json_fields.hpp"

#include <stdexcept>

namespace tare::html {

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

std::vector<std::string> texts_at(const nlohmann::json& object, const char* key) {
  std::vector<std::string> texts;
  for (const auto& item : array_at(object, key))
    if (item.is_string()) texts.push_back(item.get<std::string>());
  return texts;
}

}  // namespace tare::html

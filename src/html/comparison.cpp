#include "html/comparison.hpp"

#include <cmath>
#include <stdexcept>

namespace tare::html {
namespace {

std::optional<double> optional_number(const nlohmann::json& object, const char* key) {
  const auto found = object.find(key);
  if (found == object.end() || found->is_null()) return std::nullopt;
  if (!found->is_number()) throw std::runtime_error(std::string("\"") + key + "\" is not a number");
  return found->get<double>();
}

std::string text_field(const nlohmann::json& object, const char* key) {
  const auto found = object.find(key);
  if (found == object.end() || found->is_null()) return "";
  if (!found->is_string()) throw std::runtime_error(std::string("\"") + key + "\" is not a string");
  return found->get<std::string>();
}

std::optional<Ratio> ratio_of(const nlohmann::json& object, const char* key) {
  const auto found = object.find(key);
  if (found == object.end() || found->is_null()) return std::nullopt;
  const auto estimate = optional_number(*found, "estimate"), low = optional_number(*found, "low"),
             high = optional_number(*found, "high");
  if (!estimate || !low || !high) return std::nullopt;
  return Ratio{*estimate, *low, *high};
}

std::optional<double> score_of(const nlohmann::json& row, const char* side) {
  const auto found = row.find(side);
  if (found == row.end() || !found->is_object()) throw std::runtime_error(std::string("a benchmark has no \"") + side + "\"");
  return optional_number(*found, "score");
}

ComparisonRow row_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw std::runtime_error("a benchmark is not an object");
  ComparisonRow row;
  row.name = text_field(j, "name");
  row.unit = text_field(j, "unit");
  row.base_score = score_of(j, "base");
  row.new_score = score_of(j, "new");
  row.ratio = ratio_of(j, "ratio");
  row.verdict = text_field(j, "verdict");
  row.against_threshold = text_field(j, "against_threshold");
  row.problem = text_field(j, "problem");
  if (const auto pairs = j.find("pairs"); pairs != j.end() && pairs->is_array())
    for (const auto& pair : *pairs) {
      const auto base = optional_number(pair, "base"), candidate = optional_number(pair, "new");
      if (base && candidate && *base > 0) row.pair_ratios.push_back(*candidate / *base);
    }
  return row;
}

}  // namespace

Comparison comparison_from_json(const nlohmann::json& document) {
  Comparison comparison;
  const auto threshold = optional_number(document, "threshold");
  if (!threshold) throw std::runtime_error("no \"threshold\"");
  comparison.threshold = *threshold;
  comparison.method = text_field(document, "method");
  const auto rows = document.find("benchmarks");
  if (rows == document.end() || !rows->is_array()) throw std::runtime_error("no \"benchmarks\" array");
  for (const auto& row : *rows) comparison.rows.push_back(row_from_json(row));
  comparison.geomean = ratio_of(document, "geomean");
  if (const auto notes = document.find("notes"); notes != document.end() && notes->is_array())
    for (const auto& note : *notes)
      if (note.is_string()) comparison.notes.push_back(note.get<std::string>());
  return comparison;
}

}  // namespace tare::html

#include "html/comparison.hpp"

#include <stdexcept>

#include "report/json_field.hpp"

namespace tare::html {

using namespace report::lenient;

namespace {

std::optional<Ratio> ratio_of(const nlohmann::json& object, const char* key) {
  const nlohmann::json& ratio = object_at(object, key);
  const auto estimate = number_at(ratio, "estimate"), low = number_at(ratio, "low"), high = number_at(ratio, "high");
  if (!estimate || !low || !high) return std::nullopt;
  return Ratio{*estimate, *low, *high};
}

std::optional<double> score_of(const nlohmann::json& row, const char* side) {
  const auto found = row.find(side);
  if (found == row.end() || !found->is_object()) throw std::runtime_error(std::string("a benchmark has no \"") + side + "\"");
  return number_at(*found, "score");
}

ComparisonRow row_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw std::runtime_error("a benchmark is not an object");
  ComparisonRow row;
  row.name = text_at(j, "name");
  row.unit = text_at(j, "unit");
  row.base_score = score_of(j, "base");
  row.new_score = score_of(j, "new");
  row.ratio = ratio_of(j, "ratio");
  row.verdict = text_at(j, "verdict");
  row.against_threshold = text_at(j, "against_threshold");
  row.problem = text_at(j, "problem");
  for (const auto& pair : array_at(j, "pairs")) {
    const auto base = number_at(pair, "base"), candidate = number_at(pair, "new");
    if (base && candidate && *base > 0) row.pair_ratios.push_back(*candidate / *base);
  }
  return row;
}

}  // namespace

Comparison comparison_from_json(const nlohmann::json& document) {
  Comparison comparison;
  const auto threshold = number_at(document, "threshold");
  if (!threshold) throw std::runtime_error("no \"threshold\"");
  comparison.threshold = *threshold;
  comparison.method = text_at(document, "method");
  for (const auto& row : required_array(document, "benchmarks")) comparison.rows.push_back(row_from_json(row));
  comparison.geomean = ratio_of(document, "geomean");
  comparison.notes = texts_at(document, "notes");
  return comparison;
}

}  // namespace tare::html

// A comparison of two builds or two runs (tare.compare/2, what `tare compare --json` and
// `tare ab --json` write) as the report reads it: per benchmark the ratio NEW/BASE of the
// score with its interval and verdict, against the threshold band; the pairs of `tare ab`.
// comparison_section.hpp draws it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tare::html {

struct Ratio {
  double estimate = 1, low = 1, high = 1;
};

struct ComparisonRow {
  std::string name, unit;
  std::optional<double> base_score, new_score;
  std::optional<Ratio> ratio;       ///< absent: not compared (`problem` says why)
  std::string verdict;              ///< "faster", "slower", "no difference", "not compared"
  std::string against_threshold;    ///< "beyond", "within", "undecided"; empty when not compared
  std::string problem;
  std::vector<double> pair_ratios;  ///< tare ab: NEW/BASE of each pair of processes
};

struct Comparison {
  double threshold = 0.01;
  std::string method;
  std::vector<ComparisonRow> rows;
  std::optional<Ratio> geomean;  ///< of the time ratios
  std::vector<std::string> notes;
};

/// The comparison in a tare.compare/2 document. Throws std::runtime_error naming the field
/// that is missing or of the wrong type.
Comparison comparison_from_json(const nlohmann::json& document);

}  // namespace tare::html

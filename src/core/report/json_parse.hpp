// Parsing a results document without trusting it. Nesting is bounded: a file of 300 000
// nested brackets where a number belongs would otherwise overflow the stack in any
// recursive walk of the tree (a copy, a dump). And the raw samples, nearly all of a large
// file, become the model's samples as they are read rather than a JSON tree several times
// the file's size: memory follows what is kept, not the text.
#pragma once

#include <istream>
#include <vector>

#include "report/json_field.hpp"
#include "results/results.hpp"

namespace tare::report::detail {

/// Deeper than any document tare writes (about 8 levels), far below what a stack holds.
inline constexpr int kMaxJsonDepth = 64;

struct ResultsDocument {
  Json root;
  /// Every fork's "warmup" and "samples" array, in the order read. In `root` each of
  /// those arrays is replaced by a binary value whose subtype is its index here (JSON text
  /// cannot hold a binary value, so no document can forge one).
  std::vector<std::vector<results::Sample>> sample_arrays;
};

/// Throws std::runtime_error("results JSON: ...", one line) for text that is not JSON,
/// nests deeper than kMaxJsonDepth, or holds a sample that is not a valid sample.
ResultsDocument parse_results_document(std::istream& in);

/// The samples a fork's "warmup" or "samples" field holds (moved out of `document`).
std::vector<results::Sample> take_samples(const Field& f, ResultsDocument& document);

/// nlohmann's message without its "[json.exception.parse_error.101] " prefix, on one line.
std::string one_line(std::string message);

}  // namespace tare::report::detail

// A warning in words: the sentence every output shows for it (the console, the results
// JSON's "warnings", the HTML report, the exports, the Google Benchmark layer's notes),
// made from the facts analysis found and the advice it gave (results/finding.hpp). One
// place, so every output says the same.
#pragma once

#include <string>

#include "results/results.hpp"

namespace tare::report {

/// The sentence for `warning` of a benchmark whose scores are in `unit`. A warning with
/// words of its own (read from a file, or written by the runner) is those words.
std::string warning_words(const results::Warning& warning, const std::string& unit);

/// What to do, in the words of the API the benchmark is written against; "" for none.
const char* advice_words(results::Advice advice);

}  // namespace tare::report

// A benchmark's headline interval, the one every output shows beside the score (console,
// JSON's pointer to it, CSV, the HTML report, every export), and the words that name it
// where it is shown.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "results/headline_interval.hpp"
#include "results/results.hpp"

namespace tare::report {

// The choice itself is the model's (results/headline_interval.hpp): analysis turns rates
// from the same interval.
using results::headline_interval;
using results::IntervalScope;
using results::ScoreInterval;

/// The words beside the number: "across runs", "this run only".
const char* scope_words(IntervalScope scope);

/// What it covers, for a legend: "across runs: this run's forks and the machine's speed
/// between runs", "of this run only, over its forks: ...". `own_history`: some benchmark's
/// spread between runs came from its own past runs (results::AcrossRuns), which it names.
const char* scope_explained(IntervalScope scope, bool own_history = false);

/// Whether any benchmark's spread between runs came from its own past runs.
bool any_own_history(const results::Run& run);

/// The scopes of a run's headline intervals, each once, across runs first: what a legend
/// under a table of the run names (two only when benchmarks differ, in an edited file).
/// `shown`, when given, keeps only the benchmarks whose interval the table shows.
std::vector<IntervalScope> run_scopes(const results::Run& run,
                                      const std::function<bool(const results::Benchmark&)>& shown = {});

/// The scopes explained, for a legend: "across runs: ...; or of this run only, ...".
std::string scopes_explained(const std::vector<IntervalScope>& scopes, bool own_history = false);

/// The results JSON's key that holds it: "ci_across_runs", "ci".
const char* scope_key(IntervalScope scope);

}  // namespace tare::report

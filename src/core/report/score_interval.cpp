#include "report/score_interval.hpp"

#include <algorithm>

namespace tare::report {

const char* scope_words(IntervalScope scope) {
  return scope == IntervalScope::across_runs ? "across runs" : "this run only";
}

const char* scope_explained(IntervalScope scope, bool own_history) {
  if (scope == IntervalScope::across_runs)
    return own_history ? "across runs: this run's forks and the spread between the benchmark's past runs, else the "
                         "machine's speed between runs"
                       : "across runs: this run's forks and the machine's speed between runs";
  return "of this run only, over its forks: the machine's speed between runs is not known";
}

bool any_own_history(const results::Run& run) {
  return std::any_of(run.benchmarks.begin(), run.benchmarks.end(), [](const results::Benchmark& b) {
    return b.across_runs && b.across_runs->source != results::SpreadSource::machine_speed;
  });
}

std::vector<IntervalScope> run_scopes(const results::Run& run,
                                      const std::function<bool(const results::Benchmark&)>& shown) {
  bool across = false, this_run = false;
  for (const results::Benchmark& b : run.benchmarks) {
    if (shown && !shown(b)) continue;
    if (const auto ci = headline_interval(b)) (ci->scope == IntervalScope::across_runs ? across : this_run) = true;
  }
  std::vector<IntervalScope> scopes;
  if (across) scopes.push_back(IntervalScope::across_runs);
  if (this_run) scopes.push_back(IntervalScope::this_run);
  return scopes;
}

std::string scopes_explained(const std::vector<IntervalScope>& scopes, bool own_history) {
  std::string text;
  for (const IntervalScope scope : scopes)
    text += (text.empty() ? "" : "; or ") + std::string(scope_explained(scope, own_history));
  return text;
}

const char* scope_key(IntervalScope scope) { return scope == IntervalScope::across_runs ? "ci_across_runs" : "ci"; }

}  // namespace tare::report

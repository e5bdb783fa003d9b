#include "export/exported.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "analysis/estimates.hpp"

namespace tare::exports {
namespace {

// Why a benchmark has no number a consumer could chart; empty when it has one.
std::string missing_estimate(const results::Benchmark& b) {
  if (!b.skipped.empty()) return "skipped (" + b.skipped + ")";
  if (!b.ok) return "failed (" + b.error + ")";
  if (!b.score || !std::isfinite(*b.score)) return "no estimate (fewer than 2 good forks)";
  const auto ci = report::headline_interval(b);
  if (!ci || !std::isfinite(ci->interval.low) || !std::isfinite(ci->interval.high)) return "no interval";
  return "";
}

}  // namespace

Better better_of(Mode mode) { return mode == Mode::thrpt ? Better::bigger : Better::smaller; }

Exportable exportable(const results::Run& run) {
  Exportable result;
  for (const results::Benchmark& b : run.benchmarks) {
    const std::string missing = missing_estimate(b);
    if (!missing.empty()) {
      result.left_out.push_back({b.name, missing});
      continue;
    }
    const auto ci = report::headline_interval(b);
    Exported e{&b, *b.score, ci->interval, ci->scope, analysis::scored_forks(b), {}};
    for (const results::Fork* fork : e.forks)
      e.fork_values.push_back(analysis::fork_values(*fork, b.mode, b.threads));
    result.benchmarks.push_back(std::move(e));
  }
  return result;
}

}  // namespace tare::exports

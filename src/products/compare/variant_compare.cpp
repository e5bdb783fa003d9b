#include "compare/variant_compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "stats/summary_ratio.hpp"

namespace tare::compare {
namespace {

// One side's replicates: the benchmark's score in each variant's run; a problem when a run
// lacks it, it failed, or it has no score.
std::vector<double> variant_scores(const std::vector<results::Run>& runs, const std::string& name, const char* side,
                                   std::string& problem) {
  std::vector<double> scores;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const results::Benchmark* b = find_benchmark(runs[k], name);
    if (!b) problem = fmt::format("missing from the {} run of variant {}", side, k + 1);
    else if (!b->ok || !b->score) problem = fmt::format("failed in the {} run of variant {}", side, k + 1);
    else scores.push_back(*b->score);
    if (!problem.empty()) return {};
  }
  return scores;
}

double mean_reference_ns(const std::vector<results::Run>& runs) {
  double sum = 0;
  for (const auto& r : runs) {
    if (!(r.context.reference_ns > 0)) return 0;
    sum += r.context.reference_ns;
  }
  return sum / static_cast<double>(runs.size());
}

// One benchmark: its row, and its sides (as times) for the suite's geometric mean.
CompareRow compare_variants_of(const std::string& name, const std::vector<results::Run>& base,
                               const std::vector<results::Run>& candidate,
                               std::vector<std::pair<stats::MeanSummary, stats::MeanSummary>>& suite) {
  CompareRow row;
  row.name = name;
  row.unit = find_benchmark(base.front(), name)->unit;
  if (const results::Benchmark* c = find_benchmark(candidate.front(), name); c && c->unit != row.unit) {
    row.problem = "units differ (" + row.unit + " vs " + c->unit + ")";
    return row;
  }
  const std::vector<double> b = variant_scores(base, name, "base", row.problem);
  const std::vector<double> c = row.problem.empty() ? variant_scores(candidate, name, "new", row.problem) : std::vector<double>{};
  if (!row.problem.empty()) return row;
  std::pair sides{stats::summarize(b, 0.95), stats::summarize(c, 0.95)};
  row.base = {sides.first.mean, b.size()};
  row.candidate = {sides.second.mean, c.size()};
  row.ratio = stats::summary_ratio(sides.first, sides.second, 0.95);
  if (!std::isfinite(row.ratio.estimate)) {
    row.problem = "a side's scores are not positive finite values: no ratio on the log scale";
    return row;
  }
  if (higher_is_faster(row.unit)) std::swap(sides.first, sides.second);
  suite.push_back(sides);
  return row;
}

}  // namespace

CompareReport compare_variant_runs(const std::vector<results::Run>& base, const std::vector<results::Run>& candidate,
                                   const CompareOptions& options) {
  if (base.size() < 2 || candidate.size() < 2)
    throw std::runtime_error(fmt::format("layout variants need at least 2 runs a side, not {} and {}", base.size(),
                                         candidate.size()));
  CompareReport report;
  report.options = options;
  report.replicates = "layout variants per side";
  for (const auto& b : base.front().benchmarks)
    if (!find_benchmark(candidate.front(), b.name)) report.only_in_base.push_back(b.name);
  for (const auto& c : candidate.front().benchmarks)
    if (!find_benchmark(base.front(), c.name)) report.only_in_candidate.push_back(c.name);
  std::vector<std::pair<stats::MeanSummary, stats::MeanSummary>> suite;
  for (const auto& b : base.front().benchmarks)
    if (find_benchmark(candidate.front(), b.name)) report.rows.push_back(compare_variants_of(b.name, base, candidate, suite));
  if (report.rows.empty()) throw std::runtime_error("the two sides have no benchmark in common");
  if (!suite.empty()) report.geomean = stats::summary_geomean_ratio(suite, 0.95);
  report.method = fmt::format(
      "ratios NEW/BASE with 95% intervals over the layout variants of each build ({} runs of the base, {} of the new "
      "build; each variant's score one replicate, the two sides' Student-t intervals combined on the log scale with "
      "Welch–Satterthwaite degrees of freedom), so that the intervals include where the linker put the code and the "
      "machine's speed from run to run",
      base.size(), candidate.size());
  match_recorded_code(report, base.front(), candidate.front());
  decide_verdicts(report);
  report.base_reference_ns = mean_reference_ns(base);
  report.candidate_reference_ns = mean_reference_ns(candidate);
  note_machine_speed(report);
  return report;
}

}  // namespace tare::compare

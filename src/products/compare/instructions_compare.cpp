#include "compare/instructions_compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "input/usage_error.hpp"

namespace tare::compare {
namespace {

double mean_of(const std::vector<double>& values) {
  double sum = 0;
  for (const double v : values) sum += v;
  return sum / static_cast<double>(values.size());
}

bool all_equal(const std::vector<double>& values) {
  return std::all_of(values.begin(), values.end(), [&](double v) { return v == values.front(); });
}

std::string counts_text(const std::vector<double>& values) {
  std::vector<std::string> texts;
  for (const double v : values) texts.push_back(fmt::format("{:.7g}", v));
  return fmt::format("{}", fmt::join(texts, " and "));
}

// The suite's geometric mean of the rows' ratios and of their bounds.
std::optional<stats::RatioInterval> geomean_of_rows(const std::vector<CompareRow>& rows) {
  double estimate = 0, low = 0, high = 0;
  int n = 0;
  for (const auto& row : rows) {
    if (!row.problem.empty()) continue;
    estimate += std::log(row.ratio.estimate);
    low += std::log(row.ratio.low);
    high += std::log(row.ratio.high);
    ++n;
  }
  if (n == 0) return std::nullopt;
  stats::RatioInterval geomean;
  geomean.estimate = std::exp(estimate / n);
  geomean.low = std::exp(low / n);
  geomean.high = std::exp(high / n);
  geomean.level = 1;
  geomean.p_value = std::numeric_limits<double>::quiet_NaN();
  return geomean;
}

}  // namespace

std::optional<double> counted_instructions_per_op(const results::Benchmark& b) {
  for (const auto& m : b.profile)
    if (m.profiler == results::Profiler::instructions && m.name == "instructions") return m.mean;
  return std::nullopt;
}

void require_instruction_counts(const results::Run& run, const std::string& path) {
  const bool any = std::any_of(run.benchmarks.begin(), run.benchmarks.end(),
                               [](const results::Benchmark& b) { return counted_instructions_per_op(b).has_value(); });
  if (!any)
    throw input::UsageError(path + ": no instruction counts (--metric instructions needs results recorded with "
                                   "--prof instructions)");
}

CompareRow instructions_row(const std::string& name, const std::vector<double>& base, const std::vector<double>& candidate,
                            std::string& note) {
  CompareRow row;
  row.name = name;
  row.unit = kInstructionsUnit;
  row.base = {mean_of(base), base.size()};
  row.candidate = {mean_of(candidate), candidate.size()};
  if (row.base.score <= 0 || !std::isfinite(row.base.score)) {
    row.problem = "the base build counted no instructions per operation";
    return row;
  }
  row.ratio.estimate = row.candidate.score / row.base.score;
  row.ratio.level = 1;  // exact: the interval holds every pairing of the counts
  row.ratio.p_value = std::numeric_limits<double>::quiet_NaN();
  const auto [base_low, base_high] = std::minmax_element(base.begin(), base.end());
  const auto [new_low, new_high] = std::minmax_element(candidate.begin(), candidate.end());
  row.ratio.low = *new_low / *base_high;
  row.ratio.high = *new_high / *base_low;
  if (!all_equal(base) || !all_equal(candidate))
    note = fmt::format("{}: repeated callgrind runs of one build counted differently (base {}, new {} instructions/op); "
                       "its interval spans every pairing of them",
                       name, counts_text(base), counts_text(candidate));
  return row;
}

void decide_instruction_verdicts(CompareReport& report) {
  report.metric = Metric::instructions;
  report.intervals_adjusted = true;  // nothing estimated: no error rate to share out
  report.method = "instructions per operation counted by valgrind's callgrind, exact and the same in every run of a "
                  "build: the ratio is the counts' ratio, with no interval to estimate";
  report.replicates = "callgrind runs per side";
  decide_verdicts(report);
  report.geomean = geomean_of_rows(report.rows);
}

CompareReport compare_instructions(const results::Run& base, const results::Run& candidate, const CompareOptions& options) {
  CompareReport report;
  report.options = options;
  for (const auto& b : base.benchmarks) {
    const results::Benchmark* c = find_benchmark(candidate, b.name);
    if (!c) {
      report.only_in_base.push_back(b.name);
      continue;
    }
    const auto base_count = counted_instructions_per_op(b);
    const auto new_count = counted_instructions_per_op(*c);
    if (!base_count || !new_count) {
      CompareRow row;
      row.name = b.name;
      row.unit = kInstructionsUnit;
      row.problem = std::string("no instruction counts in the ") + (base_count ? "new" : "base") + " run";
      report.rows.push_back(std::move(row));
      continue;
    }
    std::string note;
    report.rows.push_back(instructions_row(b.name, {*base_count}, {*new_count}, note));
    if (!note.empty()) report.notes.push_back(note);
  }
  for (const auto& c : candidate.benchmarks)
    if (!find_benchmark(base, c.name)) report.only_in_candidate.push_back(c.name);
  if (report.rows.empty()) throw std::runtime_error("no benchmark in common");
  decide_instruction_verdicts(report);
  return report;
}

}  // namespace tare::compare

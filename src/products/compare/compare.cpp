#include "compare/compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "analysis/estimates.hpp"
#include "compare/fork_ratio.hpp"
#include "compare/gbench_json.hpp"
#include "compare/replicates.hpp"
#include "compare/slow_start_rows.hpp"
#include "compare/summary_level.hpp"
#include "stats/log_ratio_interval.hpp"
#include "stats/multiple.hpp"

namespace tare::compare {
namespace {

constexpr double kAlpha = 0.05;

const stats::MeanSummary* find_summary(const Summaries& summaries, const std::string& name) {
  const auto it = summaries.find(name);
  return it == summaries.end() ? nullptr : &it->second;
}

// The samples the score rested on, fork by fork, in the benchmark's unit.
std::vector<std::vector<double>> fork_values(const results::Benchmark& b) {
  const Mode mode = b.mode;
  std::vector<std::vector<double>> forks;
  for (const auto* f : analysis::scored_forks(b)) forks.push_back(analysis::fork_values(*f, mode, b.threads));
  return forks;
}

// Forks per side that would settle an interval that neither excludes 1 nor lies within
// the band: half-widths shrink as 1/sqrt(forks), and the estimate's distance from 1 (to
// name a direction) or from the nearer edge of the band (to rule out a difference that
// matters), whichever is larger, is what the half-width must come under.
std::size_t forks_to_settle(const TimeRatio& r, double threshold, std::size_t forks) {
  const double half = (r.high - r.low) / 2;
  const double off = std::abs(r.estimate - 1);
  const double room = std::max(off, threshold - off);
  if (!(half > 0) || !(room > half / 10)) return 0;  // on the edge: more forks will not decide it
  return static_cast<std::size_t>(std::ceil(static_cast<double>(forks) * (half / room) * (half / room)));
}

// The machine's speed varies from run to run (Context::between_runs: the reference
// workload's readings over the last day). Two runs recorded at different moments each
// took one draw of it, which their own intervals over forks cannot see: the variance of the
// log ratio grows by sd_base^2 + sd_new^2. One machine, two draws of its speed: a side
// without an estimate borrows the other's. 0 when neither knows it.
RunVariances machine_variances(const results::Context& base, const results::Context& candidate) {
  const double base_sd = base.between_runs.relative_sd, candidate_sd = candidate.between_runs.relative_sd;
  if (base_sd < 0 && candidate_sd < 0) return {};
  const double b = base_sd >= 0 ? base_sd : candidate_sd, c = candidate_sd >= 0 ? candidate_sd : base_sd;
  return {b * b, c * c};
}

// What the report says of the machine's speed between runs, which every interval holds
// (the suite's too: the machine moves every benchmark alike, so it does not average out).
// Unknown on both sides: say what that means.
void note_between_runs(CompareReport& report, const results::Context& base, const results::Context& candidate) {
  if (base.between_runs.relative_sd < 0 && candidate.between_runs.relative_sd < 0) {
    report.notes.push_back(
        "the machine's speed from run to run is unknown (its speed history holds too few runs, or none is kept): the "
        "intervals cover each run's own noise only, and a difference of a few percent may be the machine's; pair the "
        "builds in time with tare ab");
    return;
  }
  const RunVariances machine = machine_variances(base, candidate);
  const double variance = machine.base + machine.candidate;
  report.between_runs_sd = std::sqrt(variance / 2);
  report.method += fmt::format(
      ", widened by the machine's speed variation from run to run ({:.2g}% per run, from the runs' speed history)",
      100 * report.between_runs_sd);
  const double resolvable = 1.96 * std::sqrt(variance);
  if (resolvable > report.options.threshold)
    report.notes.push_back(fmt::format(
        "the machine's speed varies {:.1f}% from run to run, so two runs recorded apart cannot tell a difference under "
        "about {:.1f}% from the machine's (the intervals include it): to resolve ±{:g}%, pair the builds in time with "
        "tare ab",
        100 * report.between_runs_sd, 100 * resolvable, 100 * report.options.threshold));
}

}  // namespace

namespace {

// A direction in time on a row whose code was not compared may be placement: say so, naming
// them. (Placement does not move a count of instructions.)
void note_unchecked_code(CompareReport& report) {
  if (report.metric != Metric::time) return;
  std::vector<std::string> unchecked;
  for (const auto& row : report.rows)
    if (row.problem.empty() && row.verdict.direction != Direction::none && !row.code) unchecked.push_back(row.name);
  if (unchecked.empty()) return;
  report.notes.push_back(fmt::format(
      "{}: whether the timed code changed was not checked, so a difference of a few percent may be where the linker "
      "put unchanged code (tare ab checks it where valgrind and objdump are installed; tare compare, when both runs "
      "were recorded with --prof instructions or --prof asm)",
      fmt::join(unchecked, ", ")));
}

}  // namespace

const results::Benchmark* find_benchmark(const results::Run& run, const std::string& name) {
  for (const auto& b : run.benchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

bool higher_is_faster(const std::string& unit) { return unit.find("/s") != std::string::npos; }

void note_machine_speed(CompareReport& report) {
  const double base = report.base_reference_ns, candidate = report.candidate_reference_ns;
  if (!(base > 0) || !(candidate > 0)) return;
  const double change = candidate / base - 1;
  if (!(std::abs(change) > report.options.threshold)) return;
  report.notes.push_back(fmt::format(
      "the machine itself ran {:.1f}% {} in the new run than in the base run (its reference workload: {:.3g} vs "
      "{:.3g} ns per iteration): a difference of that size may be the machine's, not the code's; pair the builds in "
      "time with tare ab",
      std::abs(change) * 100, change > 0 ? "slower" : "faster", candidate, base));
}

TimeRatio time_ratio(const CompareRow& row) {
  const auto& r = row.ratio;
  if (higher_is_faster(row.unit)) return {1 / r.estimate, 1 / r.high, 1 / r.low};
  return {r.estimate, r.low, r.high};
}

void decide_verdicts(CompareReport& report) {
  std::vector<double> p_values;
  for (const auto& row : report.rows)
    if (row.problem.empty()) p_values.push_back(row.ratio.p_value);
  const std::vector<double> adjusted = stats::holm_adjust(p_values);
  std::size_t k = 0;
  for (auto& row : report.rows) {
    if (!row.problem.empty()) continue;
    row.adjusted_p = report.intervals_adjusted ? NAN : adjusted[k];
    ++k;
    // A direction is only named when it also survives the suite-wide error control.
    const bool significant = report.intervals_adjusted || row.adjusted_p < kAlpha;
    const TimeRatio r = time_ratio(row);
    row.verdict = judge(r, report.options.threshold, significant);
    // Placement only where the same code sits elsewhere: at the same addresses (identical
    // binaries above all) it cannot explain a difference, and the direction stands.
    if (row.code && row.code->same && row.code->moved && row.verdict.direction != Direction::none) {
      row.verdict.placement = true;
      row.verdict.fails_gate = false;
    }
    if (row.verdict.direction == Direction::none && row.verdict.against_threshold == AgainstThreshold::undecided)
      row.forks_to_settle = forks_to_settle(r, report.options.threshold, std::max(row.base.forks, row.candidate.forks));
  }
  note_unchecked_code(report);
}

namespace {

// What each side's forks are: a Google Benchmark file's are its repetitions, one sample
// each, and the words say so.
struct SideKinds {
  bool base_repetitions = false, candidate_repetitions = false;
  bool any() const { return base_repetitions || candidate_repetitions; }
  bool both() const { return base_repetitions && candidate_repetitions; }
};

// What a side of a row rests on: a file's stated estimate over worker processes, or its
// forks (a Google Benchmark-format file's: repetitions).
Replicates replicates_of(const stats::MeanSummary* stated, bool repetitions) {
  if (stated) return Replicates::processes;
  return repetitions ? Replicates::repetitions : Replicates::forks;
}

// The method sentence of a comparison from forks (and samples), in the sides' words
// (fork_ratio: the wider of the bootstrap's interval and the t interval).
std::string bootstrap_method(const SideKinds& kinds, std::size_t resamples) {
  if (kinds.both())
    return fmt::format("ratios NEW/BASE with 95% intervals, each the wider of a bootstrap over the repetitions ({} "
                       "resamples) and a Student-t interval of the difference of the sides' mean log repetitions "
                       "(Welch–Satterthwaite, and never narrower than either side's own; the wider with few "
                       "repetitions)",
                       resamples);
  return fmt::format("ratios NEW/BASE with 95% intervals, each the wider of a hierarchical bootstrap (forks, then "
                     "samples{}; {} resamples) and a Student-t interval of the difference of the sides' mean log fork "
                     "means (Welch–Satterthwaite, and never narrower than either side's own; the wider with few "
                     "forks)",
                     kinds.any() ? "; the Google Benchmark file's repetitions as forks of one sample" : "", resamples);
}

// What forks_to_settle counts, in the sides' words: at the summary level (a tare::gbench
// file's rows, beside it a tare run's forks or a file's repetitions) worker processes.
std::string replicates_words(const SideKinds& kinds, bool summary_level) {
  if (summary_level) return kinds.any() ? "worker processes or repetitions per side" : "worker processes per side";
  if (kinds.both()) return "repetitions per side";
  return kinds.any() ? "forks or repetitions per side" : "forks per side";
}

// What a row is compared from beyond its two benchmarks: the summaries the files state, and
// what their forks are.
struct SideFacts {
  const Summaries& base_summaries;
  const Summaries& candidate_summaries;
  SideKinds kinds;
  RunVariances machine;  ///< of each side's log score, from the machine's speed between runs
};

// What the suite's geometric mean is made of, gathered row by row.
struct SuiteParts {
  std::vector<stats::Comparison> compared;  // rows compared from their forks
  // At the summary level (a file states a benchmark only as a score with its interval):
  // every compared row as two summaries, for a geometric mean at that level too.
  std::vector<std::pair<stats::MeanSummary, stats::MeanSummary>> summarised;
  std::vector<stats::MeanSummary> stated;  // the summaries the files stated
  std::size_t summary_rows = 0;
  bool one_sided = false;  // a row with a stated summary on one side only
};

// The suite's geometric mean at the summary level, holding the machine's speed between runs
// whole (it moves every benchmark at once).
stats::RatioInterval summary_geomean(const std::vector<std::pair<stats::MeanSummary, stats::MeanSummary>>& rows,
                                     double between_runs_variance) {
  std::vector<stats::LogRatioEstimate> parts;
  for (const auto& [base, candidate] : rows)
    parts.push_back(stats::welch_log_ratio(stats::log_side(base), stats::log_side(candidate)));
  return stats::log_ratio_interval(stats::mean_of_log_ratios(parts), between_runs_variance);
}

// One benchmark present in both files: its row, and its part of the suite's summary.
CompareRow compare_benchmark(const results::Benchmark& b, const results::Benchmark& c, const SideFacts& sides_given,
                             const CompareOptions& options, std::uint64_t seed, SuiteParts& suite) {
  CompareRow row;
  row.name = b.name;
  row.unit = b.unit;
  if (b.unit != c.unit) {
    row.problem = "units differ (" + b.unit + " vs " + c.unit + ")";
    return row;
  }
  stats::Comparison comparison{fork_values(b), fork_values(c), 1};
  row.base = {b.score.value_or(NAN), comparison.base.size()};
  row.candidate = {c.score.value_or(NAN), comparison.candidate.size()};
  const stats::MeanSummary* base_stated = find_summary(sides_given.base_summaries, b.name);
  const stats::MeanSummary* new_stated = find_summary(sides_given.candidate_summaries, b.name);
  std::pair sides{summary_side(base_stated, comparison.base), summary_side(new_stated, comparison.candidate)};
  if (base_stated || new_stated) {
    row.base = {sides.first.mean, sides.first.n};
    row.candidate = {sides.second.mean, sides.second.n};
  }
  if (!b.ok || !c.ok) {
    row.problem = !b.ok ? "failed in the base run" : "failed in the new run";
  } else if (base_stated || new_stated) {
    row.problem = too_few_replicates({replicates_of(base_stated, sides_given.kinds.base_repetitions), sides.first.n},
                                     {replicates_of(new_stated, sides_given.kinds.candidate_repetitions), sides.second.n});
    if (row.problem.empty()) row.problem = summary_problem(sides.first, sides.second);
    if (row.problem.empty()) {
      row.ratio = stats::sides_ratio_interval(stats::log_side(sides.first, sides_given.machine.base),
                                              stats::log_side(sides.second, sides_given.machine.candidate));
      ++suite.summary_rows;
      for (const auto* stated : {base_stated, new_stated})
        if (stated) suite.stated.push_back(*stated);
      suite.one_sided = suite.one_sided || !base_stated || !new_stated;
    }
  } else if (comparison.base.size() < 2 || comparison.candidate.size() < 2) {
    row.problem = too_few_replicates({replicates_of(nullptr, sides_given.kinds.base_repetitions), comparison.base.size()},
                                     {replicates_of(nullptr, sides_given.kinds.candidate_repetitions),
                                      comparison.candidate.size()});
  } else {
    row.ratio = fork_ratio(comparison, options.resamples, seed, sides_given.machine);
    // The suite's geometric mean is of time ratios: for a rate, base and new swap places.
    if (higher_is_faster(b.unit)) std::swap(comparison.base, comparison.candidate);
    suite.compared.push_back(std::move(comparison));
  }
  if (row.problem.empty()) {
    if (higher_is_faster(b.unit)) std::swap(sides.first, sides.second);
    suite.summarised.push_back(sides);
  }
  return row;
}

}  // namespace

CompareReport compare_runs(const results::Run& base, const results::Run& candidate, const CompareOptions& options,
                           const Summaries& base_summaries, const Summaries& candidate_summaries) {
  CompareReport report;
  report.options = options;
  for (const auto& b : base.benchmarks)
    if (!find_benchmark(candidate, b.name)) report.only_in_base.push_back(b.name);
  for (const auto& c : candidate.benchmarks)
    if (!find_benchmark(base, c.name)) report.only_in_candidate.push_back(c.name);

  const SideFacts sides{base_summaries, candidate_summaries,
                        {forks_are_repetitions(base), forks_are_repetitions(candidate)},
                        machine_variances(base.context, candidate.context)};
  const double between_runs_variance = sides.machine.base + sides.machine.candidate;
  report.method = bootstrap_method(sides.kinds, options.resamples);
  SuiteParts suite;
  for (const auto& b : base.benchmarks)
    if (const results::Benchmark* c = find_benchmark(candidate, b.name))
      // Independent seeds per benchmark, reproducible from the options' seed.
      report.rows.push_back(compare_benchmark(b, *c, sides, options, options.seed + report.rows.size(), suite));
  if (report.rows.empty()) throw std::runtime_error("the two files have no benchmark in common");

  report.replicates = replicates_words(sides.kinds, suite.summary_rows > 0);
  if (suite.summary_rows > 0) {
    report.method = summary_method(suite.summary_rows, suite.summarised.size(), options.resamples);
    report.notes.push_back(summary_note(suite.stated, suite.summary_rows, suite.summarised.size(), suite.one_sided));
    report.geomean = summary_geomean(suite.summarised, between_runs_variance);
  } else if (!suite.compared.empty()) {
    report.geomean = fork_geomean(suite.compared, options.resamples, options.seed, between_runs_variance);
  }
  note_between_runs(report, base.context, candidate.context);
  match_recorded_code(report, base, candidate);
  read_slow_starts(report, base, candidate);
  std::vector<std::string> shots = single_shots(base);
  for (auto& name : single_shots(candidate)) shots.push_back(std::move(name));
  note_slow_starts(report, shots);
  decide_verdicts(report);
  report.base_reference_ns = base.context.reference_ns;
  report.candidate_reference_ns = candidate.context.reference_ns;
  note_machine_speed(report);
  return report;
}

std::vector<std::string> gate_failures(const CompareReport& report) {
  std::vector<std::string> failures;
  for (const auto& row : report.rows) {
    if (!row.problem.empty()) failures.push_back(row.name + ": not compared: " + row.problem);
    else if (row.verdict.fails_gate) failures.push_back(row.name + ": slower by more than the threshold");
  }
  for (const auto& name : report.only_in_base) failures.push_back(name + ": missing from the new build");
  return failures;
}

void match_recorded_code(CompareReport& report, const results::Run& base, const results::Run& candidate) {
  for (auto& row : report.rows) {
    const results::Benchmark* b = find_benchmark(base, row.name);
    const results::Benchmark* c = find_benchmark(candidate, row.name);
    if (b && c && b->code && c->code) row.code = match_code(*b->code, *c->code);
  }
}

void note_input_caveats(CompareReport& report, const results::Run& base, const results::Run& candidate) {
  for (const auto* run : {&base, &candidate})
    for (const auto& w : run->context.warnings)
      if (w == kGbenchWarning || w == kGbenchTareRepetitionsNote) report.notes.push_back(w);
}

}  // namespace tare::compare

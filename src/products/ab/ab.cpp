#include "ab/ab.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <random>

#include "ab/ab_code.hpp"
#include "ab/ab_instructions.hpp"
#include "ab/ab_listing.hpp"
#include "ab/ab_run.hpp"
#include "ab/ab_slurm.hpp"
#include "ab/pair_cpus.hpp"
#include "ab/pair_design.hpp"
#include "ab/run_paired.hpp"
#include "ab/run_variants.hpp"
#include "analysis/calibration.hpp"
#include "clock/active_clock.hpp"
#include "compare/layout_variants.hpp"
#include "compare/slow_start_rows.hpp"
#include "report/enum_names.hpp"
#include "runner/options.hpp"
#include "runner/progress.hpp"
#include "runner/worker_process.hpp"
#include "stats/summary_ratio.hpp"

namespace tare::ab {
namespace {

// The most pairs a sequential comparison runs for one benchmark (the budget usually
// stops it sooner).
constexpr std::size_t kMostPairs = 120;

// How the intervals were made, in one sentence.
std::string describe(const AbOptions& options, const PairDesign& design, std::size_t benchmarks) {
  const char* pairing = options.duet
                            ? "run at the same time on different CPUs (duet), one log-ratio per two pairs whose "
                              "sides swapped CPUs, so that a CPU's own speed cancels"
                            : "run side by side in lock-step (A B B A) on the same CPUs, one log-ratio per pair";
  const std::string shared = benchmarks > 1 ? fmt::format(", shared by the {} benchmarks (Bonferroni)", benchmarks) : "";
  if (options.pairs != 0)
    return fmt::format("ratios NEW/BASE with {:.4g}% Student-t intervals{} over {} pairs of processes {}",
                       100 * design.look_level, shared, options.pairs, pairing);
  return fmt::format(
      "ratios NEW/BASE over pairs of processes {}; pairs added until the answer was known, the interval looked at "
      "after {} {}, then a quarter more each time, at most {}, each look at {:.4g}% so that all the looks' "
      "intervals hold together at 95%{} (repeated confidence intervals); at most {:g} s per benchmark",
      pairing, design.looks.front(), options.duet ? "units of two pairs" : "pairs", design.looks.back(),
      100 * design.look_level, shared, options.budget_seconds);
}

// How the intervals were made with layout variants, in one sentence.
std::string describe_variants(const AbOptions& options, const PairDesign& design, const Builds& builds,
                              std::size_t benchmarks) {
  const std::size_t variants = builds.base.size();
  const std::size_t rounds = rounds_per_variant(options.pairs, variants, options.duet);
  const std::string shared = benchmarks > 1 ? fmt::format(", shared by the {} benchmarks (Bonferroni)", benchmarks) : "";
  return fmt::format(
      "ratios NEW/BASE with {:.4g}% Student-t intervals{} over {} layout variants of each build (variant k of the base "
      "paired with variant k of the new build; a variant's log-ratio the mean of its {} pair{} of processes run {}), "
      "so that the intervals include where the linker put the code",
      100 * design.look_level, shared, variants, rounds, rounds == 1 ? "" : "s",
      options.duet ? "at the same time on different CPUs, swapping CPUs every pair" : "side by side in lock-step (A B B A)");
}

// A duet runs the sides on different CPUs, swapping them every pair: it needs two CPUs and
// whole swaps.
void check_duet(const AbOptions& options, std::size_t cpus) {
  if (options.duet && cpus < 2)
    throw runner::UsageError(fmt::format("--duet needs two CPUs, and this process may run on {}", cpus));
  if (options.duet && options.pairs != 0 && (options.pairs % 2 != 0 || options.pairs < 4))
    throw runner::UsageError(fmt::format(
        "--duet needs an even number of pairs, at least 4 (the sides swap CPUs every pair), not {}", options.pairs));
}

// A compared row's part of the suite's geometric mean, as a ratio of times: the mean of
// the log-ratios its interval is over (for a rate, negated); nullopt when not compared.
std::optional<stats::LogRatioEstimate> time_log_ratio(const compare::CompareRow& row,
                                                      const std::vector<double>& units) {
  if (!row.problem.empty()) return std::nullopt;
  stats::LogRatioEstimate part = stats::mean_log_ratio(units);
  if (compare::higher_is_faster(row.unit)) part.log_ratio = -part.log_ratio;
  return part;
}

// One benchmark's row: its pairs run, or why it could not be compared. A compared row adds
// its part of the geometric mean to `suite`.
compare::CompareRow compare_benchmark(AbRun& run, const Builds& builds, const Listed& b,
                                      std::vector<std::string>& notes, std::vector<stats::LogRatioEstimate>& suite) {
  compare::CompareRow row;
  row.name = b.name;
  row.unit = report::mode_unit(b.mode);
  std::vector<double> units;
  const auto start = std::chrono::steady_clock::now();
  try {
    units = builds.variants() ? run_variants(run, builds, b, row)
                              : run_paired(run, {builds.base.front(), builds.candidate.front()}, b, row);
  } catch (const runner::WorkerFailure& failure) {
    run.line.clear();
    row.problem = std::string("a worker failed: ") + failure.what();
  }
  const double pairs_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (row.problem.empty() && !std::isfinite(row.ratio.estimate)) row.problem = "fewer than 2 pairs: no interval";
  if (const auto part = time_log_ratio(row, units)) suite.push_back(*part);
  if (row.problem.empty() && run.identical_builds) {
    row.code = compare::identical_code();  // known from the files: no callgrind
  } else if (row.problem.empty() && run.code_tools) {
    // Layout variants of one build share their code: the first of each side tells.
    run.show(b.name + ": comparing the builds' timed code under callgrind");
    check_timed_code(*run.code_tools, {builds.base.front(), builds.candidate.front()}, b, run.options.timeout_seconds,
                     row, notes);
    run.line.clear();
  }
  run.benchmark_done(row, pairs_seconds);
  return row;
}

// The suite's geometric mean of the time ratios, over the compared rows' log-ratios. At the
// rows' per-look level: a row's interval, alone, is its own geometric mean, and the mean
// of several is no narrower than the stopping rule and the Bonferroni share allow. It
// holds with the rows at 95%, as they are stated.
std::optional<stats::RatioInterval> suite_geomean(const std::vector<stats::LogRatioEstimate>& suite,
                                                  const PairDesign& design) {
  if (suite.empty()) return std::nullopt;
  stats::RatioInterval geomean = stats::geomean_of_log_ratios(suite, design.look_level);
  if (!std::isfinite(geomean.estimate)) return std::nullopt;
  geomean.level = 0.95;
  geomean.p_value = NAN;
  return geomean;
}

// The benchmarks as callgrind workers are told them (--metric instructions).
std::vector<CountedBenchmark> counted_benchmarks(const std::vector<const Listed*>& common) {
  std::vector<CountedBenchmark> counted;
  for (const Listed* b : common) {
    counted.push_back({b->name, callgrind_target(*b)});
  }
  return counted;
}

// The binaries each side names (a directory: its layout variants), as many on both sides.
Builds resolve_builds(const AbOptions& options) {
  Builds builds{compare::side_binaries(options.base), compare::side_binaries(options.candidate)};
  if (builds.base.size() != builds.candidate.size())
    throw runner::UsageError(fmt::format(
        "{} holds {} layout variants and {} holds {}: give each side the same number (one binary each, or a directory "
        "of variants each)",
        options.base, builds.base.size(), options.candidate, builds.candidate.size()));
  return builds;
}

// The benchmarks a side's binaries declare: the same in every layout variant, or the side
// is not variants of one build.
std::vector<Listed> list_side(const std::vector<std::string>& binaries, const AbOptions& options) {
  auto first = list_benchmarks(binaries.front(), options.filter, options.timeout_seconds);
  for (std::size_t k = 1; k < binaries.size(); ++k) {
    const auto other = list_benchmarks(binaries[k], options.filter, options.timeout_seconds);
    const bool same = std::equal(first.begin(), first.end(), other.begin(), other.end(),
                                 [](const Listed& a, const Listed& b) { return a.name == b.name; });
    if (!same)
      throw runner::UsageError(fmt::format("{} and {} declare different benchmarks: not layout variants of one build",
                                           binaries.front(), binaries[k]));
  }
  return first;
}

// Sequential (pairs added until the answer is known), or one look: after --pairs N, or over
// the layout variants.
PairPlan plan_of(const AbOptions& options, const Builds& builds, std::size_t benchmarks) {
  PairPlan plan;
  plan.pairs_per_unit = options.duet ? 2 : 1;
  plan.budget_seconds = options.budget_seconds;
  if (builds.variants()) {
    plan.design = fixed_design(builds.base.size(), benchmarks);
    plan.fixed_pairs = builds.base.size() * rounds_per_variant(options.pairs, builds.base.size(), options.duet);
  } else if (options.pairs == 0) {
    plan.design = sequential_design(kMostPairs / plan.pairs_per_unit, benchmarks);
  } else {
    plan.design = fixed_design(static_cast<std::size_t>(options.pairs) / plan.pairs_per_unit, benchmarks);
    plan.fixed_pairs = static_cast<std::size_t>(options.pairs);
  }
  return plan;
}

// Pairs on this machine: its best clock, and the sample length it allows.
Setup local_setup() {
  clock::select_best();
  const auto clock = clock::characterize_active();
  return {clock::tsc_ghz(), analysis::target_sample_ns(clock.resolution_ns, clock.overhead_ns)};
}

}  // namespace

compare::CompareReport run_ab(const AbOptions& options) {
  // Slurm is found and asked before anything runs; the node is allocated once the
  // comparison is known to have something to run.
  std::optional<SlurmSite> slurm;
  if (options.launcher == runner::LauncherKind::slurm) slurm.emplace();
  const std::string valgrind = options.metric == compare::Metric::instructions
                                   ? runner::require_valgrind("--metric instructions")
                                   : std::string();
  const Builds builds = resolve_builds(options);
  const auto base_list = list_side(builds.base, options);
  const auto candidate_list = list_side(builds.candidate, options);
  compare::CompareReport report;
  report.options.threshold = options.threshold;
  report.options.seed = options.seed.value_or(std::random_device{}());
  report.intervals_adjusted = true;
  const std::vector<int> cpus = allowed_cpus();
  check_duet(options, cpus.size());
  const std::vector<const Listed*> common = match_benchmarks(base_list, candidate_list, report);
  if (common.empty()) throw runner::UsageError(options.base + " and " + options.candidate + ": no benchmark in common");
  if (options.metric == compare::Metric::instructions) {
    // A count does not depend on where the code sits: the first variant of each side.
    AbOptions first = options;
    first.base = builds.base.front();
    first.candidate = builds.candidate.front();
    count_ab_instructions(first, valgrind, counted_benchmarks(common), report);
    return report;
  }

  runner::install_interrupt_handlers();
  const bool identical = identical_builds(builds.base, builds.candidate);
  if (slurm) {
    slurm->allocate(options, builds.base.front());
    report.notes.push_back(slurm->note());
  }
  AbRun run{options,
            slurm ? slurm->setup() : local_setup(),
            plan_of(options, builds, common.size()),
            cpus,
            std::mt19937_64(report.options.seed),
            runner::Progress(runner::progress_style(options.quiet)),
            0,
            common.size(),
            identical ? std::nullopt : find_code_tools(report.notes),
            identical,
            0,
            0.0};
  report.replicates = builds.variants() ? "layout variants" : "pairs";
  report.method = builds.variants() ? describe_variants(options, run.plan.design, builds, common.size())
                                    : describe(options, run.plan.design, common.size());
  report.method += fmt::format("; the workers' memory-layout shifts from seed {} (--seed {} repeats them)",
                               report.options.seed, report.options.seed);
  std::vector<stats::LogRatioEstimate> suite;
  for (const Listed* b : common) {
    if (options.duet && static_cast<std::size_t>(b->threads) > cpus.size() / 2)
      report.notes.push_back(fmt::format("{}: {} threads per side on {} CPUs per side; the two sides compete for them",
                                         b->name, b->threads, cpus.size() / 2));
    report.rows.push_back(compare_benchmark(run, builds, *b, report.notes, suite));
    ++run.benchmark;
  }
  report.geomean = suite_geomean(suite, run.plan.design);
  std::vector<std::string> shots;
  for (const Listed* b : common)
    if (b->mode == Mode::ss) shots.push_back(b->name);
  compare::note_slow_starts(report, shots);
  compare::decide_verdicts(report);
  return report;
}

}  // namespace tare::ab

// `tare compare BASE.json NEW.json`: for every benchmark in both files, the ratio NEW/BASE
// of its score with a 95% confidence interval (the wider of a hierarchical bootstrap over
// forks, then samples, and Welch's t interval on the forks' log means: compare/fork_ratio;
// widened by the machine's speed between runs), a verdict against a practical threshold,
// and across the suite the geometric mean of the ratios. Kalibera & Jones: an effect size with its interval, never a bare
// p-value or two scores side by side.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "compare/code_match.hpp"
#include "compare/ratio_verdict.hpp"
#include "results/results.hpp"
#include "stats/ratio.hpp"
#include "stats/summary_ratio.hpp"

namespace tare::compare {

/// What a comparison compares: the benchmarks' scores (time or rate, with intervals over
/// forks), or the instructions per operation callgrind counted (--metric instructions:
/// exact, so the same in every run of the same build).
enum class Metric { time, instructions };

struct CompareOptions {
  double threshold = 0.01;       ///< |ratio - 1| that matters in practice
  std::size_t resamples = 2000;  ///< bootstrap resamples per benchmark
  std::uint64_t seed = 1;
};

/// One side of a comparison, as summarised from its file.
struct Side {
  double score = 0;
  std::size_t forks = 0;
};

/// Benchmarks a results file states only as a score with its interval over worker processes
/// (tare::gbench's Google Benchmark-format rows), by name: no forks or samples to resample.
using Summaries = std::map<std::string, stats::MeanSummary>;

struct CompareRow {
  std::string name;
  std::string unit;
  Side base, candidate;
  stats::RatioInterval ratio;   ///< NEW/BASE of the score
  double adjusted_p = 1;        ///< Holm-adjusted over the suite (NaN: the interval is already adjusted)
  Verdict verdict;              ///< about time: for ops/s, a ratio above 1 is faster
  /// No direction and the threshold undecided only: forks per side (tare ab: pairs) that
  /// would likely settle one or the other (0: unlikely to settle, the estimate sits on the
  /// threshold).
  std::size_t forks_to_settle = 0;
  std::string problem;          ///< non-empty: not compared (failed, too few forks)
  /// tare ab only: why it stopped adding pairs.
  enum class Stop { not_sequential, answer_known, budget, most_pairs } stop = Stop::not_sequential;
  /// tare ab only: each pair's (base mean, new mean), in run order.
  std::vector<std::pair<double, double>> pairs;
  /// The benchmark's timed code on both sides compared (tare ab; tare compare when both
  /// files carry it); nullopt when it was not.
  std::optional<CodeMatch> code;
  /// What was seen of a slow start (tare ab: the first pair's watch; tare compare: the two
  /// runs' first forks', the shorter watch and the longer start); nullopt when nothing was
  /// watched (single shot, a Google Benchmark file).
  std::optional<results::SlowStart> slow_start;
};

struct CompareReport {
  std::vector<CompareRow> rows;
  std::vector<std::string> only_in_base, only_in_candidate;
  std::optional<stats::RatioInterval> geomean;  ///< over the compared rows, as NEW/BASE time
  std::vector<std::string> notes;  ///< caveats about the inputs (e.g. Google Benchmark files)
  /// The runs' reference workload, ns per iteration (0: unknown, e.g. Google Benchmark files;
  /// tare ab pairs the builds in time and leaves them 0).
  double base_reference_ns = 0, candidate_reference_ns = 0;
  /// compare: the machine's speed from run to run (relative SD, the two runs' estimates
  /// combined) folded into every interval; -1 when unknown or not applicable (tare ab).
  double between_runs_sd = -1;
  std::string method;              ///< how intervals and verdicts were computed, in one sentence
  std::string replicates = "forks per side";  ///< what forks_to_settle counts, in words
  /// tare ab: every interval already holds the suite's error rate (repeated intervals at a
  /// Bonferroni share of it), so a direction needs no further adjustment; compare: false,
  /// and a direction also needs its Holm-adjusted p-value below 5%.
  bool intervals_adjusted = false;
  CompareOptions options;
  Metric metric = Metric::time;
};

/// Matches benchmarks by name (which includes the parameters) and compares them. Throws
/// std::runtime_error when the files have no benchmark in common. A benchmark with a summary
/// on either side is compared at the summary level (stats::sides_ratio_interval), the other
/// side, when it has forks, summarised by the Student-t interval of its fork means; the
/// others from their forks (compare/fork_ratio).
CompareReport compare_runs(const results::Run& base, const results::Run& candidate, const CompareOptions& options,
                           const Summaries& base_summaries = {}, const Summaries& candidate_summaries = {});

/// Fills adjusted_p (Holm over the compared rows, unless the intervals are already
/// adjusted), verdict and forks_to_settle of every row whose ratio is computed (problem
/// empty). A direction on a row whose timed code is the same machine code on both sides,
/// placed elsewhere (CodeMatch::moved), is placement (Verdict::placement), and fails no
/// gate; at the same addresses it stays a direction. Shared by compare and ab.
void decide_verdicts(CompareReport& report);

/// Why a gate on "slower" must fail, one line per benchmark it could not clear: a
/// benchmark the new build made slower (the direction named, the estimate beyond the
/// threshold: Verdict::fails_gate); one not compared (a crash, a hang, a timeout, too
/// few forks on a side); one the new build no longer has. A gate fails closed: what it
/// could not check is not a pass. (Benchmarks only the new build has are new, not failed.)
std::vector<std::string> gate_failures(const CompareReport& report);

/// Adds to report.notes the caveats the inputs' own warnings carry (a Google Benchmark
/// file's precision, tare::gbench's repetitions), once per input that has them.
void note_input_caveats(CompareReport& report, const results::Run& base, const results::Run& candidate);

/// Two recorded runs were taken at different moments. Each run timed the same reference
/// workload (report.base_reference_ns, candidate_reference_ns), so a machine that ran at
/// another speed in one of them shows there: adds a note when that differs by more than the
/// threshold, since every ratio moves with it and the verdicts cannot tell that from the code.
void note_machine_speed(CompareReport& report);

/// The benchmark of `run` named `name`, or nullptr.
const results::Benchmark* find_benchmark(const results::Run& run, const std::string& name);

/// Whether a unit is a rate (ops/s): a ratio above 1 is then faster.
bool higher_is_faster(const std::string& unit);

/// Fills each row's `code` from the two runs' Benchmark::code where both have it (the
/// first run of each side, for layout variants: their code is the same by construction);
/// adds a note naming the rows with a direction whose code was not compared.
void match_recorded_code(CompareReport& report, const results::Run& base, const results::Run& candidate);

/// The row's ratio as a ratio of times (for a rate, the reciprocal).
TimeRatio time_ratio(const CompareRow& row);

}  // namespace tare::compare

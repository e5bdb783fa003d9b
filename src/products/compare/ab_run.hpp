// What the benchmarks of one `tare ab` share while their pairs run, and the two designs a
// benchmark's pairs follow: one binary per side (pairs added until the answer is known, or
// --pairs N), or the layout variants of each build (the variant as the top level).
#pragma once

#include <cstddef>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "compare/ab.hpp"
#include "compare/ab_listing.hpp"
#include "compare/ab_pair.hpp"
#include "compare/ab_progress.hpp"
#include "compare/pair_design.hpp"
#include "runner/hot_code_profile.hpp"
#include "runner/progress.hpp"

namespace tare::compare {

/// The binaries of each side: one each, or as many layout variants each.
struct Builds {
  std::vector<std::string> base, candidate;
  bool variants() const { return base.size() > 1; }
};

/// A comparison's shared state: its options, clock, plan of pairs, CPUs, random source,
/// progress line, and the tools that compare the builds' timed code (nullopt: not installed,
/// or not needed: the builds are byte-identical).
struct AbRun {
  const AbOptions& options;
  Setup setup;
  PairPlan plan;
  std::vector<int> cpus;
  std::mt19937_64 rng;
  runner::Progress line;
  std::size_t benchmark = 0, benchmarks = 0;
  std::optional<runner::HotCodeTools> code_tools;
  bool identical_builds = false;  ///< every binary byte-identical to its counterpart (compare/ab_code)
  /// The pairs the benchmarks before this one ran, and the time they took: the pace of a
  /// benchmark that has not run a pair yet.
  std::size_t earlier_pairs = 0;
  double earlier_seconds = 0;

  /// The progress line: which benchmark of how many, the time so far, and `what`.
  void show(const std::string& what);
  /// The progress line before a pair: which benchmark, which pair of how many, the time so
  /// far and left; `detail` follows (the interval so far, the layout variant).
  void show_pair(const std::string& name, std::size_t pairs_done, double benchmark_seconds, const std::string& detail);
  /// A benchmark's pairs are done: their pace counts for the next, and the progress says
  /// how it ended (in a log, at once).
  void benchmark_done(const CompareRow& row, double pairs_seconds);
};

/// One binary per side: pairs run and the interval looked at after each look of the design;
/// in a sequential design, until the answer is known or the budget or the looks are spent.
/// Fills the row's ratio, sides, pairs and stop, and returns the log-ratios the interval is
/// over (a duet's: one per two pairs). Throws WorkerFailure when a worker fails.
std::vector<double> run_paired(AbRun& run, const PairBinaries& binaries, const Listed& b, CompareRow& row);

/// Layout variants: round after round, one pair per variant (variant k of the base with
/// variant k of the new build, the variants in a shuffled order); a variant's log-ratio is
/// the mean of its pairs', and the interval is over the variants (one look). Returns the
/// variants' log-ratios. Throws WorkerFailure when a worker fails.
std::vector<double> run_variants(AbRun& run, const Builds& builds, const Listed& b, CompareRow& row);

/// How a benchmark's next pair warms up: the first watches for a slow start until its
/// processes are --warmup-max-ms old; the others warm up past the one it found (row.slow_start).
PairWatch pair_watch(const AbOptions& options, const CompareRow& row);

/// Pairs per variant: `pairs` (the total asked for, 0: the default of 1 per variant) spread
/// over `variants`, at least 1, and even under a duet (each variant's pairs swap CPUs).
std::size_t rounds_per_variant(int pairs, std::size_t variants, bool duet);

}  // namespace tare::compare

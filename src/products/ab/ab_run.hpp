// What the benchmarks of one `tare ab` share while their pairs run, and how each pair warms
// up. The two designs a benchmark's pairs follow are ab/run_paired.hpp (one binary per side)
// and ab/run_variants.hpp (the layout variants of each build).
#pragma once

#include <cstddef>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "ab/ab.hpp"
#include "ab/ab_listing.hpp"
#include "ab/ab_pair.hpp"
#include "ab/ab_progress.hpp"
#include "ab/pair_design.hpp"
#include "runner/hot_code_profile.hpp"
#include "runner/progress.hpp"

namespace tare::ab {

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
  bool identical_builds = false;  ///< every binary byte-identical to its counterpart (ab/ab_code)
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
  void benchmark_done(const compare::CompareRow& row, double pairs_seconds);
};

/// How a benchmark's next pair warms up: the first watches for a slow start until its
/// processes are --warmup-max-ms old; the others warm up past the one it found (row.slow_start).
PairWatch pair_watch(const AbOptions& options, const compare::CompareRow& row);

}  // namespace tare::ab

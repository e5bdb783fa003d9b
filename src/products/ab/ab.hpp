// `tare ab BASE_BINARY NEW_BINARY`: the same benchmarks from two builds, paired in time.
// For each benchmark, `pairs` times: one worker process of each build is started, both
// are set up, calibrated to one shared batch size (so fixed costs amortise alike) and
// warmed up; then their samples are taken alternately in lock-step, A B B A ..., so that
// whatever the machine does hits both sides of each pair alike. Each pair gives one
// log-ratio; the pair is the top level of the interval (stats::paired_ratio). Renewing
// the pair of processes samples per-process luck (layout) too. With `duet`, the two run at
// the same time on different CPUs instead (pair_cpus.hpp says which). Pairs are added
// until the answer is known (pair_design.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "compare/compare.hpp"
#include "runner/options.hpp"

namespace tare::ab {

struct AbOptions {
  std::string base, candidate;       ///< the two benchmark binaries
  std::optional<std::string> filter; ///< passed to --list-json of both
  int pairs = 0;                     ///< 0: sequential (pair_design.hpp); N: exactly N pairs
  double budget_seconds = 30;        ///< sequential: machine time per benchmark at most
  double measure_ms = 50;            ///< measured time per side per pair
  double warmup_max_ms = 1000;
  double timeout_seconds = 30;
  double threshold = 0.01;
  bool duet = false;                 ///< both sides at once on different CPUs (pair_cpus.hpp)
  bool quiet = false;                ///< no progress on stderr
  /// The memory-layout shifts of the pairs' workers; nullopt: a random one, reported (as a
  /// run's: repeated comparisons sample other layouts, and any one can be replayed).
  std::optional<std::uint64_t> seed;
  /// instructions: callgrind's counts instead of time (ab/ab_instructions.hpp); pairs,
  /// budget, measure_ms, warmup_max_ms and duet then do not apply.
  compare::Metric metric = compare::Metric::time;
  /// slurm: every pair's two workers are job steps on one node of an exclusive allocation
  /// (ab/ab_slurm.hpp; slurm.nodes is not used: one node); local: child processes here.
  runner::LauncherKind launcher = runner::LauncherKind::local;
  runner::SlurmRequest slurm;
};

/// Runs the paired comparison and returns it as a CompareReport (one row per benchmark in
/// both binaries). Throws UsageError for binaries that do not exist, are not tare
/// benchmarks, or share no benchmark; a benchmark whose worker fails becomes a row with a
/// problem, and the others still run.
compare::CompareReport run_ab(const AbOptions& options);

}  // namespace tare::ab

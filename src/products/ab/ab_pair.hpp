// One pair of `tare ab`: a worker process of each build, both alive at once, set up,
// calibrated to one shared batch size (so fixed costs amortise alike; each step taken by
// both), then warmed up and measured sample by sample together (lock-step A B B A on the
// same CPUs, or a duet on different CPUs): neither side comes to the measurement with the
// shared caches to itself.
// One pair gives one mean per side.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ab/ab.hpp"
#include "ab/ab_listing.hpp"
#include "ab/pair_cpus.hpp"
#include "results/results.hpp"
#include "runner/launcher.hpp"

namespace tare::ab {

/// What every pair of a comparison shares: the clock, the time a sample aims at, and how its
/// workers are started (the runner's launcher seam; both sides of a pair through the same).
struct Setup {
  double tsc_ghz = 0;
  double sample_target_ns = 1e6;
  const runner::Launcher* launcher = &runner::local_launcher();
};

/// The two binaries one pair runs (with layout variants, one variant of each build).
struct PairBinaries {
  std::string base, candidate;
};

/// How far into their processes' lives a pair warms up: the first pair of a benchmark
/// watches both for a slow start until they are `horizon_ns` old (and twice that when the
/// speed still changed late), as a run's first fork does; later pairs warm up past the one
/// it found (`until_age_ns`).
struct PairWatch {
  bool to_horizon = false;
  double horizon_ns = 0;
  double until_age_ns = 0;
};

/// The pair's mean score per side (the benchmark's mode: time or rate per operation), and
/// with PairWatch::to_horizon what the watch saw: the longer slow start of the two sides.
struct Pair {
  double base_mean = 0, candidate_mean = 0;
  std::optional<results::SlowStart> slow_start;
};

/// Runs one pair of benchmark `b` with the worker layout drawn from `layout_seed`, the
/// sides pinned as `cpus` says. Throws WorkerFailure when a worker fails.
Pair run_pair(const AbOptions& options, const PairBinaries& binaries, const Listed& b, const Setup& setup,
              std::uint64_t layout_seed, const PairCpus& cpus, const PairWatch& watch = {});

}  // namespace tare::ab

// Synthetic forks with a known shape, for the fork-analysis and slow-start tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>

#include "analysis/fork_analysis.hpp"

namespace tare_test {

inline constexpr std::uint64_t kSyntheticOps = 1000;

/// `calibration` samples of other batch sizes, then `warmup` + `measured` samples of
/// kSyntheticOps ops each, whose ns/op is `level(i)` (i counts from the first
/// post-calibration sample) times (1 + normal noise of SD `noise`).
template <class Level>
tare::results::Fork synthetic_fork(std::size_t calibration, std::size_t warmup, std::size_t measured, Level level,
                                   std::uint64_t seed, double noise = 0.005) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> relative(0, noise);
  tare::results::Fork f;
  f.ops_per_sample = kSyntheticOps;
  for (std::size_t i = 0; i < calibration; ++i) f.warmup.push_back(tare::results::Sample{10, 5000.0, 0, {}});
  for (std::size_t i = 0; i < warmup + measured; ++i) {
    const double per_op = level(i) * (1 + relative(rng));
    const tare::results::Sample s{kSyntheticOps, per_op * kSyntheticOps, per_op * kSyntheticOps, {}};
    (i < warmup ? f.warmup : f.samples).push_back(s);
  }
  return f;
}

/// What the fork analysis is told: `calibration` leading samples, a 30 ns clock.
inline tare::analysis::ForkAnalysisInput analysis_input(std::size_t calibration) {
  tare::analysis::ForkAnalysisInput in;
  in.calibration_samples = calibration;
  in.clock_resolution_ns = 30;
  return in;
}

}  // namespace tare_test

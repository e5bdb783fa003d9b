// What a fork's samples say about themselves, once the fork has finished: where its steady
// state began (changepoints and Barrett et al.'s classification over the whole series,
// warmup included), which samples therefore count as measurement, whether those are
// independent, and the fork's mean. Pure: it reads and edits a results::Fork only.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "registry/registry.hpp"
#include "results/results.hpp"
#include "stats/steady_state.hpp"

namespace tare::analysis {

struct ForkAnalysisInput {
  Mode mode = Mode::avgt;
  int threads = 1;
  std::size_t calibration_samples = 0;  ///< leading warmup samples taken while calibrating (other batch sizes)
  double clock_resolution_ns = 0;       ///< quantization of one sample's time
  double delta = 0.05;                  ///< segments closer than this (relative) are the same speed
};

/// Fewer values than this and a fork is "unchecked": changepoints need data.
inline constexpr std::size_t kFewestToClassify = 8;
/// Longer series are judged on block means (PELT is quadratic when nothing changes).
inline constexpr std::size_t kMaxSeries = 1000;

/// Where a fork's steady state begins, judged by changepoints on its series (the warmup
/// after calibration, then the measured samples; in sample mode the measured calls only).
/// Indices are into warmup followed by samples. Reads the fork only, so it also serves a
/// fork still warming up.
struct SteadyLocation {
  stats::SeriesShape kind = stats::SeriesShape::flat;
  std::size_t steady_begin = 0;           ///< for no steady state: where the last segment begins
  std::vector<std::size_t> changepoints;  ///< where each new segment begins
  std::size_t outliers = 0;               ///< values set aside from changepoint detection
};
/// nullopt when the series is too short to judge (fewer than kFewestToClassify values).
std::optional<SteadyLocation> locate_steady_state(const results::Fork& fork, const ForkAnalysisInput& input);

/// Classifies the fork, moves measured samples that evidence shows were still warming up
/// into `warmup` (never more than half of them: a later change means "no steady state"),
/// and fills steady_class, steady_first_index, changepoints, outliers, lag1, dependent,
/// mean and measured_ns. Single-shot forks only get their mean.
void analyze_fork(results::Fork& fork, const ForkAnalysisInput& input);

/// The results model's class of a fork for the shape stats::classify_fork found, and back:
/// nullopt for the classes stats does not give (unchecked, single shot).
results::SteadyClass fork_class(stats::SeriesShape kind);
std::optional<stats::SeriesShape> series_shape(results::SteadyClass steady_class);

/// A sample's value in the benchmark's unit (ns/op per thread, or ops/s overall).
double sample_value(const results::Sample& sample, Mode mode, int threads);

}  // namespace tare::analysis

// The pictures of one benchmark's run, from plain numbers: the warmup samples per fork, the
// measured samples in run order per fork (changepoints, disturbed samples), the fork means
// with the score's interval, and the distribution of the measured samples.
//
// The axes fit what the score rests on: the measured, undisturbed samples of the scored
// forks. Warmup has a panel of its own, whose axis takes in the undisturbed warmup after
// calibration as well. A sample beyond a chart's axis is drawn at its edge (or, in the
// histogram, left out) and the chart says above its data area how many are.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "html/plot.hpp"

namespace tare::html {

/// One worker process's samples, warmup first, in the benchmark's unit.
struct ForkSeries {
  std::vector<double> values;
  std::size_t calibration = 0;            ///< leading warmup samples timed in smaller batches, while the
                                          ///< batch size was found: the clock's cost weighs on them
  std::size_t measured_from = 0;          ///< index of the first measured sample (the warmup cut)
  std::vector<std::size_t> changepoints;  ///< indices where a new segment begins
  std::vector<bool> disturbed;            ///< per value; empty where the waits are unknown
  std::optional<double> mean;             ///< the fork's score
  bool scored = true;                     ///< counted in the benchmark's score
};

/// The score and its headline 95% interval (absent with fewer than two forks), with the
/// interval's name for the tooltips ("95% interval across runs").
struct Estimate {
  std::optional<double> score;
  std::optional<Range> ci;
  std::string ci_label = "95% interval";
};

/// The values the axes fit: the measured, undisturbed samples of the scored forks (failing
/// those, the measured samples of any fork, then every sample).
std::vector<double> fitted_values(const std::vector<ForkSeries>& forks);

/// Each fork's warmup, with the score's level; empty when no fork has warmup samples.
std::string warmup_chart(const std::vector<ForkSeries>& forks, const Estimate& estimate, const std::string& unit);
/// Each fork's measured samples in run order; as wide as a row less the warmup panel beside it.
std::string run_sequence_chart(const std::vector<ForkSeries>& forks, const std::string& unit);
std::string fork_means_chart(const std::vector<ForkSeries>& forks, const Estimate& estimate, const std::string& unit);
/// A histogram of the measured samples of the scored forks.
std::string distribution_chart(const std::vector<ForkSeries>& forks, const Estimate& estimate, const std::string& unit);

}  // namespace tare::html

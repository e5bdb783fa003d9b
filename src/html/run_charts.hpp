// The three pictures of one benchmark's run, from plain numbers: every sample in run order
// per fork (warmup, the cut, changepoints, disturbed samples), the fork means with the
// score's interval, and the distribution of the measured samples.
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

std::string run_sequence_chart(const std::vector<ForkSeries>& forks, const std::string& unit);
std::string fork_means_chart(const std::vector<ForkSeries>& forks, const Estimate& estimate, const std::string& unit);
/// A histogram of the measured samples of the scored forks.
std::string distribution_chart(const std::vector<ForkSeries>& forks, const Estimate& estimate, const std::string& unit);

}  // namespace tare::html

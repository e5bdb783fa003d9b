#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace tare::stats {

// Barrett et al.'s (OOPSLA 2017) classes of one fork's run-order series: what classify_fork
// can find. The results model's SteadyClass (results/results.hpp) is the one a fork carries;
// it adds the forks never classified (unchecked, single shot), and analysis/fork_analysis
// maps between the two.
enum class SeriesShape { flat, warmup, slowdown, no_steady_state };

// "flat", "warmup", "slowdown", "no steady state".
const char* to_string(SeriesShape c);

struct SteadyStateOptions {
  double delta = 0.01;          // relative equivalence band (fraction of the fastest segment mean)
  double quantization = 0;      // clock quantization in the unit of the values: variance floor
                                // q²/12, min outlier spread q, and Δ ≥ q
  std::size_t last_window = 0;  // L; 0 → n / 4 (Barrett: 500 of 2000)
  double penalty = -1;          // < 0: 15 · ln n (n = number of values left after removing
                                // outliers)
  std::size_t outlier_window = 200;
};

struct SteadyState {
  SeriesShape kind = SeriesShape::flat;
  // Indices into the INPUT series (outliers mapped back), where each segment begins.
  std::vector<std::size_t> changepoints;
  // Indices into the input series excluded from changepoint detection.
  std::vector<std::size_t> outliers;
  // Index into the input series where the steady state begins; for no_steady_state: the
  // start of the last segment.
  std::size_t steady_begin = 0;
  double steady_mean = 0;  // mean of xs[steady_begin..] (outliers included)
};

// Classifies one fork's series of per-operation times (lower = faster) in run order.
// n < 4: flat, no changepoints.
// Outliers (rolling_outliers) are set aside, PELT (pelt_meanvar) cuts the rest into
// segments, and the last segment is the steady-state candidate. Earlier segments whose
// medians lie within max(delta × the smallest |segment median|, the last segment's SD,
// quantization) of its median are
// equivalent to it; the latest one that is not decides: ending within the last L values, no
// steady state; faster than the band, slowdown; slower, warmup. None: flat.
SteadyState classify_fork(std::span<const double> xs, const SteadyStateOptions& options = {});

// Across forks: "flat"/"warmup"/"slowdown"/"no steady state" when all forks agree, "good
// inconsistent" for a mix of only flat and warmup, else "bad inconsistent". Empty input: "".
std::string classify_forks(std::span<const SeriesShape> classes);

}  // namespace tare::stats

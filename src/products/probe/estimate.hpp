// From a probe's raw counters to its estimate: pure arithmetic, no clocks, no threads, so
// that it is tested on simulated readings with known truth.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "tare/probe.hpp"

namespace tare::probe {

/// A probe's counters summed over threads.
struct Totals {
  std::string name;
  std::string clock;
  std::int64_t resolution_ns = 1;
  std::uint64_t calls = 0;
  std::uint64_t zero_calls = 0;
  std::int64_t sum_ns = 0;
  double sum_sq_ns = 0;
  std::uint64_t sampled = 0;
  double sampled_sum_ns = 0;
  double sampled_sum_sq_ns = 0;
  std::int64_t fine_overhead_ns = 0;  ///< subtracted from each sampled reading (the probe's own reads)
  std::array<std::uint64_t, detail::kPhaseBins> phase_bins{};
  // Complete batches (see detail::Accumulator) and their sums.
  std::uint64_t batches = 0;
  double batch_sum = 0, batch_calls = 0, batch_sum_sq = 0, batch_sum_calls = 0, batch_calls_sq = 0;
};

/// The interval comes from the batches once there are this many (else from single readings,
/// as if independent).
inline constexpr std::uint64_t kMinBatches = 20;

inline constexpr std::uint64_t kMinCalls = 30;
inline constexpr std::uint64_t kMinTickCrossings = 10;
/// Phase uniformity needs this many sampled calls (10 expected per bin).
inline constexpr std::uint64_t kMinPhaseSamples = 10 * detail::kPhaseBins;
/// Phase lock is reported below this p-value (strict: a false alarm would discredit a
/// correct estimate, and a real lock gives p-values far smaller).
inline constexpr double kPhaseLockAlpha = 1e-3;

/// The estimate, its interval, the phase check and the warnings (see Stats).
Stats estimate(const Totals& totals);

/// ... and at least this far from uniform (total variation distance).
inline constexpr double kPhaseLockDeviation = 0.25;
/// ... or the coarse estimate at least this far (relative) from the fine sample's, beyond
/// both estimates' sampling error: a bias worth a warning.
inline constexpr double kMaterialBias = 0.25;

/// "850 ns", "4.19 us", "4 ms", "1.5 s" (3 significant digits; "-" for NaN): the probes'
/// reports and warnings.
std::string duration_text(double ns);

/// Chi-square test that `bins` come from a uniform distribution; p-value (NaN if empty).
double uniformity_p_value(const std::array<std::uint64_t, detail::kPhaseBins>& bins);
/// Total variation distance between the bins' distribution and the uniform one (NaN if
/// empty): half the sum of |share - 1/16|.
double uniformity_deviation(const std::array<std::uint64_t, detail::kPhaseBins>& bins);

}  // namespace tare::probe

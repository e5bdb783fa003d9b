#pragma once

// Repeated confidence intervals (Jennison & Turnbull 1989) for a mean observed in a
// group-sequential design: the data are looked at after n_1 < n_2 < ... < n_K
// observations, and at every look a Student-t interval is formed at one per-look level
// 1 - alpha_look, chosen so that the intervals of all K looks cover the true mean together
// with probability 1 - alpha (Pocock's constant nominal level). Because the coverage is
// simultaneous, any decision read off the interval at whichever look the experiment stops,
// for whatever reason (a clear answer, a budget), keeps its error rate under alpha: the
// optional stopping that breaks a fixed-sample t-test is allowed here by construction.
//
// The per-look level is found by simulation of normal observations (the t-statistic's
// law does not depend on the mean or the spread, so one simulation serves every
// experiment with the same looks); it is exact up to Monte Carlo error.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tare::stats {

/// Observation counts at which to look: first, then growing by `growth` (at least +1 each
/// time), up to and including `most`. first >= 2 (a t-interval needs a spread), growth > 1.
/// Empty when most < first.
std::vector<std::size_t> look_schedule(std::size_t first, std::size_t most, double growth = 1.25);

/// The two-sided per-look error alpha_look such that Student-t intervals at level
/// 1 - alpha_look at every look in `looks` (increasing, each >= 2) all cover the mean with
/// probability 1 - alpha, for independent normal observations; `simulations` experiments
/// seeded with `seed`. One look: alpha itself. NaN for empty looks, alpha outside (0, 1)
/// or simulations < 100.
double repeated_interval_alpha(const std::vector<std::size_t>& looks, double alpha,
                               std::size_t simulations = 20000, std::uint64_t seed = 1);

}  // namespace tare::stats

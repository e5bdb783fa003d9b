#pragma once

// Seeded synthetic data for the stats tests: libstdc++ and the seeds are fixed, so every
// run sees the same numbers and the tolerance checks below cannot flake.

#include <cmath>
#include <cstddef>
#include <random>
#include <vector>

#include "stats/descriptive.hpp"

namespace tare::stats::testing {

/// The score over forks: the mean of the forks' means.
inline double mean_of_fork_means(const std::vector<std::vector<double>>& forks) {
  double sum = 0.0;
  for (const auto& f : forks) sum += mean(f);
  return sum / static_cast<double>(forks.size());
}

inline std::vector<double> normal_sample(std::mt19937_64& rng, std::size_t n, double mean,
                                         double sd) {
  std::normal_distribution<double> dist(mean, sd);
  std::vector<double> xs(n);
  for (double& x : xs) x = dist(rng);
  return xs;
}

// `before` for [0, at), `after` from `at` on, plus N(0, sd): a planted changepoint.
inline std::vector<double> step_series(std::mt19937_64& rng, std::size_t n, std::size_t at,
                                       double before, double after, double sd) {
  auto xs = normal_sample(rng, n, 0.0, sd);
  for (std::size_t j = 0; j < n; ++j) xs[j] += j < at ? before : after;
  return xs;
}

// AR(1) series x_t = mean + e_t, e_t = phi e_{t-1} + N(0, innovation_sd^2), |phi| < 1.
// e_0 is drawn from the stationary distribution N(0, innovation_sd^2 / (1 - phi^2)), so
// there is no start-up transient. Its long-run variance is innovation_sd^2 / (1 - phi)^2.
inline std::vector<double> ar1_series(std::mt19937_64& rng, std::size_t n, double mean,
                                      double phi, double innovation_sd) {
  std::normal_distribution<double> innovation(0.0, innovation_sd);
  std::vector<double> xs(n);
  double e = innovation(rng) / std::sqrt(1.0 - phi * phi);
  for (std::size_t t = 0; t < n; ++t) {
    if (t > 0) e = phi * e + innovation(rng);
    xs[t] = mean + e;
  }
  return xs;
}

// Two-level data: `forks` forks of `per_fork` samples; fork f's samples are
// mean + u_f + N(0, sd_sample^2) with u_f ~ N(0, sd_fork^2), all independent.
inline std::vector<std::vector<double>> hierarchical_sample(std::mt19937_64& rng,
                                                            std::size_t forks,
                                                            std::size_t per_fork, double mean,
                                                            double sd_fork, double sd_sample) {
  std::normal_distribution<double> offset(0.0, sd_fork);
  std::vector<std::vector<double>> data(forks);
  for (auto& fork : data) fork = normal_sample(rng, per_fork, mean + offset(rng), sd_sample);
  return data;
}

// As hierarchical_sample, but the samples inside each fork are a stationary AR(1) series
// around mean + u_f (dependent within a fork, independent between forks).
inline std::vector<std::vector<double>> hierarchical_ar1_sample(
    std::mt19937_64& rng, std::size_t forks, std::size_t per_fork, double mean,
    double sd_fork, double phi, double innovation_sd) {
  std::normal_distribution<double> offset(0.0, sd_fork);
  std::vector<std::vector<double>> data(forks);
  for (auto& fork : data) {
    fork = ar1_series(rng, per_fork, mean + offset(rng), phi, innovation_sd);
  }
  return data;
}

}  // namespace tare::stats::testing

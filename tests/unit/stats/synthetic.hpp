#pragma once

// Seeded synthetic data for the stats tests: libstdc++ and the seeds are fixed, so every
// run sees the same numbers and the tolerance checks below cannot flake.

#include <cstddef>
#include <random>
#include <vector>

namespace tare::stats::testing {

inline std::vector<double> normal_sample(std::mt19937_64& rng, std::size_t n, double mean,
                                         double sd) {
  std::normal_distribution<double> dist(mean, sd);
  std::vector<double> xs(n);
  for (double& x : xs) x = dist(rng);
  return xs;
}

}  // namespace tare::stats::testing

#include "ab/pair_design.hpp"

#include <algorithm>

#include "stats/sequential.hpp"

namespace tare::ab {
namespace {

constexpr double kSuiteAlpha = 0.05;
constexpr std::size_t kFirstLook = 3;  // the fewest log-ratios whose t-interval is of use

double shared_alpha(std::size_t benchmarks) { return kSuiteAlpha / static_cast<double>(std::max<std::size_t>(benchmarks, 1)); }

}  // namespace

PairDesign sequential_design(std::size_t most_units, std::size_t benchmarks) {
  PairDesign design;
  design.looks = stats::look_schedule(kFirstLook, std::max(most_units, kFirstLook));
  // Seeded: the same looks give the same level, run after run.
  design.look_level = 1 - stats::repeated_interval_alpha(design.looks, shared_alpha(benchmarks), 20000, 1);
  return design;
}

PairDesign fixed_design(std::size_t units, std::size_t benchmarks) {
  return {{std::max<std::size_t>(units, 2)}, 1 - shared_alpha(benchmarks)};
}

bool next_look_fits(double elapsed_seconds, std::size_t units, std::size_t next_look, double budget_seconds) {
  if (units == 0) return true;
  return elapsed_seconds / static_cast<double>(units) * static_cast<double>(next_look) <= budget_seconds;
}

}  // namespace tare::ab

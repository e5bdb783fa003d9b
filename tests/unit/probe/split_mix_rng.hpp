// A portable random generator for the probe's simulations (SplitMix64 and its own
// distributions): the same numbers from every compiler and standard library
// (std::uniform_int_distribution and friends are not specified bit for bit), and cheap, so
// that the simulated calls cost little more than the probe itself.
#pragma once

#include <cmath>
#include <cstdint>

namespace tare::probe::testing {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() noexcept {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// Uniform on [lo, hi] (modulo bias below 1e-12 for the ranges used here).
  std::int64_t uniform(std::int64_t lo, std::int64_t hi) noexcept {
    return lo + static_cast<std::int64_t>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  /// Uniform on [0, 1).
  double unit() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  /// Exponential with this mean, rounded down to whole ns.
  std::int64_t exponential(double mean) noexcept { return static_cast<std::int64_t>(-mean * std::log1p(-unit())); }

 private:
  std::uint64_t state_;
};

}  // namespace tare::probe::testing

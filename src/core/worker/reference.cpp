#include "worker/reference.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "tare/consume.hpp"
#include "tare/detail/ticks.hpp"

namespace tare::worker {
namespace {

constexpr int kIterations = 100'000;
constexpr int kRepetitions = 5;

// Integer arithmetic, a dependent chain through an L1-resident table and a data-dependent
// branch: the kind of work most microbenchmarks do, so its speed moves when theirs does.
// Never changed between versions: reference times are comparable across runs.
__attribute__((noinline)) std::uint64_t reference_loop(std::uint64_t seed) {
  std::array<std::uint32_t, 1024> table;  // 4 KiB
  for (std::size_t i = 0; i < table.size(); ++i) table[i] = static_cast<std::uint32_t>(i * 2654435761u);
  std::uint64_t x = seed | 1;
  std::uint64_t sum = 0;
  for (int i = 0; i < kIterations; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    const std::uint32_t t = table[(x ^ sum) & 1023];
    if (t & 1) sum += t;
    else sum ^= x;
  }
  return sum;
}

}  // namespace

double time_reference_workload() {
  // One untimed run first: the first run after a process starts also pays for cold code
  // and data, which is not the machine's speed.
  tare::consume(reference_loop(tare::opaque(std::uint64_t{1})));
  std::array<double, kRepetitions> ns{};
  for (double& t : ns) {
    // Through opaque(): the compiler must not precompute the loop from a known seed.
    const std::uint64_t seed = tare::opaque(std::uint64_t{0x9e3779b97f4a7c15ull});
    const std::uint64_t start = detail::monotonic_ns();
    tare::consume(reference_loop(seed));
    t = static_cast<double>(detail::monotonic_ns() - start) / kIterations;
  }
  std::nth_element(ns.begin(), ns.begin() + kRepetitions / 2, ns.end());
  return ns[kRepetitions / 2];
}

}  // namespace tare::worker

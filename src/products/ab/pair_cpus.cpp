#include "ab/pair_cpus.hpp"

#include <sched.h>

#include <algorithm>
#include <cstddef>

namespace tare::ab {
namespace {

// `count` CPUs out of `pool`, starting at `start` and wrapping around.
std::vector<int> window(const std::vector<int>& pool, std::size_t start, std::size_t count) {
  std::vector<int> cpus;
  for (std::size_t i = 0; i < count; ++i) cpus.push_back(pool[(start + i) % pool.size()]);
  return cpus;
}

}  // namespace

std::vector<int> allowed_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cpus;
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
      if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
  return cpus;
}

PairCpus pair_cpus(const std::vector<int>& allowed, int threads, int pair, bool duet) {
  const auto wanted = static_cast<std::size_t>(std::max(threads, 1));
  const auto p = static_cast<std::size_t>(std::max(pair, 0));
  if (!duet) {
    if (allowed.empty()) return {};
    const std::size_t count = std::min(wanted, allowed.size());
    auto cpus = window(allowed, p * count, count);
    return {cpus, cpus};
  }
  if (allowed.size() < 2) return {};
  const std::size_t half = allowed.size() / 2;
  const std::vector<int> first(allowed.begin(), allowed.begin() + static_cast<std::ptrdiff_t>(half));
  const std::vector<int> second(allowed.begin() + static_cast<std::ptrdiff_t>(half),
                                allowed.begin() + static_cast<std::ptrdiff_t>(2 * half));
  const std::size_t count = std::min(wanted, half);
  // Within a half, rotate every two pairs: each rotation step then gives both sides each half once.
  const std::size_t start = (p / 2) * count;
  auto a = window(first, start, count), b = window(second, start, count);
  if (p % 2 == 1) std::swap(a, b);
  return {a, b};
}

}  // namespace tare::ab

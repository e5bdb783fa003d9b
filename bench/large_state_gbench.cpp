// Google Benchmark sources whose state is large: a pointer chase through a 64 MiB table
// built once per process, its position in a local before the loop, and lookups in a hash
// map of 10^6 entries. Two byte-identical copies compared with tare ab must show no
// difference, and no side favoured (bench/ab_large_state.sh); the chase's score is Google
// Benchmark's (bench/gbench_calls.sh).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <unordered_map>
#include <vector>

static const std::vector<std::uint32_t>& chase_table() {
  static const std::vector<std::uint32_t> next = [] {
    const std::size_t n = (std::size_t{64} << 20) / sizeof(std::uint32_t);
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::shuffle(order.begin() + 1, order.end(), std::mt19937(7));
    std::vector<std::uint32_t> table(n);
    for (std::size_t i = 0; i + 1 < n; ++i) table[order[i]] = order[i + 1];
    table[order[n - 1]] = order[0];
    return table;
  }();
  return next;
}

static void BM_chase(benchmark::State& state) {
  const auto& next = chase_table();
  std::uint32_t at = 0;  // carried through the whole loop, as under Google Benchmark
  for (auto _ : state) {
    at = next[at];
    benchmark::DoNotOptimize(at);
  }
}
BENCHMARK(BM_chase);

static void BM_map_lookup(benchmark::State& state) {
  static const auto keys_and_map = [] {
    std::mt19937_64 rng(3);
    std::vector<std::uint64_t> keys(1000000);
    std::unordered_map<std::uint64_t, std::uint64_t> map(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) map.emplace(keys[i] = rng(), i);
    std::shuffle(keys.begin(), keys.end(), rng);
    return std::make_pair(std::move(keys), std::move(map));
  }();
  const auto& [keys, map] = keys_and_map;
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(map.find(keys[i])->second);
    i = i + 1 == keys.size() ? 0 : i + 1;
  }
}
BENCHMARK(BM_map_lookup);

BENCHMARK_MAIN();

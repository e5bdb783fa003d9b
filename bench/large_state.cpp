// Benchmarks whose state is large: lookups in 10^6 entries, in a hash map and in a sorted
// array, the state built once per process (trial setup). Two byte-identical copies of this
// binary compared with tare ab must show no difference, and no side favoured:
// bench/ab_large_state.sh.
#include <tare/tare.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <unordered_map>
#include <vector>

namespace {

struct Table {
  std::unordered_map<std::uint64_t, std::uint64_t> map;
  std::vector<std::uint64_t> sorted, keys;
  std::size_t next = 0;  // the key to look up next: the lookups walk the whole table
  explicit Table(const tare::Params& p) {
    const auto n = p.get<std::size_t>("size");
    std::mt19937_64 rng(3);
    map.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      keys.push_back(rng());
      map.emplace(keys.back(), i);
    }
    sorted = keys;
    std::sort(sorted.begin(), sorted.end());
    std::shuffle(keys.begin(), keys.end(), rng);
  }
  std::uint64_t key() {
    const std::uint64_t k = keys[next];
    next = next + 1 == keys.size() ? 0 : next + 1;
    return k;
  }
};

}  // namespace

TARE_BENCHMARKS {
  tare::group<Table>("lookup")
      .param("size", {1000000})
      .bench("std", [](Table& t) { return t.map.find(t.key())->second; })
      .bench("flat", [](Table& t) { return *std::lower_bound(t.sorted.begin(), t.sorted.end(), t.key()); });
}

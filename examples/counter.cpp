// A contended counter. With shared state every thread updates the same
// object, so the benchmark measures contention; one std::atomic against a counter sharded
// per thread (each shard on its own cache line), at 1 and 2 threads. Throughput mode:
// operations per second over all threads.
//
// As the seed warns, the two do not honour the same contract: fetch_add returns a
// linearisable value, the sharded counter's total is only a sum read later. Compare them
// only where both are acceptable.
#include <tare/tare.hpp>

#include <atomic>
#include <cstdint>

namespace {

struct alignas(64) Shard {
  std::atomic<std::uint64_t> value{0};
};

struct Counters {
  std::atomic<std::uint64_t> single{0};
  Shard shards[64];
  std::uint64_t sharded_total() const {
    std::uint64_t total = 0;
    for (const auto& s : shards) total += s.value.load(std::memory_order_relaxed);
    return total;
  }
};

}  // namespace

TARE_BENCHMARKS {
  tare::group<Counters>("counter")
      .shared()
      .threads({1, 2})
      .mode(tare::Mode::thrpt)
      .bench("atomic", [](Counters& c) { return c.single.fetch_add(1, std::memory_order_relaxed); })
      .bench("sharded", [](Counters& c) {
        c.shards[tare::thread_index() & 63].value.fetch_add(1, std::memory_order_relaxed);
      });
}

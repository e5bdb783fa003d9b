#include "probe/probe_sites.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <mutex>
#include <new>

namespace tare::probe {
namespace detail {
namespace {

struct ProbeInfo {
  std::string name;
  std::string clock;
  std::int64_t resolution_ns;
  std::int64_t fine_overhead_ns;
};

// Everything shared, under one mutex: only registration, a thread's first call of a probe,
// thread exit and snapshots take it; the hot path never does.
struct Registry {
  std::mutex mutex;
  std::vector<ProbeInfo> probes;
  std::vector<Totals> retired;         // counters of threads that have ended, by probe id
  std::vector<ThreadSlots*> live;      // threads that have recorded something
};

Registry& registry() {
  static Registry* instance = new Registry;  // never destroyed: threads may end after main
  return *instance;
}

void add(Totals& into, const Accumulator& a) {
  into.calls += a.calls.load(std::memory_order_relaxed);
  into.zero_calls += a.zero_calls.load(std::memory_order_relaxed);
  into.sum_ns += a.sum_ns.load(std::memory_order_relaxed);
  into.sum_sq_ns += a.sum_sq_ns.load(std::memory_order_relaxed);
  into.sampled += a.sampled.load(std::memory_order_relaxed);
  into.sampled_sum_ns += a.sampled_sum_ns.load(std::memory_order_relaxed);
  into.sampled_sum_sq_ns += a.sampled_sum_sq_ns.load(std::memory_order_relaxed);
  for (std::size_t b = 0; b < kPhaseBins; ++b) into.phase_bins[b] += a.phase_bins[b].load(std::memory_order_relaxed);
  into.batches += a.batches.load(std::memory_order_relaxed);
  into.batch_sum += a.batch_sum.load(std::memory_order_relaxed);
  into.batch_calls += a.batch_calls.load(std::memory_order_relaxed);
  into.batch_sum_sq += a.batch_sum_sq.load(std::memory_order_relaxed);
  into.batch_sum_calls += a.batch_sum_calls.load(std::memory_order_relaxed);
  into.batch_calls_sq += a.batch_calls_sq.load(std::memory_order_relaxed);
}

template <class F>
void for_each_accumulator(const ThreadSlots& slots, std::size_t probes, F&& f) {
  for (std::size_t id = 0; id < probes; ++id) {
    const Accumulator* block = slots.blocks[id / kBlockSize].load(std::memory_order_acquire);
    if (block) f(id, block[id % kBlockSize]);
  }
}

// Owns this thread's slots; at thread exit folds them into the retired totals.
struct ThreadOwner {
  ThreadSlots* slots = nullptr;
  ~ThreadOwner() {
    if (!slots) return;
    Registry& r = registry();
    {
      std::lock_guard lock(r.mutex);
      for_each_accumulator(*slots, r.probes.size(), [&](std::size_t id, const Accumulator& a) { add(r.retired[id], a); });
      std::erase(r.live, slots);
    }
    for (auto& block : slots->blocks) delete[] block.load(std::memory_order_relaxed);
    delete slots;
    t_slots = nullptr;
  }
};
thread_local ThreadOwner t_owner;

// Where a call records when memory for its counters cannot be had: counted nowhere.
Accumulator g_discard;

}  // namespace

std::uint32_t register_probe(const char* name, std::int64_t resolution_ns, const char* clock_name,
                             std::int64_t fine_overhead_ns) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  const auto id = static_cast<std::uint32_t>(r.probes.size());
  if (id >= kBlockSize * kMaxBlocks) return kBlockSize * kMaxBlocks;  // slot_slow discards its calls
  r.probes.push_back(ProbeInfo{name, clock_name, resolution_ns, fine_overhead_ns});
  r.retired.emplace_back();
  return id;
}

Accumulator& slot_slow(std::uint32_t id) noexcept {
  if (id >= kBlockSize * kMaxBlocks) return g_discard;
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (!t_owner.slots) {
    t_owner.slots = new (std::nothrow) ThreadSlots;
    if (!t_owner.slots) return g_discard;
    t_slots = t_owner.slots;
    r.live.push_back(t_owner.slots);
  }
  auto& block = t_owner.slots->blocks[id / kBlockSize];
  if (!block.load(std::memory_order_relaxed)) {
    Accumulator* fresh = new (std::nothrow) Accumulator[kBlockSize];
    if (!fresh) return g_discard;
    block.store(fresh, std::memory_order_release);
  }
  return block.load(std::memory_order_relaxed)[id % kBlockSize];
}

void next_batch(Accumulator& a, std::int64_t start_ns, std::int64_t resolution_ns) noexcept {
  const std::uint64_t calls = a.calls.load(std::memory_order_relaxed);
  const std::int64_t sum = a.sum_ns.load(std::memory_order_relaxed);
  if (a.batch_end.load(std::memory_order_relaxed) != 0) {
    const double n = static_cast<double>(calls - a.batch_first_call.load(std::memory_order_relaxed));
    const double total = static_cast<double>(sum - a.batch_first_sum.load(std::memory_order_relaxed));
    bump(a.batches, std::uint64_t{1});
    bump(a.batch_sum, total);
    bump(a.batch_calls, n);
    bump(a.batch_sum_sq, total * total);
    bump(a.batch_sum_calls, total * n);
    bump(a.batch_calls_sq, n * n);
  }
  const std::int64_t window = std::max(kBatchTicks * resolution_ns, kMinBatchNs);
  std::int64_t index = start_ns / window;
  if (start_ns % window < 0) --index;
  a.batch_first_call.store(calls, std::memory_order_relaxed);
  a.batch_first_sum.store(sum, std::memory_order_relaxed);
  // Never 0 again: 0 says "no batch yet".
  const std::int64_t end = (index + 1) * window;
  a.batch_end.store(end != 0 ? end : 1, std::memory_order_relaxed);
}

void record_sample(Accumulator& a, std::int64_t coarse_start_ns, std::int64_t fine_start_ns, std::int64_t fine_ns,
                   std::int64_t resolution_ns) noexcept {
  bump(a.sampled, std::uint64_t{1});
  const double x = static_cast<double>(fine_ns);
  bump(a.sampled_sum_ns, x);
  bump(a.sampled_sum_sq_ns, x * x);
  if (resolution_ns > 1) {
    // The coarse clock reads the time of its last tick: fine - coarse is how far into the
    // tick the call started (modulo the tick, should a reading straddle one).
    std::int64_t phase = (fine_start_ns - coarse_start_ns) % resolution_ns;
    if (phase < 0) phase += resolution_ns;
    const auto bin = static_cast<int>(phase * kPhaseBins / resolution_ns);
    bump(a.phase_bins[bin], std::uint32_t{1});
  }
}

}  // namespace detail

std::vector<Totals> collect_totals() {
  detail::Registry& r = detail::registry();
  std::lock_guard lock(r.mutex);
  std::vector<Totals> totals = r.retired;
  for (std::size_t id = 0; id < r.probes.size(); ++id) {
    totals[id].name = r.probes[id].name;
    totals[id].clock = r.probes[id].clock;
    totals[id].resolution_ns = r.probes[id].resolution_ns;
    totals[id].fine_overhead_ns = r.probes[id].fine_overhead_ns;
  }
  for (const detail::ThreadSlots* slots : r.live)
    detail::for_each_accumulator(*slots, r.probes.size(),
                                 [&](std::size_t id, const detail::Accumulator& a) { detail::add(totals[id], a); });
  return totals;
}

std::vector<Stats> snapshot() {
  std::vector<Stats> stats;
  for (const Totals& t : collect_totals()) stats.push_back(estimate(t));
  return stats;
}

}  // namespace tare::probe

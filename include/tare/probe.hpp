// The in-application probe: times short calls inside a running program with a cheap, coarse
// clock and still gets their mean right.
//
//   void handle(const Request& r) {
//     TARE_PROBE("serialize");      // times the rest of this scope
//     serialize(r);
//   }
//   ...
//   tare::probe::dump_at_exit();    // or write_text / write_json / snapshot() at any time
//
// Why a coarse clock works: a call of duration d, timed with a clock that ticks every q,
// reads k or k + 1 ticks, and crosses the extra tick with probability f = d/q - k when its
// start falls at a random phase of the tick. Each reading is therefore an unbiased estimate
// of d (E[X] = d), with variance q^2 f (1 - f) <= q^2/4 on top of the calls' own spread; the
// mean over n calls has a Student-t interval from the readings' sample variance (which
// already holds the quantisation). A call of 5 us on a 4 ms clock reads 0 almost always and
// 4 ms once in 800 calls, and the average is right. See docs/probe.md.
//
// The one failure is phase lock: calls that start at the same phase of the tick every time
// (a loop woken by the same timer interrupt that advances the clock) read the same count
// every time, and the mean is biased. One call in 64 also reads a fine clock, so each probe
// knows where in the tick its calls start; a phase distribution far from uniform is reported
// as phase lock, with the fine clock's own estimate of the mean beside it.
//
// Cost on the hot path: two loads of a cached tick (TickClock: a background thread stores
// CLOCK_MONOTONIC every millisecond; CoarseClock, CLOCK_MONOTONIC_COARSE through the vDSO,
// is 8 ns a read dearer), a batch check and a handful of loads and stores to this thread's own counters: no locks, no atomic
// read-modify-write, no allocation after a thread's first call of a probe.
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace tare::probe {

/// CLOCK_MONOTONIC_COARSE: the time of the last timer tick (every 1-10 ms), read without a
/// system call. fine_now() is CLOCK_MONOTONIC, used only for the one call in 64 that checks
/// the phase.
struct CoarseClock {
  static std::int64_t now() noexcept;
  static std::int64_t fine_now() noexcept;
  static std::int64_t resolution_ns() noexcept;  ///< clock_getres of the coarse clock
  static const char* name() noexcept { return "CLOCK_MONOTONIC_COARSE"; }
};

namespace detail {
/// TickClock's time: CLOCK_MONOTONIC as of the ticker thread's last wake-up.
inline std::atomic<std::int64_t> g_tick_ns{0};
}  // namespace detail

/// A cached tick: a background thread (started by the first site, restarted in a forked
/// child) stores CLOCK_MONOTONIC in one word every millisecond, and now() is a plain load
/// of that word, a nanosecond instead of CLOCK_MONOTONIC_COARSE's 8 through the vDSO. Like
/// the kernel's tick, the updates come at times independent of the probed calls, so each
/// reading is unbiased; they step by the real time between wake-ups, late ones included.
/// fine_now() is CLOCK_MONOTONIC (one call in 64).
struct TickClock {
  static std::int64_t now() noexcept { return detail::g_tick_ns.load(std::memory_order_relaxed); }
  static std::int64_t fine_now() noexcept;       ///< also restarts a ticker that has stopped (fork)
  static std::int64_t resolution_ns() noexcept;  ///< the ticker's period, 1 ms; starts it
  static const char* name() noexcept { return "tare tick"; }
};

/// CLOCK_MONOTONIC for both readings: a precise but dearer probe, for comparison.
struct MonotonicClock {
  static std::int64_t now() noexcept;
  static std::int64_t fine_now() noexcept { return now(); }
  static std::int64_t resolution_ns() noexcept { return 1; }
  static const char* name() noexcept { return "CLOCK_MONOTONIC"; }
};

namespace detail {

inline constexpr int kPhaseBins = 16;
inline constexpr std::uint64_t kSampleEvery = 64;  ///< one call in this many reads the fine clock

// One probe's counters in one thread. Only that thread writes them (plain load + store, no
// read-modify-write); snapshots read them from other threads.
struct Accumulator {
  std::atomic<std::uint64_t> calls{0};
  std::atomic<std::uint64_t> zero_calls{0};      // readings of zero ticks
  std::atomic<std::int64_t> sum_ns{0};
  std::atomic<double> sum_sq_ns{0};
  std::atomic<std::uint64_t> sampled{0};         // calls that also read the fine clock
  std::atomic<double> sampled_sum_ns{0};
  std::atomic<double> sampled_sum_sq_ns{0};
  std::atomic<std::uint32_t> phase_bins[kPhaseBins] = {};
  // Batches: the calls that start within one window of kBatchTicks ticks. Readings of calls
  // close together are correlated (a tick is crossed by at most one of them), so the
  // interval comes from the spread of batch sums, not of single readings.
  std::atomic<std::int64_t> batch_end{0};          // coarse time the current batch ends; 0: none yet
  std::atomic<std::uint64_t> batch_first_call{0};  // `calls` when the current batch began
  std::atomic<std::int64_t> batch_first_sum{0};    // `sum_ns` when it began
  std::atomic<std::uint64_t> batches{0};           // complete batches, and over them:
  std::atomic<double> batch_sum{0};                //   sum of S_b (their readings' sums)
  std::atomic<double> batch_calls{0};              //   sum of n_b (their call counts)
  std::atomic<double> batch_sum_sq{0};             //   sum of S_b^2
  std::atomic<double> batch_sum_calls{0};          //   sum of S_b n_b
  std::atomic<double> batch_calls_sq{0};           //   sum of n_b^2
};

/// A batch spans this many ticks (at least kMinBatchNs): long enough that the correlation
/// between readings, about a tick long, barely reaches from one batch into the next.
inline constexpr std::int64_t kBatchTicks = 16;
inline constexpr std::int64_t kMinBatchNs = 100'000;

template <class T>
inline void bump(std::atomic<T>& counter, T delta) noexcept {
  counter.store(counter.load(std::memory_order_relaxed) + delta, std::memory_order_relaxed);
}

/// Registers a probe; returns its id. Thread-safe; called once per site (a static).
/// `fine_overhead_ns` is what a sampled call's fine reading holds beyond the call (see
/// fine_overhead_ns below), subtracted from the fine sample's mean.
std::uint32_t register_probe(const char* name, std::int64_t resolution_ns, const char* clock_name,
                             std::int64_t fine_overhead_ns);

// The median of 31 fine-clock readings of a sampled scope's framing with `coarse_reads`
// coarse reads inside and no call: fine_now, the coarse reads, fine_now.
template <class Clock>
std::int64_t median_framing_ns(int coarse_reads) noexcept {
  constexpr int kRepeats = 31;
  std::int64_t spans[kRepeats];
  for (auto& span : spans) {
    const std::int64_t start = Clock::fine_now();
    for (int i = 0; i < coarse_reads; ++i) (void)Clock::now();
    span = Clock::fine_now() - start;
  }
  for (int i = 1; i < kRepeats; ++i)  // insertion sort: 31 values, no <algorithm> in the header
    for (int j = i; j > 0 && spans[j - 1] > spans[j]; --j) {
      const std::int64_t t = spans[j - 1];
      spans[j - 1] = spans[j];
      spans[j] = t;
    }
  return spans[kRepeats / 2];
}

// A sampled call's fine reading spans the call plus the reads around it (the fine clock's
// own read, two coarse reads: about 37 ns on the development VM), while its coarse reading
// spans the call plus about one coarse read. Without correction the fine sample is biased
// upwards by the difference, which on a 200 ns call looks like a disagreement with the
// coarse estimate. Calibrated once per site: the framing with two coarse reads (F2) and
// with three (F3) give one coarse read's cost c = F3 - F2; the fine reading's excess over
// the coarse one is F2 - c = 2 F2 - F3. Medians: a preempted repeat does not move them.
template <class Clock>
std::int64_t fine_overhead_ns() noexcept {
  const std::int64_t two = median_framing_ns<Clock>(2);
  const std::int64_t three = median_framing_ns<Clock>(3);
  const std::int64_t overhead = 2 * two - three;
  return overhead > 0 ? overhead : 0;
}

// This thread's counters, in blocks that never move (a snapshot may read them while the
// thread adds blocks).
inline constexpr std::uint32_t kBlockSize = 64;
inline constexpr std::uint32_t kMaxBlocks = 1024;  // 65,536 probes
struct ThreadSlots {
  std::atomic<Accumulator*> blocks[kMaxBlocks] = {};
};
inline thread_local ThreadSlots* t_slots = nullptr;

/// Creates this thread's slots or the block of `id` (first call of a probe in a thread).
Accumulator& slot_slow(std::uint32_t id) noexcept;

inline Accumulator& slot(std::uint32_t id) noexcept {
  if (ThreadSlots* slots = t_slots) {
    if (Accumulator* block = slots->blocks[id / kBlockSize].load(std::memory_order_relaxed))
      return block[id % kBlockSize];
  }
  return slot_slow(id);
}

inline void record(Accumulator& a, std::int64_t elapsed_ns) noexcept {
  bump(a.calls, std::uint64_t{1});
  if (elapsed_ns == 0) bump(a.zero_calls, std::uint64_t{1});
  bump(a.sum_ns, elapsed_ns);
  const double x = static_cast<double>(elapsed_ns);
  bump(a.sum_sq_ns, x * x);
}

/// Closes the current batch (if any) and opens the one holding `start_ns`: called when a
/// call starts past the current batch's end, before the call is recorded.
void next_batch(Accumulator& a, std::int64_t start_ns, std::int64_t resolution_ns) noexcept;

void record_sample(Accumulator& a, std::int64_t coarse_start_ns, std::int64_t fine_start_ns, std::int64_t fine_ns,
                   std::int64_t resolution_ns) noexcept;

}  // namespace detail

/// A probed call site: registered once (make it static), named in the reports.
template <class Clock = TickClock>
class BasicSite {
 public:
  explicit BasicSite(const char* name)
      : id_(detail::register_probe(name, Clock::resolution_ns(), Clock::name(), detail::fine_overhead_ns<Clock>())),
        resolution_ns_(Clock::resolution_ns()) {}
  std::uint32_t id() const noexcept { return id_; }
  std::int64_t resolution_ns() const noexcept { return resolution_ns_; }

 private:
  std::uint32_t id_;
  std::int64_t resolution_ns_;
};

/// Times its own lifetime and adds it to the site's counters of this thread.
template <class Clock = TickClock>
class BasicScope {
 public:
  explicit BasicScope(const BasicSite<Clock>& site) noexcept
      : site_(site), counters_(detail::slot(site.id())),
        sampled_(counters_.calls.load(std::memory_order_relaxed) % detail::kSampleEvery == 0) {
    // The fine reads go outside the coarse ones, so the sampled calls' extra work is not
    // timed as part of the call.
    if (sampled_) fine_start_ = Clock::fine_now();
    start_ = Clock::now();
  }
  ~BasicScope() {
    const std::int64_t end = Clock::now();
    if (sampled_) {
      const std::int64_t fine_end = Clock::fine_now();
      detail::record_sample(counters_, start_, fine_start_, fine_end - fine_start_, site_.resolution_ns());
    }
    if (start_ >= counters_.batch_end.load(std::memory_order_relaxed))
      detail::next_batch(counters_, start_, site_.resolution_ns());
    detail::record(counters_, end - start_);
  }
  BasicScope(const BasicScope&) = delete;
  BasicScope& operator=(const BasicScope&) = delete;

 private:
  const BasicSite<Clock>& site_;
  detail::Accumulator& counters_;
  bool sampled_;
  std::int64_t start_ = 0;
  std::int64_t fine_start_ = 0;
};

using Site = BasicSite<TickClock>;
using Scope = BasicScope<TickClock>;

/// What a probe has measured so far (all threads, including those that have ended).
struct Stats {
  std::string name;
  std::string clock;
  double resolution_ns = 0;     ///< the clock's tick
  std::uint64_t calls = 0;
  std::uint64_t zero_tick_calls = 0;
  /// False until the estimate means something: at least 30 calls and at least 10 of them
  /// crossed a tick (the spread of the readings is then estimated; before that the mean and
  /// its interval are NaN and `status` says "not enough calls yet", unless phase lock is
  /// detected: a locked probe may never cross a tick).
  bool enough = false;
  std::string status;           ///< "ok", "not enough calls yet", "phase lock suspected"
  double mean_ns = 0;           ///< estimated mean time per call
  /// 95% Student-t interval of the mean: from the spread of batch sums (the calls of 16
  /// ticks each) once there are 20 batches, else from the single readings.
  double ci_low_ns = 0, ci_high_ns = 0;
  std::uint64_t batches = 0;    ///< complete batches behind the interval (< 20: single readings)
  double stddev_ns = 0;         ///< of the readings (spread of the calls + quantisation)
  /// The fine-clock check on one call in 64: how many, their mean and its 95% interval.
  /// The sample's readings less the probe's own reads (fine_overhead_ns, measured when the
  /// site was made), so that they measure what the coarse readings measure.
  std::uint64_t sampled_calls = 0;
  double sampled_mean_ns = 0, sampled_ci_low_ns = 0, sampled_ci_high_ns = 0;
  double fine_overhead_ns = 0;
  /// Where in the tick the sampled calls started, over 16 bins: the chi-square test of
  /// uniformity (p-value) and how far from uniform they are (total variation distance: 0
  /// uniform, 15/16 all in one bin); NaN with fewer than 160 sampled calls. Phase lock needs
  /// p < 0.001 and either a distance of at least 0.25 or a fine-clock sample more than 25%
  /// from the coarse estimate beyond both sampling errors (the bias itself, material).
  /// Real coarse clocks are not perfectly
  /// uniform in phase (ticks jitter, a virtual machine's ticks arrive late), which a test
  /// on a million calls always detects but which does not bias the mean; a lock concentrates
  /// the starts in a few bins.
  double phase_p_value = 0;
  double phase_deviation = 0;
  bool phase_locked = false;
  std::vector<std::string> warnings;
};

/// Every registered probe, in registration order.
std::vector<Stats> snapshot();

/// A table: calls, mean and interval, status, warnings.
void write_text(std::ostream& out);
/// {"schema": "tare.probe/1", "probes": [...]}: every field of Stats.
void write_json(std::ostream& out);

/// At exit, writes every probe: JSON when `path` ends in ".json", a table otherwise; to
/// stderr when `path` is empty.
void dump_at_exit(const std::string& path = "");
/// On `signal` (e.g. SIGUSR1), writes every probe to `path` as dump_at_exit would, from a
/// background thread (the handler itself only writes a byte to a pipe). Throws
/// std::runtime_error if the pipe or thread cannot be made.
void dump_on_signal(int signal, const std::string& path);

}  // namespace tare::probe

#define TARE_PROBE_CONCAT_INNER(a, b) a##b
#define TARE_PROBE_CONCAT(a, b) TARE_PROBE_CONCAT_INNER(a, b)
/// Times the rest of the enclosing scope as probe `name` (a string literal).
#define TARE_PROBE(name)                                                                                  \
  static const ::tare::probe::Site TARE_PROBE_CONCAT(tare_probe_site_, __LINE__){name};                  \
  const ::tare::probe::Scope TARE_PROBE_CONCAT(tare_probe_scope_, __LINE__) {                            \
    TARE_PROBE_CONCAT(tare_probe_site_, __LINE__)                                                         \
  }

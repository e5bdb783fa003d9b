// The stream benchmark's workloads (Karimov et al., ICDE 2018: Rovio-style in-app purchases
// and ads), generated deterministically from a seed, so that an offline oracle (oracle.hpp)
// can compute the expected window results and a system under test is checked, not trusted.
//
//  * Key distributions: uniform, Zipf(s) (exact inverse CDF on a precomputed table) and one
//    hot key (Karimov's skew test used a single key).
//  * Rate shapes: constant, steps, square wave (Karimov's fluctuating load), bursts. Every
//    shape is a list of constant-rate phases, repeated or not; event i's due time is computed
//    from i directly (integer arithmetic, no summing of rounded intervals), so a schedule
//    never drifts: at a constant rate L, event i is due at exactly floor(i * 1e9 / L) ns.
//    An event's event time is its due time on the plan, not when it was sent (YSB, Nexmark).
//  * Windows: tumbling and sliding, aligned to t0 = 0, half-open [start, start + size).
//
// Random numbers come from std::mt19937_64's raw output only (its output is fixed by the
// standard); every distribution is written here, so a seed gives the same events with every
// standard library. The only libm call is std::pow when building a Zipf table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace tare::stream {

enum class EventKind : std::uint32_t { purchase = 1, ad = 2 };
struct Event {
  std::int64_t event_time_ns = 0;  ///< when it was due on the driver's schedule (its event time)
  EventKind kind = EventKind::purchase;
  std::uint32_t user = 0;
  std::uint32_t product = 0;
  std::uint32_t price_cents = 0;   ///< purchases only; 0 for ads
};

// ---- random numbers --------------------------------------------------------------------

/// A double in [0, 1) from the 53 high bits of `bits`: (bits >> 11) * 2^-53.
constexpr double unit_double(std::uint64_t bits) noexcept {
  return static_cast<double>(bits >> 11) * 0x1p-53;
}

/// An unbiased integer in [0, n) from `rng` (rejection of the top partial block, then
/// modulo); n must be >= 1. Uses a variable number of draws, so callers draw in a fixed order.
std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t n) noexcept;

/// (2^64 - n) mod n: raw draws below it are rejected. Computed once per range, not per draw.
constexpr std::uint64_t rejection_threshold(std::uint64_t n) noexcept { return (0 - n) % n; }

/// uniform_below(rng, n) with its threshold precomputed: the same draws and the same value.
inline std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t n, std::uint64_t reject_below) noexcept {
  for (;;) {
    const std::uint64_t r = rng();
    if (r >= reject_below) return r % n;
  }
}

// ---- key distributions -----------------------------------------------------------------

enum class KeyDistKind { uniform, zipf, hot_key };

/// How keys 0 .. n-1 are drawn.
struct KeyDistSpec {
  KeyDistKind kind = KeyDistKind::uniform;
  std::uint32_t n = 1;          ///< number of keys, >= 1 (Zipf: at most kMaxZipfKeys)
  double zipf_s = 1.0;          ///< Zipf exponent, > 0: P(key k) = (k+1)^-s / H_{n,s}
  double hot_fraction = 0.0;    ///< hot_key: share of draws on key 0, in [0, 1]; the rest
                                ///< uniform over keys 1 .. n-1 (all on key 0 when n == 1)
};

/// Largest Zipf key count (the table holds one double per key: 128 MiB at this size).
inline constexpr std::uint32_t kMaxZipfKeys = 1u << 24;

/// Throws std::invalid_argument naming the problem (`what` prefixes the message).
void validate(const KeyDistSpec& spec, const char* what = "key distribution");

/// Draws keys from a KeyDistSpec. Construction validates and, for Zipf, builds the
/// cumulative table; sample() never allocates.
class KeySampler {
 public:
  explicit KeySampler(const KeyDistSpec& spec);
  /// Zipf: the first k with cdf[k] > u, u = unit_double(rng()) (binary search).
  /// Uniform: uniform_below(n). Hot key: u < f gives 0, else 1 + uniform_below(n - 1).
  std::uint32_t sample(std::mt19937_64& rng) const noexcept;
  /// The exact probability the sampler gives `key` (0 outside 0 .. n-1), for tests.
  double probability(std::uint32_t key) const noexcept;
  const KeyDistSpec& spec() const noexcept { return spec_; }

 private:
  KeyDistSpec spec_;
  std::uint64_t reject_below_ = 0;  // uniform: for n keys; hot key: for the n - 1 cold ones
  std::vector<double> cdf_;  // Zipf only: cdf_[k] = P(key <= k), cdf_.back() == 1
};

/// H_{n,s} = sum_{k=1..n} k^-s, summed from the small terms up.
double generalized_harmonic(std::uint32_t n, double s);

// ---- rate shapes -----------------------------------------------------------------------

/// A constant-rate stretch of a schedule. Within a phase of rate L starting at T, its k-th
/// event is due at T + floor(k * 1e9 / L); the phase holds the events with k * 1e9 < d * L,
/// i.e. ceil(d * L / 1e9) of them. Rate 0 is a pause.
struct RatePhase {
  std::int64_t duration_ns = 0;     ///< > 0
  std::uint64_t events_per_s = 0;   ///< <= kMaxRate
};

/// Highest rate a phase may have (one event per ns; keeps the integer arithmetic exact).
inline constexpr std::uint64_t kMaxRate = 1'000'000'000;
/// event_count() of a schedule with no end.
inline constexpr std::uint64_t kUnbounded = std::numeric_limits<std::uint64_t>::max();

/// The due times of a stream's events, from t0 = 0. Exact and drift-free: due_ns(i) is a
/// function of i alone. Factories throw std::invalid_argument naming the problem.
class RateSchedule {
 public:
  /// Event i due at floor(i * 1e9 / L); no end. L in 1 .. kMaxRate.
  static RateSchedule constant(std::uint64_t events_per_s);
  /// The phases once, in order; the stream ends after the last one. At least one event.
  static RateSchedule steps(std::vector<RatePhase> phases);
  /// Repeats: `high` for the first floor(period/2) ns of each period, then `low` for the rest
  /// (Karimov's fluctuating load starts high). period >= 2 ns; not both rates 0.
  static RateSchedule square_wave(std::uint64_t low, std::uint64_t high, std::int64_t period_ns);
  /// Repeats: `base` for period - burst_ns, then `burst` for burst_ns, so a burst ends each
  /// period. 0 < burst_ns < period_ns; not both rates 0.
  static RateSchedule bursts(std::uint64_t base, std::uint64_t burst, std::int64_t burst_ns,
                             std::int64_t period_ns);
  /// The general form: `phases` once (repeat = false) or forever (repeat = true).
  static RateSchedule from_phases(std::vector<RatePhase> phases, bool repeat);

  /// Due time of event i (i < event_count()). A repeating schedule's cycle c starts at
  /// c * cycle_ns(); the result must fit in int64 (about 292 years).
  std::int64_t due_ns(std::uint64_t i) const noexcept;
  /// Number of events due strictly before t (0 for t <= 0).
  std::uint64_t events_before(std::int64_t t) const noexcept;

  /// Walks due_ns(i), due_ns(i + 1), ... without a division per event (the generator's hot
  /// path: due_ns costs three). Within a phase floor(k * 1e9 / L) is carried from one k to
  /// the next as a quotient and a remainder; at a phase's end the cursor seeks afresh. It
  /// holds no reference (its owner may be copied): pass the same schedule to advance().
  class Cursor {
   public:
    Cursor(const RateSchedule& schedule, std::uint64_t first) noexcept { seek(schedule, first); }
    /// due_ns of the current index (which must be below event_count()).
    std::int64_t due_ns() const noexcept { return base_ns_ + seconds_ * 1'000'000'000 + quotient_; }
    std::uint64_t index() const noexcept { return index_; }
    void advance(const RateSchedule& schedule) noexcept;

   private:
    void seek(const RateSchedule& s, std::uint64_t i) noexcept;
    std::uint64_t index_ = 0;
    std::uint64_t left_in_phase_ = 0;  // events of the phase after the current one
    std::int64_t base_ns_ = 0;         // due time of the phase's first event
    std::int64_t seconds_ = 0;         // k / L
    std::uint64_t rate_ = 1, k_mod_ = 0;        // L, k % L
    std::int64_t quotient_ = 0;                  // floor(k_mod * 1e9 / L)
    std::uint64_t remainder_ = 0;                // (k_mod * 1e9) % L
    std::uint64_t step_quotient_ = 0, step_remainder_ = 0;  // 1e9 / L, 1e9 % L
  };
  /// Total events: kUnbounded when the schedule repeats.
  std::uint64_t event_count() const noexcept { return repeat_ ? kUnbounded : cycle_events_; }
  bool repeats() const noexcept { return repeat_; }
  std::int64_t cycle_ns() const noexcept { return cycle_ns_; }
  std::uint64_t cycle_events() const noexcept { return cycle_events_; }
  const std::vector<RatePhase>& phases() const noexcept { return phases_; }

 private:
  RateSchedule() = default;
  std::int64_t due_in_cycle(std::uint64_t r) const noexcept;
  std::uint64_t events_before_in_cycle(std::int64_t t) const noexcept;

  std::vector<RatePhase> phases_;
  std::vector<std::int64_t> phase_start_ns_;    // within a cycle
  std::vector<std::uint64_t> phase_first_;      // index of each phase's first event in a cycle
  std::int64_t cycle_ns_ = 0;
  std::uint64_t cycle_events_ = 0;
  bool repeat_ = false;
};

// ---- generator -------------------------------------------------------------------------

enum class EventMix { purchases_only, purchases_and_ads };

/// Out-of-order events: a share of the events carry an event time up to max_delay_ns before
/// their due time (never before 0). They are still due (sent) at their due time, so the
/// schedule does not change. Drawn from a generator of its own, seeded from the workload's
/// seed, so the other fields of every event are the same with and without disorder.
struct DisorderSpec {
  double fraction = 0.0;          ///< share of events moved back, in [0, 1]
  std::int64_t max_delay_ns = 0;  ///< >= 0; a moved event's delay is uniform in [1, max]
  bool active() const noexcept { return fraction > 0.0 && max_delay_ns > 0; }
};

/// Throws std::invalid_argument naming the problem (these come from the command line).
void validate(const DisorderSpec& spec);

/// Everything that determines a workload; the same spec gives the same events.
struct WorkloadSpec {
  std::uint64_t seed = 1;
  EventMix mix = EventMix::purchases_only;
  double ad_share = 0.5;        ///< purchases_and_ads: probability an event is an ad, (0, 1)
  KeyDistSpec users{KeyDistKind::uniform, 1000, 1.0, 0.0};
  KeyDistSpec products{KeyDistKind::uniform, 100, 1.0, 0.0};
  std::uint32_t price_min_cents = 99;   ///< uniform in [min, max]; min <= max
  std::uint32_t price_max_cents = 9999;
  RateSchedule rate = RateSchedule::constant(1000);
  std::uint64_t max_events = 0;   ///< stop after this many events; 0: no count limit
  std::int64_t duration_ns = 0;   ///< stop before events due at or after this; 0: no limit
  DisorderSpec disorder;          ///< none by default: event time == due time
};

/// Throws std::invalid_argument naming the first problem in `spec`.
void validate(const WorkloadSpec& spec);

/// The events of a WorkloadSpec in order of due time (without disorder that is also
/// non-decreasing event time). Per event it draws, in this order: the kind (one draw, only
/// with ads), the user, the product, the price (purchases only). With disorder, a second
/// generator draws per event whether it is moved back (one draw) and, if so, its delay
/// (uniform_below). next() never allocates and never throws.
class Generator {
 public:
  explicit Generator(const WorkloadSpec& spec);  ///< validates; throws std::invalid_argument
  /// Writes the next event to `out` and returns true, or returns false at the end.
  bool next(Event& out) noexcept;
  /// Due time of the event the last next() wrote (its event time unless it was moved back).
  std::int64_t last_due_ns() const noexcept { return last_due_ns_; }
  /// Events produced so far (the index of the next one).
  std::uint64_t produced() const noexcept { return index_; }
  /// Events the spec yields in all (kUnbounded when nothing ends it).
  std::uint64_t limit() const noexcept { return limit_; }
  const RateSchedule& schedule() const noexcept { return spec_.rate; }

 private:
  WorkloadSpec spec_;
  KeySampler users_;
  KeySampler products_;
  std::mt19937_64 rng_;
  std::mt19937_64 disorder_rng_;
  std::int64_t last_due_ns_ = 0;
  std::uint64_t index_ = 0;
  std::uint64_t limit_ = 0;
  RateSchedule::Cursor due_;
  std::uint64_t price_span_ = 1, price_reject_below_ = 0;
};

/// The first min(n, limit) events of `spec` (for tests and the oracle).
std::vector<Event> generate(const WorkloadSpec& spec, std::size_t n);

// ---- windows ---------------------------------------------------------------------------

/// A window assigner: windows [k * slide, k * slide + size) for every integer k. Tumbling
/// windows have slide == size. Rule: 0 < slide <= size and size % slide == 0, so every event
/// lies in exactly size / slide windows.
struct WindowSpec {
  std::int64_t size_ns = 0;
  std::int64_t slide_ns = 0;
};

/// Throws std::invalid_argument naming the problem (these come from the command line).
void validate(const WindowSpec& spec);
/// Validated tumbling windows of `size_ns`.
WindowSpec tumbling(std::int64_t size_ns);
/// Validated sliding windows.
WindowSpec sliding(std::int64_t size_ns, std::int64_t slide_ns);

/// The windows holding one event time: starts first_start, first_start + slide, ...
/// (count of them), in increasing order.
struct WindowRange {
  std::int64_t first_start = 0;
  std::int64_t slide = 0;
  std::int64_t count = 0;
  std::int64_t start(std::int64_t j) const noexcept { return first_start + j * slide; }
};

/// floor(a / b) for b > 0 (also for negative a).
constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) noexcept {
  const std::int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

/// The windows containing event time t (spec assumed valid): the last one starts at
/// floor(t / slide) * slide, and there are size / slide of them. An event exactly on a
/// boundary belongs to the window starting there, not to the one ending there.
constexpr WindowRange windows_of(const WindowSpec& spec, std::int64_t t) noexcept {
  const std::int64_t count = spec.size_ns / spec.slide_ns;
  const std::int64_t last = floor_div(t, spec.slide_ns) * spec.slide_ns;
  return WindowRange{last - (count - 1) * spec.slide_ns, spec.slide_ns, count};
}

}  // namespace tare::stream

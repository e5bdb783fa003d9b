// Workload generation for the stream benchmark: key samplers, exact rate schedules, the
// event generator and window assignment (see workload.hpp for the semantics).
#include "stream/workload/workload.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace tare::stream {
namespace {

constexpr std::uint64_t kNsPerS = 1'000'000'000;
// Seeds the disorder's generator apart from the events' own (any fixed odd constant would do).
constexpr std::uint64_t kDisorderSeedMix = 0x6a09e667f3bcc909u;

[[noreturn]] void fail(const std::string& message) { throw std::invalid_argument(message); }

// floor(k * 1e9 / rate) without overflow: k = q * rate + r, r < rate <= 1e9.
std::int64_t local_due_ns(std::uint64_t k, std::uint64_t rate) noexcept {
  const std::uint64_t q = k / rate;
  const std::uint64_t r = k % rate;
  return static_cast<std::int64_t>(q * kNsPerS + r * kNsPerS / rate);
}

// Events of a phase of rate `rate` due within its first d ns: #{k >= 0 : k * 1e9 < d * rate}
// = ceil(d * rate / 1e9), with d = a * 1e9 + b so that nothing overflows.
std::uint64_t events_within(std::int64_t d, std::uint64_t rate) noexcept {
  if (d <= 0 || rate == 0) return 0;
  const auto ud = static_cast<std::uint64_t>(d);
  const std::uint64_t a = ud / kNsPerS;
  const std::uint64_t b = ud % kNsPerS;
  return a * rate + (b * rate + kNsPerS - 1) / kNsPerS;
}

void validate_phase(const RatePhase& p, std::size_t i) {
  const std::string where = "rate phase " + std::to_string(i) + ": ";
  if (p.duration_ns <= 0) fail(where + "duration must be > 0 ns");
  if (p.events_per_s > kMaxRate) {
    fail(where + "rate " + std::to_string(p.events_per_s) + "/s is above the maximum " +
         std::to_string(kMaxRate) + "/s");
  }
}

}  // namespace

// ---- random numbers --------------------------------------------------------------------

std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t n) noexcept {
  // 2^64 mod n: raw values below it would make the low residues more likely.
  return uniform_below(rng, n, rejection_threshold(n));
}

// ---- key distributions -----------------------------------------------------------------

void validate(const KeyDistSpec& spec, const char* what) {
  const std::string where = std::string(what) + ": ";
  if (spec.n == 0) fail(where + "number of keys must be >= 1");
  switch (spec.kind) {
    case KeyDistKind::uniform:
      return;
    case KeyDistKind::zipf:
      if (!(spec.zipf_s > 0.0) || !std::isfinite(spec.zipf_s)) {
        fail(where + "Zipf exponent s must be finite and > 0");
      }
      if (spec.n > kMaxZipfKeys) {
        fail(where + "Zipf over " + std::to_string(spec.n) + " keys; at most " +
             std::to_string(kMaxZipfKeys));
      }
      return;
    case KeyDistKind::hot_key:
      if (!(spec.hot_fraction >= 0.0 && spec.hot_fraction <= 1.0)) {
        fail(where + "hot-key fraction must be in [0, 1]");
      }
      return;
  }
  fail(where + "unknown kind");
}

double generalized_harmonic(std::uint32_t n, double s) {
  double h = 0.0;
  for (std::uint32_t k = n; k >= 1; --k) h += std::pow(static_cast<double>(k), -s);
  return h;
}

KeySampler::KeySampler(const KeyDistSpec& spec) : spec_(spec) {
  validate(spec_);
  if (spec_.kind == KeyDistKind::uniform) reject_below_ = rejection_threshold(spec_.n);
  if (spec_.kind == KeyDistKind::hot_key && spec_.n > 1) reject_below_ = rejection_threshold(spec_.n - 1);
  if (spec_.kind != KeyDistKind::zipf) return;
  cdf_.resize(spec_.n);
  const double h = generalized_harmonic(spec_.n, spec_.zipf_s);
  double acc = 0.0;
  for (std::uint32_t k = 0; k < spec_.n; ++k) {
    acc += std::pow(static_cast<double>(k) + 1.0, -spec_.zipf_s);
    cdf_[k] = acc / h;
  }
  cdf_.back() = 1.0;  // rounding must not leave u in [cdf.back(), 1) without a key
}

std::uint32_t KeySampler::sample(std::mt19937_64& rng) const noexcept {
  switch (spec_.kind) {
    case KeyDistKind::uniform:
      return static_cast<std::uint32_t>(uniform_below(rng, spec_.n, reject_below_));
    case KeyDistKind::zipf: {
      const double u = unit_double(rng());
      const auto it = std::upper_bound(cdf_.begin(), cdf_.end(), u);
      return static_cast<std::uint32_t>(it - cdf_.begin());
    }
    case KeyDistKind::hot_key: {
      const double u = unit_double(rng());
      if (u < spec_.hot_fraction || spec_.n == 1) return 0;
      return 1 + static_cast<std::uint32_t>(uniform_below(rng, spec_.n - 1, reject_below_));
    }
  }
  return 0;
}

double KeySampler::probability(std::uint32_t key) const noexcept {
  if (key >= spec_.n) return 0.0;
  const double n = static_cast<double>(spec_.n);
  switch (spec_.kind) {
    case KeyDistKind::uniform:
      return 1.0 / n;
    case KeyDistKind::zipf:
      return key == 0 ? cdf_[0] : cdf_[key] - cdf_[key - 1];
    case KeyDistKind::hot_key:
      if (spec_.n == 1) return 1.0;
      return key == 0 ? spec_.hot_fraction : (1.0 - spec_.hot_fraction) / (n - 1.0);
  }
  return 0.0;
}

// ---- rate shapes -----------------------------------------------------------------------

RateSchedule RateSchedule::from_phases(std::vector<RatePhase> phases, bool repeat) {
  if (phases.empty()) fail("rate schedule: no phases");
  RateSchedule s;
  s.repeat_ = repeat;
  s.phases_ = std::move(phases);
  for (std::size_t i = 0; i < s.phases_.size(); ++i) {
    const RatePhase& p = s.phases_[i];
    validate_phase(p, i);
    if (s.cycle_ns_ > std::numeric_limits<std::int64_t>::max() - p.duration_ns) {
      fail("rate schedule: total duration overflows int64 ns");
    }
    s.phase_start_ns_.push_back(s.cycle_ns_);
    s.phase_first_.push_back(s.cycle_events_);
    s.cycle_ns_ += p.duration_ns;
    s.cycle_events_ += events_within(p.duration_ns, p.events_per_s);
  }
  if (s.cycle_events_ == 0) fail("rate schedule: every rate is 0, so no event is ever due");
  return s;
}

RateSchedule RateSchedule::constant(std::uint64_t events_per_s) {
  if (events_per_s == 0) fail("constant rate: rate must be > 0 events/s");
  // One second repeated: L events per cycle, so due(i) = (i / L) * 1e9 + floor((i % L) * 1e9 / L)
  // = floor(i * 1e9 / L) exactly.
  return from_phases({RatePhase{static_cast<std::int64_t>(kNsPerS), events_per_s}}, true);
}

RateSchedule RateSchedule::steps(std::vector<RatePhase> phases) {
  return from_phases(std::move(phases), false);
}

RateSchedule RateSchedule::square_wave(std::uint64_t low, std::uint64_t high,
                                       std::int64_t period_ns) {
  if (period_ns < 2) fail("square wave: period must be >= 2 ns");
  const std::int64_t first_half = period_ns / 2;
  return from_phases({RatePhase{first_half, high}, RatePhase{period_ns - first_half, low}}, true);
}

RateSchedule RateSchedule::bursts(std::uint64_t base, std::uint64_t burst, std::int64_t burst_ns,
                                  std::int64_t period_ns) {
  if (burst_ns <= 0) fail("bursts: burst length must be > 0 ns");
  if (burst_ns >= period_ns) fail("bursts: burst length must be shorter than the period");
  return from_phases({RatePhase{period_ns - burst_ns, base}, RatePhase{burst_ns, burst}}, true);
}

std::int64_t RateSchedule::due_in_cycle(std::uint64_t r) const noexcept {
  // The last phase whose first event is <= r (empty phases share their successor's first).
  const auto it = std::upper_bound(phase_first_.begin(), phase_first_.end(), r);
  const auto j = static_cast<std::size_t>(it - phase_first_.begin()) - 1;
  return phase_start_ns_[j] + local_due_ns(r - phase_first_[j], phases_[j].events_per_s);
}

std::int64_t RateSchedule::due_ns(std::uint64_t i) const noexcept {
  if (!repeat_) return due_in_cycle(i);
  const std::uint64_t cycle = i / cycle_events_;
  return static_cast<std::int64_t>(cycle) * cycle_ns_ + due_in_cycle(i % cycle_events_);
}

void RateSchedule::Cursor::seek(const RateSchedule& s, std::uint64_t i) noexcept {
  index_ = i;
  if (!s.repeat_ && i >= s.cycle_events_) return;  // past the end: due_ns() is not asked for
  const std::uint64_t cycle = s.repeat_ ? i / s.cycle_events_ : 0;
  const std::uint64_t r = i - cycle * s.cycle_events_;
  const auto it = std::upper_bound(s.phase_first_.begin(), s.phase_first_.end(), r);
  const auto j = static_cast<std::size_t>(it - s.phase_first_.begin()) - 1;
  const std::uint64_t phase_end = j + 1 < s.phase_first_.size() ? s.phase_first_[j + 1] : s.cycle_events_;
  const std::uint64_t k = r - s.phase_first_[j];
  rate_ = s.phases_[j].events_per_s;
  base_ns_ = static_cast<std::int64_t>(cycle) * s.cycle_ns_ + s.phase_start_ns_[j];
  left_in_phase_ = phase_end - r - 1;
  seconds_ = static_cast<std::int64_t>(k / rate_);
  k_mod_ = k % rate_;
  quotient_ = static_cast<std::int64_t>(k_mod_ * kNsPerS / rate_);
  remainder_ = k_mod_ * kNsPerS % rate_;
  step_quotient_ = kNsPerS / rate_;
  step_remainder_ = kNsPerS % rate_;
}

void RateSchedule::Cursor::advance(const RateSchedule& schedule) noexcept {
  if (left_in_phase_ == 0) return seek(schedule, index_ + 1);
  ++index_;
  --left_in_phase_;
  if (++k_mod_ == rate_) {  // a whole second of the phase: (k / L) grows, k % L restarts
    k_mod_ = 0;
    ++seconds_;
    quotient_ = 0;
    remainder_ = 0;
    return;
  }
  // (k_mod + 1) * 1e9 = k_mod * 1e9 + 1e9: add 1e9's quotient and remainder, carry once.
  quotient_ += static_cast<std::int64_t>(step_quotient_);
  remainder_ += step_remainder_;
  if (remainder_ >= rate_) {
    remainder_ -= rate_;
    ++quotient_;
  }
}

std::uint64_t RateSchedule::events_before_in_cycle(std::int64_t t) const noexcept {
  const auto it = std::upper_bound(phase_start_ns_.begin(), phase_start_ns_.end(), t);
  const auto j = static_cast<std::size_t>(it - phase_start_ns_.begin()) - 1;
  const std::int64_t into = std::min(t - phase_start_ns_[j], phases_[j].duration_ns);
  return phase_first_[j] + events_within(into, phases_[j].events_per_s);
}

std::uint64_t RateSchedule::events_before(std::int64_t t) const noexcept {
  if (t <= 0) return 0;
  if (!repeat_) return t >= cycle_ns_ ? cycle_events_ : events_before_in_cycle(t);
  const auto cycles = static_cast<std::uint64_t>(t / cycle_ns_);
  return cycles * cycle_events_ + events_before_in_cycle(t % cycle_ns_);
}

// ---- generator -------------------------------------------------------------------------

void validate(const WorkloadSpec& spec) {
  if (spec.mix == EventMix::purchases_and_ads && !(spec.ad_share > 0.0 && spec.ad_share < 1.0)) {
    fail("workload: ad share must be in (0, 1) when mixing purchases and ads");
  }
  validate(spec.users, "users");
  validate(spec.products, "products");
  if (spec.price_min_cents > spec.price_max_cents) {
    fail("workload: price range is empty (min " + std::to_string(spec.price_min_cents) +
         " > max " + std::to_string(spec.price_max_cents) + " cents)");
  }
  if (spec.duration_ns < 0) fail("workload: duration must be >= 0 ns (0: no limit)");
  validate(spec.disorder);
}

void validate(const DisorderSpec& spec) {
  if (!(spec.fraction >= 0.0 && spec.fraction <= 1.0))
    fail("disorder: the fraction of late events must be in [0, 1] (got " + std::to_string(spec.fraction) + ")");
  if (spec.max_delay_ns < 0) fail("disorder: the delay must be >= 0 ns (got " + std::to_string(spec.max_delay_ns) + ")");
}

Generator::Generator(const WorkloadSpec& spec)
    : spec_((validate(spec), spec)), users_(spec.users), products_(spec.products),
      rng_(spec.seed), disorder_rng_(spec.seed ^ kDisorderSeedMix), due_(spec_.rate, 0) {
  price_span_ = std::uint64_t{spec_.price_max_cents} - spec_.price_min_cents + 1;
  price_reject_below_ = rejection_threshold(price_span_);
  limit_ = spec_.rate.event_count();
  if (spec_.max_events != 0) limit_ = std::min(limit_, spec_.max_events);
  if (spec_.duration_ns != 0) limit_ = std::min(limit_, spec_.rate.events_before(spec_.duration_ns));
}

bool Generator::next(Event& out) noexcept {
  if (index_ >= limit_) return false;
  last_due_ns_ = due_.due_ns();
  out.event_time_ns = last_due_ns_;
  if (spec_.disorder.active() && unit_double(disorder_rng_()) < spec_.disorder.fraction) {
    const auto delay = 1 + static_cast<std::int64_t>(
                               uniform_below(disorder_rng_, static_cast<std::uint64_t>(spec_.disorder.max_delay_ns)));
    out.event_time_ns = std::max<std::int64_t>(0, last_due_ns_ - delay);
  }
  out.kind = EventKind::purchase;
  if (spec_.mix == EventMix::purchases_and_ads && unit_double(rng_()) < spec_.ad_share) {
    out.kind = EventKind::ad;
  }
  out.user = users_.sample(rng_);
  out.product = products_.sample(rng_);
  out.price_cents = 0;
  if (out.kind == EventKind::purchase) {
    out.price_cents =
        spec_.price_min_cents + static_cast<std::uint32_t>(uniform_below(rng_, price_span_, price_reject_below_));
  }
  ++index_;
  due_.advance(spec_.rate);
  return true;
}

std::vector<Event> generate(const WorkloadSpec& spec, std::size_t n) {
  Generator gen(spec);
  std::vector<Event> events;
  events.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(n, gen.limit())));
  Event e;
  while (events.size() < n && gen.next(e)) events.push_back(e);
  return events;
}

// ---- windows ---------------------------------------------------------------------------

void validate(const WindowSpec& spec) {
  if (spec.size_ns <= 0) fail("window: size must be > 0 ns");
  if (spec.slide_ns <= 0) fail("window: slide must be > 0 ns");
  if (spec.slide_ns > spec.size_ns) {
    fail("window: slide (" + std::to_string(spec.slide_ns) + " ns) is larger than the size (" +
         std::to_string(spec.size_ns) + " ns); events would fall between windows");
  }
  if (spec.size_ns % spec.slide_ns != 0) {
    fail("window: size (" + std::to_string(spec.size_ns) +
         " ns) must be a multiple of the slide (" + std::to_string(spec.slide_ns) + " ns)");
  }
}

WindowSpec tumbling(std::int64_t size_ns) {
  const WindowSpec spec{size_ns, size_ns};
  validate(spec);
  return spec;
}

WindowSpec sliding(std::int64_t size_ns, std::int64_t slide_ns) {
  const WindowSpec spec{size_ns, slide_ns};
  validate(spec);
  return spec;
}

}  // namespace tare::stream

// The allowed-lateness rule for out-of-order events, shared by the model SUT (which applies
// it) and the oracle (which predicts it), so both decide every event the same way.
//
// A source's events arrive in its order; its watermark is the latest event time it has
// delivered so far. A window [s, s + size) closes for good once that watermark reaches
// s + size + allowed lateness (the SUT fires it then, once, with every event it took). An
// event whose event time is below the watermark is late: it enters each of its windows still
// open and misses the closed ones. It is counted accepted when it missed none, dropped when it
// missed at least one (with sliding windows it may still be in the newer ones).
//
// Because the rule reads only its own source's order, it is exact for each source whatever
// the other sources do; a SUT whose watermark is the minimum over its sources keeps these
// windows open at least as long, so nothing the rule accepts has been fired already.
#pragma once

#include <cstdint>
#include <limits>

#include "stream/workload/workload.hpp"

namespace tare::stream {

enum class Arrival { on_time, late_accepted, late_dropped };

/// Late events of a stream (or of several, added up).
struct LateCounts {
  std::uint64_t accepted = 0;
  std::uint64_t dropped = 0;
  LateCounts& operator+=(const LateCounts& o) noexcept {
    accepted += o.accepted;
    dropped += o.dropped;
    return *this;
  }
  bool operator==(const LateCounts&) const = default;
};

/// What the rule decided for one event: how it arrived, and the start of the earliest of
/// its windows it enters (its windows starting before this are closed).
struct Admission {
  Arrival arrival = Arrival::on_time;
  std::int64_t first_open_start_ns = std::numeric_limits<std::int64_t>::min();
};

/// Whether window [start, start + size) is still open at `watermark_ns` with `allowed_ns`
/// of lateness: start + size + allowed > watermark (no overflow for starts and sizes within
/// the operator's limits and allowed <= kMaxAllowedLatenessNs).
constexpr bool window_open(std::int64_t start_ns, const WindowSpec& window, std::int64_t allowed_ns,
                           std::int64_t watermark_ns) noexcept {
  return start_ns + window.size_ns + allowed_ns > watermark_ns;
}

/// The largest allowed lateness (about 36 years): with event times and window sizes below
/// 2^61 ns, window end + lateness stays within int64.
inline constexpr std::int64_t kMaxAllowedLatenessNs = std::int64_t{1} << 60;

/// Throws std::invalid_argument unless 0 <= allowed_ns <= kMaxAllowedLatenessNs.
void validate_allowed_lateness(std::int64_t allowed_ns);

/// The rule for one event of event time t arriving at a source whose watermark is
/// `watermark_ns` (std::numeric_limits<int64_t>::min() before its first event).
Admission admit(const WindowSpec& window, std::int64_t allowed_ns, std::int64_t watermark_ns, std::int64_t t) noexcept;

/// One source's events in arrival order through the rule: keeps the watermark and counts.
class SourceLateness {
 public:
  SourceLateness(const WindowSpec& window, std::int64_t allowed_ns) noexcept : window_(window), allowed_ns_(allowed_ns) {}
  /// Decides `event_time_ns`, then raises the watermark to it if it is later.
  Admission observe(std::int64_t event_time_ns) noexcept;
  std::int64_t watermark() const noexcept { return watermark_; }
  const LateCounts& counts() const noexcept { return counts_; }

 private:
  WindowSpec window_;
  std::int64_t allowed_ns_;
  std::int64_t watermark_ = std::numeric_limits<std::int64_t>::min();
  LateCounts counts_;
};

}  // namespace tare::stream

// The window state of one model-SUT worker: Karimov et al.'s windowed aggregation and
// windowed join on event-time windows, fired by a watermark. Pure and single-threaded (no
// I/O, no clocks: ingest times come in with the events), so it is tested against the oracle
// directly; the SUT (model_sut.cpp) runs one per worker thread and routes each key to
// exactly one of them with route().
//
//  * aggregate: per (window, product), over purchases only (ads carry no price): value = sum
//    of price_cents, key = product.
//  * join: per (window, user, product) with at least one purchase and one ad: value =
//    purchases * ads (the joined pairs), key = join_key(user, product).
//  * identity: every event comes out once, unchanged, with the next watermark (no window
//    state): max event time and window start = its event time, key = join_key(user,
//    product), value = price_cents (identity_output()).
//
// An output carries the largest event time of its inputs (Karimov: a window's or a join's
// output event time is the max of its inputs) and the ingest time of that input (the latest
// ingest among inputs tied on that event time), so processing-time latency is measured from
// the input that completed the result. emit_time_ns is left 0: the sender stamps it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <unordered_map>
#include <vector>

#include "stream/transport/tcp_protocol.hpp"
#include "stream/transport/run_description.hpp"
#include "stream/workload/lateness.hpp"
#include "stream/workload/workload.hpp"

namespace tare::stream {

/// Event times the operator accepts are in [0, kMaxEventTimeNs] and window sizes at most
/// that (about 73 years), so window starts and ends never overflow int64.
inline constexpr std::int64_t kMaxEventTimeNs = std::int64_t{1} << 61;
/// Sliding windows per event (size / slide) at most; each costs a state update per event.
inline constexpr std::int64_t kMaxWindowsPerEvent = 1024;

/// validate(window) plus the limits above; std::invalid_argument naming the problem.
void validate_operator_window(const WindowSpec& window);

/// The join's output key: the user in the high 32 bits, the product in the low 32.
constexpr std::uint64_t join_key(std::uint32_t user, std::uint32_t product) noexcept {
  return (std::uint64_t{user} << 32) | product;
}

/// The identity query's output for `e`, ingested at ingest_ns (emit time left 0).
constexpr Output identity_output(const Event& e, std::int64_t ingest_ns) noexcept {
  return Output{e.event_time_ns, ingest_ns, 0, e.event_time_ns, join_key(e.user, e.product), e.price_cents};
}

/// The worker, in 0 .. workers - 1 (workers >= 1), that owns e's key: the product for the
/// aggregation and identity, (user, product) for the join, mixed with splitmix64 so that consecutive keys
/// spread evenly. A key always goes to the same worker.
std::size_t route(const Event& e, Query query, std::size_t workers) noexcept;

class WindowOperator {
 public:
  /// Validates `window` with validate_operator_window and the lateness with
  /// validate_allowed_lateness (std::invalid_argument).
  WindowOperator(Query query, const WindowSpec& window, std::int64_t allowed_lateness_ns = 0);

  /// Adds an event (event time in [0, kMaxEventTimeNs]) ingested at ingest_ns to every
  /// window of windows_of(window, event time) starting at or after first_open_start_ns (the
  /// source's lateness rule closed the earlier ones). A window the watermark has already
  /// fired does not take it (its result is out); such an event counts in late_events().
  void add(const Event& e, std::int64_t ingest_ns,
           std::int64_t first_open_start_ns = std::numeric_limits<std::int64_t>::min());
  /// Fires, in order of window start, every window [s, s + size) with s + size + allowed
  /// lateness <= watermark_ns, appending its outputs in key order, and drops its state. A watermark
  /// at or below the current one fires nothing. Identity: appends the events added since the
  /// last call, in the order they came.
  void advance_watermark(std::int64_t watermark_ns, std::vector<Output>& out);
  /// End of stream: fires every open window, as advance_watermark(+infinity).
  void flush(std::vector<Output>& out);

  std::int64_t watermark() const noexcept { return watermark_; }
  std::size_t open_windows() const noexcept { return windows_.size(); }
  /// Events that came after the watermark had passed one of their windows.
  std::uint64_t late_events() const noexcept { return late_events_; }

 private:
  // One key's state in one window; the join uses both counts, the aggregation purchases.
  struct Cell {
    std::uint64_t purchases = 0;
    std::uint64_t ads = 0;
    std::int64_t sum_cents = 0;
    std::int64_t max_event_time_ns = 0;
    std::int64_t ingest_ns = 0;  // of the input holding max_event_time_ns
  };
  using Cells = std::unordered_map<std::uint64_t, Cell>;  // by output key

  static void take(Cell& cell, const Event& e, std::int64_t ingest_ns) noexcept;
  void fire(std::int64_t start, const Cells& cells, std::vector<Output>& out) const;

  Query query_;
  WindowSpec window_;
  std::int64_t allowed_lateness_ns_;
  std::int64_t watermark_ = std::numeric_limits<std::int64_t>::min();
  std::map<std::int64_t, Cells> windows_;  // by window start: few are open at a time
  std::uint64_t late_events_ = 0;
  std::vector<Output> passed_;  // identity: outputs not yet handed out
};

}  // namespace tare::stream

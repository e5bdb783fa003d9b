// The offline oracle for the stream benchmark: from the generated events (workload.hpp) and
// a window spec it computes what a correct system under test must output for Karimov et
// al.'s two workloads, so a run's results are checked, not trusted:
//
//  * windowed aggregation: per (window, product), the count, sum and average of the
//    purchases' price_cents (ads carry no price and are ignored);
//  * windowed join: purchases joined with ads on (user, product) within the same window;
//    per (window, user, product), the number of joined (purchase, ad) pairs.
//
// Each output carries the max event time of its contributing events (Karimov: a window
// aggregate's or join's output event time is the max of its inputs; a joined pair's is the
// max of its two), from which event-time latency = emission time - that max. Results are
// sorted by window start, then key. compare() checks a SUT's results against the oracle and
// says in words what the first difference is.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "stream/workload/workload.hpp"

namespace tare::stream {

/// One windowed-aggregation output.
struct AggregateResult {
  std::int64_t window_start_ns = 0;
  std::uint32_t product = 0;
  std::uint64_t count = 0;              ///< purchases of `product` in the window (>= 1)
  std::uint64_t sum_cents = 0;          ///< sum of their price_cents
  std::int64_t max_event_time_ns = 0;   ///< max event time of those purchases
  /// AVG(price_cents) = sum / count.
  double average_cents() const noexcept {
    return static_cast<double>(sum_cents) / static_cast<double>(count);
  }
  bool operator==(const AggregateResult&) const = default;
};

/// One windowed-join output: every purchase of `user` for `product` in the window paired
/// with every ad for the same (user, product) in the window.
struct JoinResult {
  std::int64_t window_start_ns = 0;
  std::uint32_t user = 0;
  std::uint32_t product = 0;
  std::uint64_t purchases = 0;          ///< purchases on the key in the window (>= 1)
  std::uint64_t ads = 0;                ///< ads on the key in the window (>= 1)
  std::uint64_t pairs = 0;              ///< purchases * ads joined pairs
  std::int64_t max_event_time_ns = 0;   ///< max event time over all pairs' inputs
  bool operator==(const JoinResult&) const = default;
};

/// Orders by (window start, product) / (window start, user, product).
bool result_less(const AggregateResult& a, const AggregateResult& b) noexcept;
bool result_less(const JoinResult& a, const JoinResult& b) noexcept;

/// Expected aggregation results, sorted; one per (window, product) with a purchase.
/// Validates `window` (std::invalid_argument). `first_open_start_ns`, when not empty, holds
/// one entry per event (lateness.hpp's Admission): event i enters only its windows starting
/// at or after entry i, the others having closed before it arrived.
std::vector<AggregateResult> oracle_aggregate(std::span<const Event> events, const WindowSpec& window,
                                              std::span<const std::int64_t> first_open_start_ns = {});

/// Expected join results, sorted; one per (window, user, product) with both a purchase and
/// an ad. Validates `window` (std::invalid_argument). `first_open_start_ns` as above.
std::vector<JoinResult> oracle_join(std::span<const Event> events, const WindowSpec& window,
                                    std::span<const std::int64_t> first_open_start_ns = {});

/// The outcome of a comparison: `ok`, or the first difference in words.
struct Comparison {
  bool ok = true;
  std::string first_mismatch;  ///< empty when ok
  std::size_t matched = 0;     ///< results equal in both before the first difference
};

/// Compares a SUT's results (any order; sorted here) with the oracle's (sorted). Every field
/// must be equal; the first difference in sorted order is described (a missing result, an
/// unexpected one, a duplicate, or which field differs and by how much).
Comparison compare(std::span<const AggregateResult> expected,
                   std::span<const AggregateResult> actual);
Comparison compare(std::span<const JoinResult> expected, std::span<const JoinResult> actual);

/// A result's key in words, e.g. "window starting at 8000000000 ns, product 7".
std::string describe_key(const AggregateResult& r);
std::string describe_key(const JoinResult& r);

}  // namespace tare::stream

// The offline oracle: windowed aggregation and windowed join computed directly from the
// events with ordered maps (clarity over speed: it runs once per trial, off the hot path),
// and the comparison of a SUT's results against it.
#include "stream/workload/oracle.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

namespace tare::stream {
namespace {

using AggKey = std::pair<std::int64_t, std::uint32_t>;                      // window, product
using JoinKey = std::tuple<std::int64_t, std::uint32_t, std::uint32_t>;     // window, user, product

struct JoinSides {
  std::uint64_t purchases = 0;
  std::uint64_t ads = 0;
  std::int64_t max_purchase_ns = 0;
  std::int64_t max_ad_ns = 0;
};

void add_purchase(std::map<AggKey, AggregateResult>& acc, std::int64_t start, const Event& e) {
  auto [it, fresh] = acc.try_emplace(AggKey{start, e.product});
  AggregateResult& r = it->second;
  if (fresh) {
    r.window_start_ns = start;
    r.product = e.product;
    r.max_event_time_ns = e.event_time_ns;
  }
  ++r.count;
  r.sum_cents += e.price_cents;
  r.max_event_time_ns = std::max(r.max_event_time_ns, e.event_time_ns);
}

void add_join_side(std::map<JoinKey, JoinSides>& acc, std::int64_t start, const Event& e) {
  JoinSides& s = acc[JoinKey{start, e.user, e.product}];
  if (e.kind == EventKind::purchase) {
    s.max_purchase_ns = s.purchases == 0 ? e.event_time_ns : std::max(s.max_purchase_ns, e.event_time_ns);
    ++s.purchases;
  } else {
    s.max_ad_ns = s.ads == 0 ? e.event_time_ns : std::max(s.max_ad_ns, e.event_time_ns);
    ++s.ads;
  }
}

std::string field_diff(const char* field, std::int64_t expected, std::int64_t actual) {
  return std::string(field) + " expected " + std::to_string(expected) + ", got " +
         std::to_string(actual);
}
std::string field_diff(const char* field, std::uint64_t expected, std::uint64_t actual) {
  return std::string(field) + " expected " + std::to_string(expected) + ", got " +
         std::to_string(actual);
}

// The first differing field of two results with the same key (empty if none).
std::string first_field_diff(const AggregateResult& e, const AggregateResult& a) {
  if (e.count != a.count) return field_diff("count", e.count, a.count);
  if (e.sum_cents != a.sum_cents) return field_diff("sum_cents", e.sum_cents, a.sum_cents);
  if (e.max_event_time_ns != a.max_event_time_ns) {
    return field_diff("max event time (ns)", e.max_event_time_ns, a.max_event_time_ns);
  }
  return {};
}
std::string first_field_diff(const JoinResult& e, const JoinResult& a) {
  if (e.purchases != a.purchases) return field_diff("purchases", e.purchases, a.purchases);
  if (e.ads != a.ads) return field_diff("ads", e.ads, a.ads);
  if (e.pairs != a.pairs) return field_diff("joined pairs", e.pairs, a.pairs);
  if (e.max_event_time_ns != a.max_event_time_ns) {
    return field_diff("max event time (ns)", e.max_event_time_ns, a.max_event_time_ns);
  }
  return {};
}

bool same_key(const AggregateResult& a, const AggregateResult& b) {
  return !result_less(a, b) && !result_less(b, a);
}
bool same_key(const JoinResult& a, const JoinResult& b) {
  return !result_less(a, b) && !result_less(b, a);
}

void check_admissions(std::span<const Event> events, std::span<const std::int64_t> first_open_start_ns) {
  if (!first_open_start_ns.empty() && first_open_start_ns.size() != events.size())
    throw std::invalid_argument("oracle: " + std::to_string(first_open_start_ns.size()) + " admissions for " +
                                std::to_string(events.size()) + " events");
}

// Whether event i enters the window starting at start_ns (every window when none are given).
bool enters(std::span<const std::int64_t> first_open_start_ns, std::size_t i, std::int64_t start_ns) {
  return first_open_start_ns.empty() || start_ns >= first_open_start_ns[i];
}

Comparison mismatch(std::size_t matched, std::string what) {
  return Comparison{false, std::move(what), matched};
}

// Walks the two sorted lists in step; the first key present in one only, a duplicated key
// in the SUT's output, or a differing field ends the walk.
template <class R>
Comparison compare_sorted(std::span<const R> expected, std::span<const R> actual_unsorted) {
  std::vector<R> actual(actual_unsorted.begin(), actual_unsorted.end());
  std::stable_sort(actual.begin(), actual.end(),
                   [](const R& a, const R& b) { return result_less(a, b); });
  std::size_t i = 0;
  std::size_t j = 0;
  std::size_t matched = 0;
  while (i < expected.size() || j < actual.size()) {
    if (j > 0 && j < actual.size() && same_key(actual[j - 1], actual[j])) {
      return mismatch(matched, "duplicate result from the SUT for " + describe_key(actual[j]));
    }
    if (j == actual.size() || (i < expected.size() && result_less(expected[i], actual[j]))) {
      return mismatch(matched, "missing result for " + describe_key(expected[i]) +
                                   " (the SUT produced " + std::to_string(actual.size()) +
                                   " results, the oracle " + std::to_string(expected.size()) + ")");
    }
    if (i == expected.size() || result_less(actual[j], expected[i])) {
      return mismatch(matched, "unexpected result from the SUT for " + describe_key(actual[j]));
    }
    const std::string diff = first_field_diff(expected[i], actual[j]);
    if (!diff.empty()) return mismatch(matched, describe_key(expected[i]) + ": " + diff);
    ++matched;
    ++i;
    ++j;
  }
  return Comparison{true, {}, matched};
}

}  // namespace

bool result_less(const AggregateResult& a, const AggregateResult& b) noexcept {
  return std::tie(a.window_start_ns, a.product) < std::tie(b.window_start_ns, b.product);
}

bool result_less(const JoinResult& a, const JoinResult& b) noexcept {
  return std::tie(a.window_start_ns, a.user, a.product) <
         std::tie(b.window_start_ns, b.user, b.product);
}

std::vector<AggregateResult> oracle_aggregate(std::span<const Event> events, const WindowSpec& window,
                                              std::span<const std::int64_t> first_open_start_ns) {
  validate(window);
  check_admissions(events, first_open_start_ns);
  std::map<AggKey, AggregateResult> acc;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    if (e.kind != EventKind::purchase) continue;
    const WindowRange range = windows_of(window, e.event_time_ns);
    for (std::int64_t w = 0; w < range.count; ++w)
      if (enters(first_open_start_ns, i, range.start(w))) add_purchase(acc, range.start(w), e);
  }
  std::vector<AggregateResult> out;
  out.reserve(acc.size());
  for (const auto& kv : acc) out.push_back(kv.second);  // map order = (window, product)
  return out;
}

std::vector<JoinResult> oracle_join(std::span<const Event> events, const WindowSpec& window,
                                    std::span<const std::int64_t> first_open_start_ns) {
  validate(window);
  check_admissions(events, first_open_start_ns);
  std::map<JoinKey, JoinSides> acc;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    const WindowRange range = windows_of(window, e.event_time_ns);
    for (std::int64_t w = 0; w < range.count; ++w)
      if (enters(first_open_start_ns, i, range.start(w))) add_join_side(acc, range.start(w), e);
  }
  std::vector<JoinResult> out;
  for (const auto& [key, s] : acc) {
    if (s.purchases == 0 || s.ads == 0) continue;
    out.push_back(JoinResult{std::get<0>(key), std::get<1>(key), std::get<2>(key), s.purchases,
                             s.ads, s.purchases * s.ads, std::max(s.max_purchase_ns, s.max_ad_ns)});
  }
  return out;
}

Comparison compare(std::span<const AggregateResult> expected,
                   std::span<const AggregateResult> actual) {
  return compare_sorted(expected, actual);
}

Comparison compare(std::span<const JoinResult> expected, std::span<const JoinResult> actual) {
  return compare_sorted(expected, actual);
}

std::string describe_key(const AggregateResult& r) {
  return "window starting at " + std::to_string(r.window_start_ns) + " ns, product " +
         std::to_string(r.product);
}

std::string describe_key(const JoinResult& r) {
  return "window starting at " + std::to_string(r.window_start_ns) + " ns, user " +
         std::to_string(r.user) + ", product " + std::to_string(r.product);
}

}  // namespace tare::stream

#include "stream/trials/verify.hpp"

#include <limits>
#include <string>

namespace tare::stream {
namespace {

// The oracle's results keep fields the wire does not carry (counts of inputs); they are
// zeroed on both sides so the comparison covers exactly what the SUT reported.
Comparison verify_aggregate(const WindowSpec& window, std::span<const Event> events, std::span<const Output> outputs) {
  std::vector<AggregateResult> expected = oracle_aggregate(events, window);
  for (auto& r : expected) r.count = 0;
  std::vector<AggregateResult> actual;
  actual.reserve(outputs.size());
  for (const Output& o : outputs) {
    if (o.key > std::numeric_limits<std::uint32_t>::max())
      return Comparison{false, "an output's key " + std::to_string(o.key) + " is not a product id", 0};
    if (o.value < 0) return Comparison{false, "an output's sum is negative (" + std::to_string(o.value) + ")", 0};
    actual.push_back(AggregateResult{o.window_start_ns, static_cast<std::uint32_t>(o.key), 0,
                                     static_cast<std::uint64_t>(o.value), o.max_event_time_ns});
  }
  return compare(expected, actual);
}

Comparison verify_join(const WindowSpec& window, std::span<const Event> events, std::span<const Output> outputs) {
  std::vector<JoinResult> expected = oracle_join(events, window);
  for (auto& r : expected) r.purchases = r.ads = 0;
  std::vector<JoinResult> actual;
  actual.reserve(outputs.size());
  for (const Output& o : outputs) {
    if (o.value < 0) return Comparison{false, "an output's pair count is negative (" + std::to_string(o.value) + ")", 0};
    actual.push_back(JoinResult{o.window_start_ns, static_cast<std::uint32_t>(o.key >> 32),
                                static_cast<std::uint32_t>(o.key & 0xffffffffu), 0, 0, static_cast<std::uint64_t>(o.value),
                                o.max_event_time_ns});
  }
  return compare(expected, actual);
}

}  // namespace

Comparison verify_outputs(Query query, const WindowSpec& window, std::span<const Event> events,
                          std::span<const Output> outputs) {
  return query == Query::join ? verify_join(window, events, outputs) : verify_aggregate(window, events, outputs);
}

}  // namespace tare::stream

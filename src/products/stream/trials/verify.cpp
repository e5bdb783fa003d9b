#include "stream/trials/verify.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <tuple>

#include "stream/suts/window_operator.hpp"

namespace tare::stream {
namespace {

// The oracle's results keep fields the wire does not carry (counts of inputs); they are
// zeroed on both sides so the comparison covers exactly what the SUT reported.
// A window ending by `until_ns` (the start of a cool-down; max: every window).
bool ends_by(std::int64_t window_start_ns, const WindowSpec& window, std::int64_t until_ns) {
  return window_start_ns <= until_ns - window.size_ns;
}

template <class Result>
void keep_ending_by(std::vector<Result>& results, const WindowSpec& window, std::int64_t until_ns) {
  std::erase_if(results, [&](const Result& r) { return !ends_by(r.window_start_ns, window, until_ns); });
}

Comparison verify_aggregate(const WindowSpec& window, std::span<const Event> events, std::span<const Output> outputs,
                            std::int64_t until_ns, std::span<const std::int64_t> first_open_start_ns) {
  std::vector<AggregateResult> expected = oracle_aggregate(events, window, first_open_start_ns);
  keep_ending_by(expected, window, until_ns);
  for (auto& r : expected) r.count = 0;
  std::vector<AggregateResult> actual;
  actual.reserve(outputs.size());
  for (const Output& o : outputs) {
    if (!ends_by(o.window_start_ns, window, until_ns)) continue;
    if (o.key > std::numeric_limits<std::uint32_t>::max())
      return Comparison{false, "an output's key " + std::to_string(o.key) + " is not a product id", 0};
    if (o.value < 0) return Comparison{false, "an output's sum is negative (" + std::to_string(o.value) + ")", 0};
    actual.push_back(AggregateResult{o.window_start_ns, static_cast<std::uint32_t>(o.key), 0,
                                     static_cast<std::uint64_t>(o.value), o.max_event_time_ns});
  }
  return compare(expected, actual);
}

Comparison verify_join(const WindowSpec& window, std::span<const Event> events, std::span<const Output> outputs,
                       std::int64_t until_ns, std::span<const std::int64_t> first_open_start_ns) {
  std::vector<JoinResult> expected = oracle_join(events, window, first_open_start_ns);
  keep_ending_by(expected, window, until_ns);
  for (auto& r : expected) r.purchases = r.ads = 0;
  std::vector<JoinResult> actual;
  actual.reserve(outputs.size());
  for (const Output& o : outputs) {
    if (!ends_by(o.window_start_ns, window, until_ns)) continue;
    if (o.value < 0) return Comparison{false, "an output's pair count is negative (" + std::to_string(o.value) + ")", 0};
    actual.push_back(JoinResult{o.window_start_ns, static_cast<std::uint32_t>(o.key >> 32),
                                static_cast<std::uint32_t>(o.key & 0xffffffffu), 0, 0, static_cast<std::uint64_t>(o.value),
                                o.max_event_time_ns});
  }
  return compare(expected, actual);
}

// Identity: the outputs, as a multiset, are the events, each once (identity_output without
// the SUT's clock readings). Compared sorted; the first difference says which event.
using IdentityRecord = std::tuple<std::int64_t, std::uint64_t, std::int64_t, std::int64_t>;

IdentityRecord identity_record(const Output& o) { return {o.max_event_time_ns, o.key, o.value, o.window_start_ns}; }

std::string describe_identity(const IdentityRecord& r) {
  const auto& [time, key, value, start] = r;
  std::string text = "event at " + std::to_string(time) + " ns (user " + std::to_string(key >> 32) + ", product " +
                     std::to_string(key & 0xffffffffu) + ", price " + std::to_string(value) + ")";
  if (start != time) text += " with window start " + std::to_string(start) + " ns";
  return text;
}

Comparison verify_identity(std::span<const Event> events, std::span<const Output> outputs, std::int64_t until_ns) {
  std::vector<IdentityRecord> expected, actual;
  expected.reserve(events.size());
  actual.reserve(outputs.size());
  for (const Event& e : events)
    if (e.event_time_ns < until_ns) expected.push_back(identity_record(identity_output(e, 0)));
  for (const Output& o : outputs)
    if (o.max_event_time_ns < until_ns) actual.push_back(identity_record(o));
  std::sort(expected.begin(), expected.end());
  std::sort(actual.begin(), actual.end());
  std::size_t i = 0;
  while (i < expected.size() && i < actual.size() && expected[i] == actual[i]) ++i;
  if (i == expected.size() && i == actual.size()) return Comparison{true, "", i};
  if (i < actual.size() && i > 0 && actual[i] == actual[i - 1])
    return Comparison{false, "a duplicate output: " + describe_identity(actual[i]) + " came out twice", i};
  if (i == actual.size() || (i < expected.size() && expected[i] < actual[i]))
    return Comparison{false, "a missing output: " + describe_identity(expected[i]) + " never came out", i};
  return Comparison{false, "an unexpected output: " + describe_identity(actual[i]) + " is no event of the run", i};
}

}  // namespace

Comparison verify_outputs(Query query, const WindowSpec& window, std::span<const Event> events,
                          std::span<const Output> outputs, std::int64_t until_ns,
                          std::span<const std::int64_t> first_open_start_ns) {
  switch (query) {
    case Query::join: return verify_join(window, events, outputs, until_ns, first_open_start_ns);
    case Query::identity: return verify_identity(events, outputs, until_ns);
    case Query::aggregate: break;
  }
  return verify_aggregate(window, events, outputs, until_ns, first_open_start_ns);
}

}  // namespace tare::stream

// What a driver tells a system under test about the run, in its hello: how many source
// connections it opens and which query to run on which windows. The model SUT configures
// itself from it; an adapter for another engine may use or ignore it.
//
// The driver's hello name is "tare-driver" followed by space-separated key=value fields:
//   tare-driver sources=2 query=aggregate window_ns=1000000000 slide_ns=1000000000
// Unknown keys are ignored (later versions may add some); missing or malformed ones are a
// ProtocolError naming the field.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "stream/workload/workload.hpp"

namespace tare::stream {

/// Karimov et al.'s two queries: a windowed aggregation (sum of purchase prices per product
/// and window) and a windowed join (purchases with ads on user and product per window); and
/// identity, every event out once, unchanged (no windows: what a transport and a pass-through
/// SUT cost on their own, e.g. over Kafka).
enum class Query { aggregate, join, identity };

const char* query_name(Query query) noexcept;
/// "aggregate", "join" or "identity"; std::invalid_argument otherwise.
Query parse_query(std::string_view text);

struct RunDescription {
  std::uint32_t sources = 1;   ///< connections the driver opens, one per generator (1..64)
  Query query = Query::aggregate;
  WindowSpec window{1'000'000'000, 1'000'000'000};
};

/// The window an output's latency is measured across (its window's last input may be up to
/// a window after the first): the window size, or 0 for identity, whose outputs are single
/// events.
constexpr std::int64_t output_window_ns(const RunDescription& run) noexcept {
  return run.query == Query::identity ? 0 : run.window.size_ns;
}

/// The driver's hello name for `run`.
std::string hello_name(const RunDescription& run);
/// Parses a driver's hello name; ProtocolError when it is not one or a field is bad.
RunDescription parse_hello_name(std::string_view name);

}  // namespace tare::stream

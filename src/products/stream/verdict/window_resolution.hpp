// Do the event-time percentiles mean what they say? An output's event-time latency is
// measured from the largest event time among its inputs (Karimov et al.), so it is the
// latency of its window's last input: the inputs before it, up to a window earlier, waited
// longer, and the window's closing adds up to a window too. When the window is not small
// beside the latencies measured, the percentiles do not stand for the events (issue 16:
// with 1 s windows a stall's event-time p99 read 0.42 of the truth). The judgement: each
// reported percentile must be at least `1 / max_share` windows long, so that a window is
// within that share of it; otherwise a warning names the percentiles that are not and the
// --window that would do.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tare::stream {

struct LatencyPercentile {
  double percentile = 50;  ///< e.g. 99.9
  double ns = 0;           ///< its value
};

/// The warning, or nullopt when every percentile given is at least window_size_ns /
/// max_share (percentiles of 0 or NaN, from no outputs, are not judged). The suggested
/// window is the largest 1-2-5 duration (at least 1 µs) within max_share of the smallest
/// percentile that read short. max_share in (0, 1), window_size_ns > 0, else
/// std::invalid_argument.
std::optional<std::string> window_resolution_warning(std::int64_t window_size_ns,
                                                     const std::vector<LatencyPercentile>& percentiles,
                                                     double max_share = 0.1);

/// The largest of 1, 2, 5 x 10^k ns at or below `ns` (at least 1,000: 1 µs).
std::int64_t round_down_125(double ns);

}  // namespace tare::stream

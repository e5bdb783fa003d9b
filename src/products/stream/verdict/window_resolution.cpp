#include "stream/verdict/window_resolution.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace tare::stream {
namespace {

constexpr std::int64_t kSmallestSuggestionNs = 1'000;

// "10ms", "500us", "2s": as --window takes it.
std::string option_duration(std::int64_t ns) {
  char text[32];
  if (ns % 1'000'000'000 == 0) std::snprintf(text, sizeof text, "%llds", static_cast<long long>(ns / 1'000'000'000));
  else if (ns % 1'000'000 == 0) std::snprintf(text, sizeof text, "%lldms", static_cast<long long>(ns / 1'000'000));
  else std::snprintf(text, sizeof text, "%lldus", static_cast<long long>(ns / 1'000));
  return text;
}

// "1 s", "120 ms", "850 µs": three significant figures for the message.
std::string readable(double ns) {
  char text[32];
  if (ns >= 1e9) std::snprintf(text, sizeof text, "%.3g s", ns / 1e9);
  else if (ns >= 1e6) std::snprintf(text, sizeof text, "%.3g ms", ns / 1e6);
  else if (ns >= 1e3) std::snprintf(text, sizeof text, "%.3g µs", ns / 1e3);
  else std::snprintf(text, sizeof text, "%.3g ns", ns);
  return text;
}

std::string percentile_name(double p) {
  char text[16];
  std::snprintf(text, sizeof text, "p%g", p);
  return text;
}

}  // namespace

std::int64_t round_down_125(double ns) {
  if (!(ns >= kSmallestSuggestionNs)) return kSmallestSuggestionNs;
  const double decade = std::pow(10.0, std::floor(std::log10(ns)));
  const double mantissa = ns / decade;
  const double step = mantissa >= 5 ? 5 : mantissa >= 2 ? 2 : 1;
  return std::max<std::int64_t>(kSmallestSuggestionNs, std::llround(step * decade));
}

std::optional<std::string> window_resolution_warning(std::int64_t window_size_ns,
                                                     const std::vector<LatencyPercentile>& percentiles,
                                                     double max_share) {
  if (window_size_ns <= 0 || !(max_share > 0 && max_share < 1))
    throw std::invalid_argument("window_resolution_warning: need a window > 0 and 0 < max_share < 1");
  const double window = static_cast<double>(window_size_ns);
  std::string short_ones;
  double smallest = INFINITY;
  for (const LatencyPercentile& p : percentiles) {
    if (!(p.ns > 0) || p.ns * max_share >= window) continue;
    short_ones += (short_ones.empty() ? "" : ", ") + percentile_name(p.percentile) + " " + readable(p.ns);
    smallest = std::min(smallest, p.ns);
  }
  if (short_ones.empty()) return std::nullopt;
  return "event-time percentiles can be off by up to a window (" + readable(window) +
         "): an output's latency is measured from its window's last input, and its other inputs came up to a "
         "window earlier; the windows are not " + std::to_string(std::lround(1 / max_share)) + " times shorter than " +
         short_ones + ": use --window " + option_duration(round_down_125(smallest * max_share)) +
         " or shorter for latencies that stand for every event";
}

}  // namespace tare::stream

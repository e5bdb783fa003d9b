#include "stream/trials/trial_defaults.hpp"

#include <algorithm>

namespace tare::stream {

std::int64_t default_warmup_ns(std::int64_t duration_ns) { return duration_ns / 5; }

std::int64_t default_interval_ns(std::int64_t duration_ns) {
  return std::clamp<std::int64_t>(duration_ns / 30 / 1'000'000 * 1'000'000, 10'000'000, 1'000'000'000);
}

std::int64_t default_sample_ns(std::int64_t interval_ns) { return std::min<std::int64_t>(interval_ns, 100'000'000); }

std::uint64_t backlog_cap_events(double cap_s, std::uint64_t peak_events_per_s, std::uint32_t generators) {
  constexpr std::uint64_t kMostBacklogEvents = 1u << 24;
  return std::clamp<std::uint64_t>(static_cast<std::uint64_t>(cap_s * static_cast<double>(peak_events_per_s)), generators,
                                   kMostBacklogEvents);
}

}  // namespace tare::stream

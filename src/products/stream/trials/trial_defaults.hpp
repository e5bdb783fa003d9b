// What a trial's timing options are when the command line leaves them out, and how many
// events the backlog may hold: one place for the choices `tare stream run` and `sustainable`
// share.
#pragma once

#include <cstdint>

namespace tare::stream {

/// Excluded from the verdict: the first fifth of the trial.
std::int64_t default_warmup_ns(std::int64_t duration_ns);
/// Latency histogram interval: about 30 per trial (whole milliseconds), within 10 ms .. 1 s.
std::int64_t default_interval_ns(std::int64_t duration_ns);
/// Backlog sampling period: the interval, at most 100 ms.
std::int64_t default_sample_ns(std::int64_t interval_ns);
/// The backlog cap in events: `cap_s` seconds of input at the schedule's peak rate, at
/// least one event per generator and at most 2^24 events (400 MB of queued events).
std::uint64_t backlog_cap_events(double cap_s, std::uint64_t peak_events_per_s, std::uint32_t generators);

}  // namespace tare::stream

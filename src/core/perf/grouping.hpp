// Which events are opened together, and what a group's read gives: pure, so that grouping,
// multiplexing and the scaling it needs are tested on synthetic readings.
//
// A group is scheduled onto the PMU whole or not at all, so its members count over the same
// time and their ratios (instructions per cycle) are exact; a group larger than the PMU's
// counters is never scheduled. Hardware events therefore go in groups of at most
// kHardwareGroupSize (the general-purpose counters of a core with SMT on, the smallest
// common PMU), software events in one group of their own (they need no counter). With more
// groups than counters the kernel multiplexes them: each counts part of the time, and its
// reading says how long (time running) out of how long it was enabled.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "perf/event.hpp"

namespace tare::perf {

inline constexpr std::size_t kHardwareGroupSize = 4;

/// The events' indices, group by group (each group's first is its leader): software
/// events together first, then the others in the order given, `hardware_group_size` at most
/// per group.
std::vector<std::vector<std::size_t>> group_events(const std::vector<Encoding>& events,
                                                   std::size_t hardware_group_size = kHardwareGroupSize);

/// A group's read with PERF_FORMAT_GROUP | TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING:
/// { nr, time_enabled, time_running, value[nr] } as words. One Reading per member (the
/// times are the group's); nullopt when the words are not that shape for `members`.
std::optional<std::vector<Reading>> readings_from_group(const std::vector<std::uint64_t>& words, std::size_t members);

/// The count over the whole time enabled, estimated from the time the event ran:
/// value × enabled / running. nullopt when it never ran (running 0: not counted, which is
/// not a count of zero).
std::optional<double> scaled_count(const Reading& reading);

}  // namespace tare::perf

#include "perf/grouping.hpp"

#include <linux/perf_event.h>

#include <algorithm>

namespace tare::perf {

std::vector<std::vector<std::size_t>> group_events(const std::vector<Encoding>& events,
                                                   std::size_t hardware_group_size) {
  hardware_group_size = std::max<std::size_t>(hardware_group_size, 1);
  std::vector<std::vector<std::size_t>> groups;
  std::vector<std::size_t> software;
  for (std::size_t i = 0; i < events.size(); ++i)
    if (events[i].type == PERF_TYPE_SOFTWARE) software.push_back(i);
  if (!software.empty()) groups.push_back(std::move(software));
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].type == PERF_TYPE_SOFTWARE) continue;
    const bool full = groups.empty() || events[groups.back().front()].type == PERF_TYPE_SOFTWARE ||
                      groups.back().size() >= hardware_group_size;
    if (full) groups.emplace_back();
    groups.back().push_back(i);
  }
  return groups;
}

std::optional<std::vector<Reading>> readings_from_group(const std::vector<std::uint64_t>& words, std::size_t members) {
  if (words.size() != 3 + members || words[0] != members) return std::nullopt;
  std::vector<Reading> readings;
  for (std::size_t i = 0; i < members; ++i) readings.push_back({words[3 + i], words[1], words[2]});
  return readings;
}

std::optional<double> scaled_count(const Reading& reading) {
  if (reading.running_ns == 0) return std::nullopt;
  if (reading.running_ns >= reading.enabled_ns) return static_cast<double>(reading.value);
  return static_cast<double>(reading.value) * static_cast<double>(reading.enabled_ns) /
         static_cast<double>(reading.running_ns);
}

}  // namespace tare::perf

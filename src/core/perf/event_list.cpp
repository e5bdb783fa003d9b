#include "perf/event_list.hpp"

#include <algorithm>
#include <stdexcept>

namespace tare::perf {

const std::vector<std::string>& default_events() {
  static const std::vector<std::string> events{"cycles",     "instructions", "branches",         "branch-misses",
                                               "cache-references", "cache-misses", "task-clock", "page-faults",
                                               "context-switches", "cpu-migrations"};
  return events;
}

std::vector<std::string> parse_event_list(std::string_view list) {
  if (list.empty()) throw std::invalid_argument("no events after \"perf:\"");
  std::vector<std::string> events;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string name(list.substr(start, comma - start));
    if (name.empty()) throw std::invalid_argument("an empty event name in \"" + std::string(list) + "\"");
    if (std::find(events.begin(), events.end(), name) == events.end()) events.push_back(name);
    if (comma == list.size()) return events;
    start = comma + 1;
  }
}

}  // namespace tare::perf

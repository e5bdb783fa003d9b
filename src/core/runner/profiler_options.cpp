#include "runner/profiler_options.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "perf/event_list.hpp"
#include "perf/resolve.hpp"
#include "report/enum_names.hpp"

namespace tare::runner {
namespace {

// Every name is resolved here, so that an unknown one stops the run before anything is
// measured; whether this machine can count it is found later (perf::probe_events).
void add_perf_events(const std::string& text, std::size_t colon, RunOptions& options) {
  std::vector<std::string> events;
  try {
    events = colon == std::string::npos ? perf::default_events() : perf::parse_event_list(text.substr(colon + 1));
  } catch (const std::invalid_argument& e) {
    throw UsageError("--prof " + text + ": " + e.what());
  }
  for (const auto& event : events) {
    const perf::Resolution resolved = perf::resolve_event(event);
    if (!resolved.encoding) throw UsageError("--prof " + text + ": unknown event " + event + ": " + resolved.error);
    if (std::find(options.perf_events.begin(), options.perf_events.end(), event) == options.perf_events.end())
      options.perf_events.push_back(event);
  }
}

}  // namespace

void add_profiler(const std::string& text, RunOptions& options) {
  const std::size_t colon = text.find(':');
  const std::string name = text.substr(0, colon);
  const auto profiler = report::parse_profiler(name);
  if (!profiler) throw UsageError("--prof " + text + ": unknown profiler; this tare has " + report::profiler_names());
  if (*profiler == results::Profiler::perf) add_perf_events(text, colon, options);
  else if (colon != std::string::npos) throw UsageError("--prof " + text + ": " + name + " takes no events");
  if (std::find(options.profilers.begin(), options.profilers.end(), *profiler) == options.profilers.end())
    options.profilers.push_back(*profiler);
}

}  // namespace tare::runner

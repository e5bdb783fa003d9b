#include "runner/perf_plan.hpp"

#include <algorithm>

#include "perf/availability.hpp"
#include "perf/event_text.hpp"

namespace tare::runner {

void plan_perf(const RunOptions& options, results::Context& context, ForkPlan& plan, std::ostream& warnings) {
  if (std::find(options.profilers.begin(), options.profilers.end(), results::Profiler::perf) == options.profilers.end())
    return;
  const perf::Availability availability = perf::probe_events(options.perf_events);
  results::Context::Perf recorded;
  recorded.events = options.perf_events;
  recorded.user_only = availability.access.user_only();
  recorded.paranoid = availability.access.paranoid;
  recorded.unavailable = availability.unavailable;
  context.perf = std::move(recorded);
  const std::string line = perf::unavailable_line(availability);
  if (!line.empty()) warnings << "tare: warning: " << line << "\n";
  if (availability.encodings.empty()) return;
  plan.perf_events = perf::events_to_text(availability.encodings);
  plan.perf_event_names = availability.names;
}

}  // namespace tare::runner

#include "perf/resolve.hpp"

#include "perf/generic_events.hpp"

namespace tare::perf {

Resolution resolve_event(const std::string& name) {
  if (auto generic = generic_event(name)) return {generic, ""};
  return pfm_event(name);
}

}  // namespace tare::perf

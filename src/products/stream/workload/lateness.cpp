// The allowed-lateness rule (see lateness.hpp).
#include "stream/workload/lateness.hpp"

#include <stdexcept>
#include <string>

namespace tare::stream {

void validate_allowed_lateness(std::int64_t allowed_ns) {
  if (allowed_ns < 0 || allowed_ns > kMaxAllowedLatenessNs)
    throw std::invalid_argument("allowed lateness must be in 0.." + std::to_string(kMaxAllowedLatenessNs) + " ns (got " +
                                std::to_string(allowed_ns) + ")");
}

Admission admit(const WindowSpec& window, std::int64_t allowed_ns, std::int64_t watermark_ns, std::int64_t t) noexcept {
  const WindowRange range = windows_of(window, t);
  if (t >= watermark_ns) return Admission{Arrival::on_time, range.first_start};
  // The windows' ends increase with their starts: the open ones are the newest ones.
  std::int64_t j = 0;
  while (j < range.count && !window_open(range.start(j), window, allowed_ns, watermark_ns)) ++j;
  // None open: first_open_start is past the event's last window, so it enters none.
  return Admission{j == 0 ? Arrival::late_accepted : Arrival::late_dropped, range.start(j)};
}

Admission SourceLateness::observe(std::int64_t event_time_ns) noexcept {
  const Admission a = admit(window_, allowed_ns_, watermark_, event_time_ns);
  if (a.arrival == Arrival::late_accepted) ++counts_.accepted;
  if (a.arrival == Arrival::late_dropped) ++counts_.dropped;
  if (event_time_ns > watermark_) watermark_ = event_time_ns;
  return a;
}

}  // namespace tare::stream

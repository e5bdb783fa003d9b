// Which of the events asked for this machine can count, found before anything is measured:
// each is opened once on the runner itself. An event the kernel or the PMU refuses (no
// hardware counters in a VM: ENOENT; not permitted: EACCES) is left out with the reason,
// and the run goes on with the others.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "perf/event.hpp"

namespace tare::perf {

/// What the kernel lets this process count: under perf_event_paranoid 2 or more, user
/// space only, unless the process holds CAP_PERFMON or CAP_SYS_ADMIN.
struct Access {
  std::optional<int> paranoid;  ///< none: the kernel has no perf events
  bool privileged = false;
  bool user_only() const { return !privileged && paranoid.value_or(2) >= 2; }
};

/// Reads kernel/perf_event_paranoid under `proc` (/proc/sys) and the effective
/// capabilities in `status` (/proc/self/status).
Access read_access(const std::filesystem::path& proc_sys = "/proc/sys",
                   const std::filesystem::path& status = "/proc/self/status");

/// Why perf_event_open refused an event, in words, from its errno.
std::string unavailable_reason(int error, const Access& access);

struct Availability {
  std::vector<std::string> names;    ///< the events that count here, in the order asked
  std::vector<Encoding> encodings;   ///< theirs, narrowed to user space when the kernel requires it
  std::vector<std::pair<std::string, std::string>> unavailable;  ///< event, why
  Access access;
};

/// Resolves and opens each event once, within what `access` allows (user space only: the
/// kernel left out, and an event of the kernel alone refused). Throws std::invalid_argument
/// for a name that does not resolve (the options refuse those first).
Availability probe_events(const std::vector<std::string>& names, const Access& access = read_access());

/// The one warning line for the events that cannot count here, or "" when all can.
std::string unavailable_line(const Availability& availability);

}  // namespace tare::perf

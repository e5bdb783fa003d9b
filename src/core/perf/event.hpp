// A counter as the kernel's perf_event_open knows it, and what reading one gives. Plain
// data shared by the runner (which resolves names and probes) and the worker (which counts).
#pragma once

#include <cstdint>

namespace tare::perf {

/// The fields of perf_event_attr that say which event is counted: a name resolved
/// (resolve.hpp) comes to this, and this is what the worker is sent.
struct Encoding {
  std::uint32_t type = 0;  ///< PERF_TYPE_HARDWARE, PERF_TYPE_SOFTWARE, a PMU's type, ...
  std::uint64_t config = 0, config1 = 0, config2 = 0;
  bool exclude_user = false;    ///< a modifier of the name (":k") asked for the kernel alone
  bool exclude_kernel = false;  ///< by the name (":u") or because the kernel allows no more
  bool exclude_hv = false;

  bool operator==(const Encoding& other) const {
    return type == other.type && config == other.config && config1 == other.config1 && config2 == other.config2 &&
           exclude_user == other.exclude_user && exclude_kernel == other.exclude_kernel && exclude_hv == other.exclude_hv;
  }
};

/// One counter read: the raw count and how long the event was enabled and actually on a
/// counter (shorter than enabled when the kernel multiplexed more events than counters).
struct Reading {
  std::uint64_t value = 0;
  std::uint64_t enabled_ns = 0;
  std::uint64_t running_ns = 0;
};

}  // namespace tare::perf

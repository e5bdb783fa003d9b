#include "perf/pfm_events.hpp"

#if TARE_HAVE_LIBPFM
#include <perfmon/pfmlib_perf_event.h>

#include <cstdlib>
#include <cstring>
#endif

namespace tare::perf {

#if TARE_HAVE_LIBPFM

bool libpfm_built_in() { return true; }

Resolution pfm_event(const std::string& name) {
  static const int started = pfm_initialize();
  if (started != PFM_SUCCESS) return {std::nullopt, std::string("libpfm4 did not start: ") + pfm_strerror(started)};
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  pfm_perf_encode_arg_t arg;
  std::memset(&arg, 0, sizeof arg);
  arg.attr = &attr;
  arg.size = sizeof arg;
  // User and kernel unless the name's modifiers say otherwise; the runner narrows it to user
  // space where the kernel allows no more.
  const int status = pfm_get_os_event_encoding(name.c_str(), PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg);
  if (status == PFM_ERR_NOTFOUND)
    return {std::nullopt, "no such event (neither a generic name nor one of this machine's PMU in libpfm4)"};
  if (status != PFM_SUCCESS) return {std::nullopt, pfm_strerror(status)};
  Encoding e;
  e.type = attr.type;
  e.config = attr.config;
  e.config1 = attr.config1;
  e.config2 = attr.config2;
  e.exclude_user = attr.exclude_user != 0;
  e.exclude_kernel = attr.exclude_kernel != 0;
  e.exclude_hv = attr.exclude_hv != 0;
  return {e, ""};
}

#else

bool libpfm_built_in() { return false; }

Resolution pfm_event(const std::string&) {
  return {std::nullopt, "not one of the kernel's generic names, and libpfm4 (which knows the PMU's own names) was "
                        "not built in"};
}

#endif

}  // namespace tare::perf

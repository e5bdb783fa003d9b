// Event names through libpfm4 (when tare was built with it, TARE_HAVE_LIBPFM): the kernel's
// generic names in libpfm's spelling ("perf::PAGE-FAULTS") and those of this machine's PMU
// ("INST_RETIRED:ANY_P"), with modifiers (":u"). Kept apart from the kernel's own
// perf_event.h, which defines the same structure as libpfm's header.
#pragma once

#include <optional>
#include <string>

#include "perf/event.hpp"

namespace tare::perf {

struct Resolution {
  std::optional<Encoding> encoding;
  std::string error;  ///< why not, when there is no encoding
};

/// Whether this tare was built with libpfm4.
bool libpfm_built_in();

/// libpfm4's encoding of `name`; without libpfm4, an error that says so.
Resolution pfm_event(const std::string& name);

}  // namespace tare::perf

// Writing the `tare.fleet/1` JSON document: a run on several machines, the machine at the
// top level and each machine's results a whole `tare.results/1` document (docs/slurm.md).
#pragma once

#include <ostream>

#include "results/fleet.hpp"

namespace tare::report {

inline constexpr const char* kFleetSchema = "tare.fleet/1";

/// Pretty-printed (2-space indent), as write_json.
void write_fleet_json(const results::Fleet& fleet, std::ostream& out);

}  // namespace tare::report

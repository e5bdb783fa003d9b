// Writing the `tare.fleet/1` document: a benchmark binary run on several machines
// (results/fleet.hpp), the machine at the top level. Each machine has its name, status and
// error, and its results whole, the `tare.results/1` document its run writes (context,
// benchmarks, forks and samples); each benchmark has the fleet's interval and variance
// components beside every machine's score. Field by field in docs/results.md.
#pragma once

#include <ostream>

#include "results/fleet.hpp"

namespace tare::report {

inline constexpr const char* kFleetSchema = "tare.fleet/1";

/// Pretty-printed as write_json prints, always valid JSON (what is not known is null).
void write_fleet_json(const results::Fleet& fleet, std::ostream& out);

}  // namespace tare::report

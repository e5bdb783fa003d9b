// Writing the `tare.fleet/1` document: several machines' runs merged (results/fleet.hpp),
// the machine at the top level. Each machine keeps its run whole (its context and its
// benchmarks as `tare.results/1` writes them, forks and samples included); each benchmark
// has its machines' scores beside the fleet's. Field by field in docs/results.md.
#pragma once

#include <ostream>

#include "results/fleet.hpp"

namespace tare::report {

inline constexpr const char* kFleetSchema = "tare.fleet/1";

/// Pretty-printed as write_json prints, always valid JSON (what is not known is null).
void write_fleet_json(const results::Fleet& fleet, std::ostream& out);

}  // namespace tare::report

// Merging the runs of several machines (one results document each) into one fleet: the
// machines at the top, each with its own context and forks, and per benchmark each
// machine's score beside the fleet's (stats/fleet.hpp). Pure: the files are read and
// written by the caller (report/json_read.hpp, report/fleet_json.hpp).
#pragma once

#include <vector>

#include "results/fleet.hpp"

namespace tare::analysis {

/// The fleet of `runs`, one per machine, in the order given. A machine is named by its
/// context's host ("machine N", counted from 1, when the host is unknown). Benchmarks are
/// matched by name; one a machine lacks, or whose forks all failed, has no score there.
/// Intervals at confidence `level`; a machine named an outlier at family-wise false-alarm
/// rate `false_alarm` per benchmark. Throws std::invalid_argument, naming them, for two runs
/// of the same host or a benchmark measured in different units or modes.
results::Fleet merge_fleet(std::vector<results::Run> runs, double level = 0.95, double false_alarm = 0.05);

}  // namespace tare::analysis

// The statistics of a fleet (results/fleet.hpp): per benchmark each machine's score beside
// the fleet's (stats/fleet.hpp), over the machines that succeeded; and the fleet of several
// machines' runs (one results document each). Pure: the runs are measured or read, and the
// fleet written, by the caller (runner/slurm_run.hpp, report/json_read.hpp,
// report/fleet_json.hpp).
#pragma once

#include <string>
#include <vector>

#include "results/fleet.hpp"

namespace tare::analysis {

/// Why a run is not a success: "<benchmark>: <error>" for the first benchmark that failed
/// (one skipped by itself is no failure); empty when none did.
std::string first_failure(const results::Run& run);

/// Fills fleet.benchmarks from the machines that are ok: every benchmark name they measured,
/// in the order each first appears, its per-machine scores (every machine listed, in order;
/// one that failed, lacks the benchmark or whose forks all failed there has no score) and
/// the fleet's. Intervals at confidence `level`; a machine named an outlier at family-wise
/// false-alarm rate `false_alarm` per benchmark. Throws std::invalid_argument, naming them,
/// for a benchmark measured in different units or modes.
void add_fleet_statistics(results::Fleet& fleet, double level = 0.95, double false_alarm = 0.05);

/// The fleet of `runs`, one per machine, in the order given, with its statistics. A machine
/// is named by its context's host ("machine N", counted from 1, when the host is unknown);
/// it is ok unless a benchmark failed on it (first_failure is its error). Throws
/// std::invalid_argument, naming them, for two runs of the same host, or as
/// add_fleet_statistics.
results::Fleet merge_fleet(std::vector<results::Run> runs, double level = 0.95, double false_alarm = 0.05);

}  // namespace tare::analysis

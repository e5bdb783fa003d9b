// The fleet's statistics in words, one line per benchmark: the score of a machine of this
// kind with its interval, over how many machines, and the machines named as disagreeing.
// Printed under a Slurm run's machines and by `tare fleet merge`.
#pragma once

#include <ostream>

#include "results/fleet.hpp"

namespace tare::report {

/// A heading, then "name: score [low, high] unit over N machines; M disagrees with the
/// others" per benchmark ("no score" when no machine that succeeded has one); nothing when
/// the fleet has no benchmark.
void write_fleet_summary(const results::Fleet& fleet, std::ostream& out);

}  // namespace tare::report

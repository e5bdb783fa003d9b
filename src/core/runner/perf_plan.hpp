// --prof perf before anything is measured: which of the events asked for this machine can
// count (perf::probe_events), recorded in the run's context, said in one warning line when
// some cannot, and what every fork is then asked to count.
#pragma once

#include <ostream>

#include "results/results.hpp"
#include "runner/fork.hpp"
#include "runner/options.hpp"

namespace tare::runner {

/// Nothing unless options.profilers has perf. Events that cannot count here are left out
/// (the run goes on without them, or without perf figures at all), named on `warnings`.
void plan_perf(const RunOptions& options, results::Context& context, ForkPlan& plan, std::ostream& warnings);

}  // namespace tare::runner

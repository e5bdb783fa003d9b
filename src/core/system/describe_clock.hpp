// The clock part of a run's context.
#pragma once

#include "clock/characterize.hpp"
#include "results/results.hpp"

namespace tare::system {

/// Fills ctx.clock from the active clock (clock::select_best must have run): its name, TSC
/// rate and the kernel's clocksource, with `measured`, the characterisation the run times
/// with (clock::characterize_active: taken once, 1.5 ms of clock reads).
void describe_clock(results::Context& ctx, const clock::Characterization& measured);

}  // namespace tare::system

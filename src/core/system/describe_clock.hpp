// The clock part of a run's context.
#pragma once

#include "results/results.hpp"

namespace tare::system {

/// Fills ctx.clock from the active clock (clock::select_best must have run): its name,
/// characterisation, TSC rate and the kernel's clocksource.
void describe_clock(results::Context& ctx);

}  // namespace tare::system

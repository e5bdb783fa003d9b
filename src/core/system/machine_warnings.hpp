// Warnings about the machine a run was measured on, from its described context.
#pragma once

#include <string>

#include "results/results.hpp"

namespace tare::system {

/// Appends a specific warning to ctx.warnings for each fact in ctx that makes the numbers
/// less trustworthy (ASLR off, a governor other than performance, turbo, a busy machine, a
/// system-call clocksource, steal, a hypervisor). Reads only ctx; calling it twice adds nothing new.
void add_machine_warnings(results::Context& ctx);

/// A number for a message: at most two decimals, no trailing zeros ("1.9", "2", "0.75").
std::string format_number(double value);

}  // namespace tare::system

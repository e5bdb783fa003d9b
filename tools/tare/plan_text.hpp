// `tare plan`'s table and command lines, for a person; the plan itself is plan/run_plan.hpp.
#pragma once

#include <ostream>
#include <vector>

#include "plan/run_plan.hpp"
#include "results/results.hpp"

namespace tare::tool {

/// The table and the command lines, for a person.
void write_plan(const results::Run& run, const std::vector<plan::PlanRow>& rows, const plan::PlanOptions& options,
                std::ostream& out);

}  // namespace tare::tool

// `tare plan`'s table and command lines, for a person; the plan itself is compare/plan.hpp.
#pragma once

#include <ostream>
#include <vector>

#include "compare/plan.hpp"
#include "results/results.hpp"

namespace tare::tool {

/// The table and the command lines, for a person.
void write_plan(const results::Run& run, const std::vector<compare::PlanRow>& rows, const compare::PlanOptions& options,
                std::ostream& out);

}  // namespace tare::tool

// The console's warnings, by weight: numbers not to be used first, in red; then what needs
// reading with care, under each benchmark; then notes and machine-level warnings, one line
// per kind for the whole run. With verbose, every warning of every benchmark in full.
#pragma once

#include <ostream>

#include "results/results.hpp"

namespace tare::report::detail {

void write_warnings(const results::Run& run, std::ostream& out, bool color, bool verbose);

}  // namespace tare::report::detail

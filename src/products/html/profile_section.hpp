// What the profilers (--prof) found for one benchmark, in its section of the report: their
// figures as a table, and --prof asm's hot code as the console shows it.
#pragma once

#include <string>

#include "results/results.hpp"

namespace tare::html {

/// "" when the benchmark was not profiled.
std::string profile_figures(const results::Benchmark& b);

}  // namespace tare::html

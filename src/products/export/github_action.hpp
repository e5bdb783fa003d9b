// tare's results in github-action-benchmark's custom format ("customSmallerIsBetter" or
// "customBiggerIsBetter"): an array of {name, unit, value, range, extra}. The action reads
// one direction per file, so a file holds the benchmarks of one direction.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "export/exported.hpp"
#include "results/results.hpp"

namespace tare::exports {

/// The benchmarks with an estimate whose better direction is `better`, in run order:
/// `value` the score in the benchmark's unit, `range` "± h" with h the interval's
/// half-width, `extra` the interval, the forks and the warnings, one per line.
void write_github_action(const results::Run& run, Better better, std::ostream& out);

/// `value` with four significant digits and no exponent, as the action shows it beside the
/// value: 8.22157 -> "8.222", 150000 -> "150000", 0.000123456 -> "0.0001235".
std::string four_significant(double value);

}  // namespace tare::exports

namespace tare::exports {

/// The one direction of the run's benchmarks with an estimate (smaller when it has none);
/// nullopt when they mix times per operation and throughputs.
std::optional<Better> single_direction(const results::Run& run);

}  // namespace tare::exports

// Input reset less often than it is used up, where the benchmark's declaration shows it: a
// reset per sample before an operation that may change the state.
#pragma once

#include "registry/benchmark_spec.hpp"
#include "tare/mode.hpp"

namespace tare::analysis {

/// True when the input is reset per sample (before_sample or after_sample),
/// the operation takes the state by non-const reference, no hook runs per call and a sample
/// makes many calls (avgt, thrpt): every call of a sample after the first may see what the
/// calls before it left (a sorted array, an emptied queue). False otherwise, and false where
/// the operation's type does not tell (a generic lambda).
bool input_goes_stale(const detail::InputRenewal& input, Mode mode);

}  // namespace tare::analysis

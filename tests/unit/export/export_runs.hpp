// A run whose exports are known exactly: a time per operation and a throughput with
// estimates, a failed benchmark and one without an estimate.
#pragma once

#include "results/results.hpp"

namespace tare::exports::testing {

/// "lookup.binary/size=1024" (avgt, ns/op): forks of values {10, 12} and {13, 11, 12}
/// (means 11 and 12), score 11.5, 95% CI [10.5, 12.5], a warning and a counter "calls"
/// of 2 per operation; warmup 3 samples of 50 ns in the first fork, 1 of 100 ns in the
/// second; a third fork failed. "modes.rate" (thrpt, ops/s, 2 threads, not in its name): two forks of 2e6 ops/s, score 2e6,
/// CI [1.9e6, 2.2e6]. "crash/size=8": failed. "lonely": ok, no estimate (one fork).
results::Run export_run();

}  // namespace tare::exports::testing

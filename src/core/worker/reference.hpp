// A short, fixed reference workload each fork times before and after its measurement.
// Shared machines change speed over minutes (frequency, neighbours, steal time); the same
// workload timed again and again shows how much, independent of what the benchmark does,
// so the runner can report the machine's drift and divide it out of the scores.
#pragma once

namespace tare::worker {

/// Nanoseconds per iteration of the reference workload: the median of a few timed
/// repetitions of about 0.3 ms each.
double time_reference_workload();

}  // namespace tare::worker

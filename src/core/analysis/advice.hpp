// What a warning tells its reader to do, in the words of the API the benchmark's source is
// written against: tare's own calls and options, or Google Benchmark's. A Google Benchmark
// source compiled against tare::gbench cannot call consume() or .acknowledge(), and its
// reader knows --benchmark_min_time, not --measure-ms; tare's options that have no Google
// Benchmark counterpart (--budget) work on its binaries too, and are named as tare's.
#pragma once

#include "registry/benchmark_spec.hpp"

namespace tare::analysis {

using detail::SourceApi;

/// For a benchmark that may be optimised away: how to keep the work from being deleted, and
/// what to do when it is real.
const char* deleted_work_advice(SourceApi api);

/// How to make each fork measure longer.
const char* longer_measurement(SourceApi api);

/// How to make each fork warm up and measure longer.
const char* longer_warmup_and_measurement(SourceApi api);

/// How to get more forks, for an interval wider than the target.
const char* more_forks(SourceApi api);

}  // namespace tare::analysis

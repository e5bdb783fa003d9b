#include "analysis/advice.hpp"

namespace tare::analysis {

const char* deleted_work_advice(SourceApi api) {
  if (api == SourceApi::google_benchmark)
    return "if the work was deleted, pass its result to benchmark::DoNotOptimize() (its inputs too, so that they "
           "are not folded into constants) and call benchmark::ClobberMemory() after writes to memory nothing reads; "
           "if it is real, it is too cheap to time alone: do it several times per iteration";
  return "if the work was deleted, return the result or consume() it and pass inputs through opaque(); if it is "
         "real, .acknowledge() it";
}

const char* longer_measurement(SourceApi api) {
  return api == SourceApi::google_benchmark ? "raise --benchmark_min_time" : "raise --measure-ms";
}

const char* longer_warmup_and_measurement(SourceApi api) {
  return api == SourceApi::google_benchmark
             ? "raise --benchmark_min_time: each process then warms up and measures longer"
             : "raise --warmup-max-ms or --measure-ms";
}

const char* more_forks(SourceApi api) {
  return api == SourceApi::google_benchmark
             ? "more processes narrow it: tare's --budget (e.g. --budget 10s) adds them until the target is met, "
               "--benchmark_repetitions=N runs N"
             : "raise --budget or --max-forks";
}

}  // namespace tare::analysis

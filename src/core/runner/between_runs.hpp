// What a finished run's intervals take in from the runs before it: the machine's speed
// between runs (the reference workload's readings) and each benchmark's own past scores,
// read from the history (results/store.hpp) and judged by analysis/machine_speed and
// analysis/between_run_spread.
#pragma once

#include <cstdint>

#include "results/results.hpp"
#include "results/store.hpp"

namespace tare::runner {

/// Sets run.context.between_runs from the history's speed readings of this machine, and
/// each scored benchmark's interval across runs (ci_across_runs, with where its spread came
/// from: across_runs) from its own past scores shrunk toward that speed; its rates follow.
/// `now` is seconds since the epoch. Nothing without this run's reference reading.
void weigh_between_runs(results::Run& run, const results::RunHistory& history, std::int64_t now);

}  // namespace tare::runner

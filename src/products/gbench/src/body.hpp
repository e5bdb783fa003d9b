// A Google Benchmark instance as a tare benchmark. A call of the user's function serves many
// samples (call.hpp): each sample of N invocations is the call's next batch of N iterations,
// timed by its own loop (real time minus paused time, or the manual time it reports); a call
// ends when the fork ends or its max_iterations would be passed, and the next sample starts
// another. Setup and Teardown run around each call, as around each Google Benchmark run.
// What the calls report about themselves (counters, label, complexity N, the time they spent
// outside their loops) travels to the parent as the fork's annotations.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "call_counters.hpp"
#include "instances.hpp"
#include "run_length.hpp"

namespace tare::gbench {

/// Registers `instance` with tare's registry under its Google Benchmark name. `run`: what
/// Google Benchmark's min_time gives each process of the run (run_length.hpp; zeros: the
/// run's own stands), which a multi-threaded benchmark timed on CPU shares among its threads.
void register_with_tare(const Instance& instance, const ProcessLength& run = {});
/// Makes tare's registry hold exactly these instances.
void register_all_with_tare(const std::vector<Instance>& instances, const ProcessLength& run = {});

/// A fork's annotations: the counters over the measured calls (call_counters.hpp) and their
/// iterations, the last label and complexity N, the manual time per iteration, a MemoryManager's measurements of
/// one more run, and how many calls the process made and how long they spent outside their
/// timed loops (set-up before it, what follows it).
struct Reported {
  std::map<std::string, CounterValue> counters;
  std::string label;
  std::int64_t complexity_n = 0;
  /// UseManualTime: the time per iteration the benchmark reported (exact: it never passes
  /// through clock ticks).
  double manual_ns_per_iteration = 0;
  /// With a registered MemoryManager: its result for a run of `memory_iterations`.
  std::optional<benchmark::MemoryManager::Result> memory;
  std::int64_t memory_iterations = 0;
  /// A run's iterations as Google Benchmark reports them: the measured calls' (0: not known).
  double iterations = 0;
  std::int64_t calls = 0;
  double outside_ns = 0;
};

/// Parses Body::annotations; empty text gives an empty report.
Reported parse_reported(const std::string& annotations);

}  // namespace tare::gbench

// A Google Benchmark instance as a tare benchmark: each sample of N invocations is one run
// of the user's function with max_iterations = N, timed by its own loop (real time minus
// paused time, or the manual time it reports). What the function reports about itself
// (counters, label, complexity N) travels to the parent as the fork's annotations.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "instances.hpp"

namespace tare::gbench {

/// Registers `instance` with tare's registry under its Google Benchmark name.
void register_with_tare(const Instance& instance);
/// Makes tare's registry hold exactly these instances.
void register_all_with_tare(const std::vector<Instance>& instances);

/// A fork's annotations: per counter, its mean value per run (summed over threads), flags
/// and base; the last label; the complexity N; the CPU time per run; a MemoryManager's
/// measurements of one more run. What the reports need to finish them as Google Benchmark
/// does.
struct Reported {
  struct CounterValue {
    double value = 0;
    int flags = 0;
    int one_k = 1000;
  };
  std::map<std::string, CounterValue> counters;
  std::string label;
  std::int64_t complexity_n = 0;
  /// CPU time per run while the benchmark's timer ran, summed over threads (0: unknown).
  double cpu_ns_per_run = 0;
  /// UseManualTime: the time per run the benchmark reported, averaged over threads (exact:
  /// it never passes through clock ticks).
  double manual_ns_per_run = 0;
  /// With a registered MemoryManager: its result for a run of `memory_iterations`.
  std::optional<benchmark::MemoryManager::Result> memory;
  std::int64_t memory_iterations = 0;
};

/// Parses Body::annotations; empty text gives an empty report.
Reported parse_reported(const std::string& annotations);

}  // namespace tare::gbench

// The results of a run: what the runner measured, what the statistics concluded, and the
// context. Reporters (console, JSON, CSV) read it; the JSON reader rebuilds it. Plain
// data, no behaviour: the shape mirrors the `tare.results/1` JSON schema (docs/results.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tare::results {

/// One timed batch: `ops` operations took `ns` of wall time and `cpu_ns` of process CPU
/// time. `counters` are the user counters accumulated during the batch (declaration order).
struct Sample {
  std::uint64_t ops = 0;
  double ns = 0;
  double cpu_ns = 0;
  std::vector<double> counters;
};

/// How a fork's memory layout was shifted (methodology §5), replayable from the seed.
struct Layout {
  std::uint64_t seed = 0;
  std::uint32_t env_pad_bytes = 0;
  std::uint32_t stack_offset_bytes = 0;
  std::uint32_t heap_offset_bytes = 0;
};

/// getrusage deltas over the measurement phase of a fork.
struct Resources {
  long minor_faults = 0;
  long major_faults = 0;
  long voluntary_switches = 0;
  long involuntary_switches = 0;
};

/// One worker process's contribution to a benchmark.
struct Fork {
  int pid = 0;
  Layout layout;
  std::uint64_t ops_per_sample = 0;  ///< calibrated batch size (operations per sample)
  std::vector<Sample> warmup;        ///< samples discarded as warmup, in order
  std::vector<Sample> samples;       ///< measured samples, in order
  std::string steady_class = "flat"; ///< "flat", "warmup", "no steady state", "unchecked", "single shot"
  int steady_first_index = 0;        ///< index into warmup+samples where measurement began
  double mean = 0;                   ///< the fork's score: mean over its samples, in the unit
  double setup_ns = 0;               ///< trial setup (state construction)
  double teardown_ns = 0;            ///< trial teardown (state destruction)
  double measured_ns = 0;            ///< wall time of the measured samples
  double floor_ns_per_op = 0;        ///< empty-operation floor measured in this fork
  Resources resources;
  bool ok = true;
  std::string error;                 ///< why the fork failed ("killed by signal 11 ...")
};

struct Interval {
  double level = 0.95;
  double low = 0;
  double high = 0;
};

/// One benchmark at one point of its parameter matrix.
struct Benchmark {
  std::string name;    ///< "lookup.binary/size=1024/threads=2"
  std::string family;  ///< "lookup.binary" (the name without parameters)
  std::string group;   ///< "lookup"
  std::vector<std::pair<std::string, std::string>> params;
  std::string mode = "avgt";  ///< avgt | thrpt | sample | ss
  std::string unit = "ns/op";
  int threads = 1;
  std::uint64_t ops_per_invocation = 1;
  std::vector<std::string> counter_names;

  bool ok = true;
  std::string error;        ///< first failure, when !ok
  std::string stop_reason;  ///< "target-ci", "budget", "max-forks", "failed", "interrupted", "in progress"

  // Estimates over forks (the fork is the unit of evidence). Absent with < 2 good forks.
  std::optional<double> score;
  std::optional<Interval> ci;
  std::optional<double> median;
  std::optional<double> between_fork_variance;
  std::optional<double> within_fork_variance;

  /// User counters per operation, same order as counter_names.
  std::vector<double> counters_per_op;
  /// Percentiles of per-call times (sample and ss modes): (p in [0,100], ns).
  std::vector<std::pair<double, double>> percentiles;
  double floor_ns_per_op = 0;      ///< empty-op floor (median over forks)
  double timer_cost_ns_per_op = 0; ///< clock cost included per op when each call is timed

  std::vector<Fork> forks;
  std::vector<std::string> warnings;
};

struct Context {
  std::string date;          ///< ISO 8601, UTC
  std::string host;
  std::string executable;
  std::string tare_version;
  std::string command_line;
  std::uint64_t seed = 0;
  struct Cpu {
    std::string model;
    int cores = 0;
    std::string scaling_governor;  ///< "" when not readable
    std::optional<bool> turbo;     ///< when readable
  } cpu;
  struct Build {
    std::string compiler;
    std::string flags;
    std::string type;  ///< CMake build type of the tare library
    bool debug = false;
  } build;
  struct Clock {
    std::string name;  ///< "tsc" or "clock_gettime(CLOCK_MONOTONIC)"
    double resolution_ns = 0;
    double overhead_ns = 0;
    double tsc_ghz = 0;  ///< 0 when not the TSC
    std::string clocksource;
  } clock;
  int aslr = -1;  ///< /proc/sys/kernel/randomize_va_space, -1 unknown
  double load_average_1m = -1;
  double busy_cores = -1;  ///< CPU other processes used just before the run, in cores; -1 unknown
  std::string virtualization;  ///< "none", "kvm", ...
  std::vector<std::string> warnings;
};

struct Run {
  Context context;
  std::vector<Benchmark> benchmarks;
};

}  // namespace tare::results

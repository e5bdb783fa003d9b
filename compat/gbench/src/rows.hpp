// tare's results as Google Benchmark's report rows: one iteration row per benchmark (its
// estimate over all forks), or, when repetitions are asked for, one per fork followed by
// the aggregates (mean, median, stddev, cv, the user's statistics); then each family's
// complexity rows (BigO, RMS). Both the JSON and the CSV writer print these rows.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "instances.hpp"
#include "results/results.hpp"

namespace tare::gbench {

struct Row {
  std::string name, run_name, run_type = "iteration";
  int family_index = 0, per_family_instance_index = 0;
  int repetitions = 1;
  std::optional<int> repetition_index;  ///< iteration rows only
  int threads = 1;
  std::int64_t iterations = 0;
  double real_time = 0, cpu_time = 0;   ///< per iteration, in time_unit
  std::string time_unit = "ns";
  std::vector<std::pair<std::string, double>> counters;  ///< finished as Google Benchmark does, sorted
  std::string label;
  std::optional<std::string> error;
  std::string aggregate_name, aggregate_unit;  ///< aggregate rows
  // Complexity rows.
  std::optional<double> cpu_coefficient, real_coefficient, rms;
  std::string big_o;
  // tare's additions to an iteration row: the interval over forks.
  std::optional<results::Interval> ci;
  int forks = 0;
  std::string steady_state;
};

struct RowOptions {
  std::optional<int> repetitions;              ///< --benchmark_repetitions
  std::optional<benchmark::TimeUnit> time_unit;  ///< --benchmark_time_unit
  bool report_aggregates_only = false;   ///< --benchmark_report_aggregates_only: every output
  bool display_aggregates_only = false;  ///< --benchmark_display_aggregates_only: standard output only
  bool for_display = false;              ///< these rows go to standard output
};

/// The rows of a run whose benchmarks are `instances`, in the same order.
std::vector<Row> make_rows(const results::Run& run, const std::vector<Instance>& instances, const RowOptions& options);

}  // namespace tare::gbench

// tare's results as the reports Google Benchmark hands its reporters. For each benchmark:
// its runs (with repetitions, one per fork: the iterations it measured and its mean time
// per iteration; without, one run holding the estimate over all forks, the iterations they
// measured in all, with tare's interval), then its aggregates (mean, median, stddev, cv and the
// user's statistics, when there are repetitions), and after a family's last benchmark the
// family's complexity runs (BigO, RMS). Google Benchmark reports the runs and the aggregates
// in separate calls; the aggregates-only settings leave the runs out.
#pragma once

#include <benchmark/benchmark.h>

#include <memory>
#include <optional>
#include <vector>

#include "instances.hpp"
#include "results/results.hpp"

namespace tare::gbench {

struct Report {
  std::vector<benchmark::BenchmarkReporter::Run> runs;
  std::vector<benchmark::BenchmarkReporter::Run> aggregates;
  bool file_aggregates_only = false;     ///< the runs are left out of the file report
  bool display_aggregates_only = false;  ///< ... and of the display report
  /// What the runs' memory_result points to (a MemoryManager's measurements).
  std::vector<std::shared_ptr<benchmark::MemoryManager::Result>> memory;
};

struct ReportOptions {
  std::optional<int> repetitions;                 ///< --benchmark_repetitions
  std::optional<benchmark::TimeUnit> time_unit;   ///< --benchmark_time_unit
  bool report_aggregates_only = false;            ///< --benchmark_report_aggregates_only
  bool display_aggregates_only = false;           ///< --benchmark_display_aggregates_only
};

/// One report per benchmark of `run`, whose benchmarks are `instances`, in order.
std::vector<Report> make_reports(const results::Run& run, const std::vector<Instance>& instances,
                                 const ReportOptions& options);

}  // namespace tare::gbench

// The library's view of what the public header keeps private: a family's settings and a
// finished run's state. (Users never see these; Google Benchmark keeps them private too.)
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

namespace benchmark::internal {

struct Access {
  static Benchmark& settings(Benchmark& b) { return b; }
  static const std::string& name(const Benchmark& b) { return b.name_; }
  static const std::vector<std::string>& arg_names(const Benchmark& b) { return b.arg_names_; }
  static const std::vector<std::vector<std::int64_t>>& args(const Benchmark& b) { return b.args_; }
  static TimeUnit time_unit(const Benchmark& b, TimeUnit fallback) {
    return b.use_default_time_unit_ ? fallback : b.time_unit_;
  }
  static double min_time(const Benchmark& b) { return b.min_time_; }
  static double min_warmup_time(const Benchmark& b) { return b.min_warmup_time_; }
  static IterationCount iterations(const Benchmark& b) { return b.iterations_; }
  static int repetitions(const Benchmark& b) { return b.repetitions_; }
  static bool process_cpu_time(const Benchmark& b) { return b.measure_process_cpu_time_; }
  static AggregationReportMode aggregation_report_mode(const Benchmark& b) { return b.aggregation_report_mode_; }
  static bool real_time(const Benchmark& b) { return b.use_real_time_; }
  static bool manual_time(const Benchmark& b) { return b.use_manual_time_; }
  static BigO complexity(const Benchmark& b) { return b.complexity_; }
  static BigOFunc* complexity_lambda(const Benchmark& b) { return b.complexity_lambda_; }
  static const std::vector<Statistics>& statistics(const Benchmark& b) { return b.statistics_; }
  static const std::vector<int>& thread_counts(const Benchmark& b) { return b.thread_counts_; }
  static void (*setup(const Benchmark& b))(const State&) { return b.setup_; }
  static void (*teardown(const Benchmark& b))(const State&) { return b.teardown_; }

  static State make_state(const Benchmark& b, const std::string& name, IterationCount iterations,
                          const std::vector<std::int64_t>& args, int thread_index, int threads,
                          ThreadManager* manager = nullptr, CallDriver* driver = nullptr) {
    return State(name, iterations, args, thread_index, threads, b.measure_process_cpu_time_, manager, driver);
  }
  static std::uint64_t timed_ticks(const State& s) { return s.accumulated_ticks_; }
  static double timed_cpu_ns(const State& s) { return s.accumulated_cpu_ns_; }
  static double manual_seconds(const State& s) { return s.manual_seconds_; }
  static bool error(const State& s) { return s.error_; }
  static const std::string& error_message(const State& s) { return s.error_message_; }
  static const std::string& label(const State& s) { return s.label_; }
  static std::int64_t complexity_n(const State& s) { return s.complexity_n_; }
};

}  // namespace benchmark::internal

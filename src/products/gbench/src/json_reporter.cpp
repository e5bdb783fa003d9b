// Defines JSONReporter of include/benchmark/benchmark.h (the public header
// declares all of it: no header of its own).
// Google Benchmark's JSON: the context (date, host, executable, CPUs, caches, load, build
// type, custom context), then every run as an object with Google Benchmark's keys in its
// order. tare's interval over worker processes, where a run carries one, comes first in the
// object (tare_forks, tare_ci_level, tare_ci_low, tare_ci_high, tare_steady_state), so that
// Google Benchmark's keys keep their order and the object still ends where its readers
// expect.
#include <benchmark/benchmark.h>

#include <cmath>
#include <iomanip>
#include <limits>
#include <ostream>
#include <sstream>

#include "gb_format.hpp"

namespace benchmark {
namespace {

using tare::gbench::json_escape;

// Built with a stream: GCC 12 sees a false overlap in chains of string operator+ (-Wrestrict).
std::string kv(const std::string& key, const std::string& value) {
  std::ostringstream out;
  out << '"' << json_escape(key) << "\": \"" << json_escape(value) << '"';
  return out.str();
}
std::string kv(const std::string& key, const char* value) { return kv(key, std::string(value)); }
std::string kv(const std::string& key, bool value) {
  std::ostringstream out;
  out << '"' << json_escape(key) << "\": " << (value ? "true" : "false");
  return out.str();
}
std::string kv(const std::string& key, int64_t value) {
  std::ostringstream out;
  out << '"' << json_escape(key) << "\": " << value;
  return out.str();
}
// Doubles in scientific notation with every digit a double holds (round trips exactly).
// A value that is not a finite number is null: Google Benchmark writes NaN and Infinity,
// which no strict JSON reader (jq, JSON.parse, nlohmann::json) accepts.
std::string kv(const std::string& key, double value) {
  std::ostringstream out;
  out << '"' << json_escape(key) << "\": ";
  if (!std::isfinite(value)) out << "null";
  else out << std::scientific << std::setprecision(std::numeric_limits<double>::max_digits10 - 1) << value;
  return out.str();
}

const char* unit_name(StatisticUnit unit) { return unit == kPercentage ? "percentage" : "time"; }

using ReportedRun = BenchmarkReporter::Run;

// tare's interval over worker processes, ahead of Google Benchmark's keys.
void print_tare_interval(std::ostream& out, const std::string& indent, const ReportedRun& run) {
  if (run.tare_forks <= 0) return;
  out << indent << kv("tare_forks", run.tare_forks) << ",\n";
  if (run.tare_ci_level > 0) {
    out << indent << kv("tare_ci_level", run.tare_ci_level) << ",\n";
    out << indent << kv("tare_ci_low", run.tare_ci_low) << ",\n";
    out << indent << kv("tare_ci_high", run.tare_ci_high) << ",\n";
  }
  if (!run.tare_steady_state.empty()) out << indent << kv("tare_steady_state", run.tare_steady_state) << ",\n";
}

// Which run this is: names, indices, repetitions, threads, aggregate, error.
void print_run_identity(std::ostream& out, const std::string& indent, const ReportedRun& run) {
  out << indent << kv("name", run.benchmark_name()) << ",\n";
  out << indent << kv("family_index", run.family_index) << ",\n";
  out << indent << kv("per_family_instance_index", run.per_family_instance_index) << ",\n";
  out << indent << kv("run_name", run.run_name.str()) << ",\n";
  out << indent << kv("run_type", run.run_type == ReportedRun::RT_Aggregate ? "aggregate" : "iteration") << ",\n";
  out << indent << kv("repetitions", run.repetitions) << ",\n";
  if (run.run_type != ReportedRun::RT_Aggregate) out << indent << kv("repetition_index", run.repetition_index) << ",\n";
  out << indent << kv("threads", run.threads) << ",\n";
  if (run.run_type == ReportedRun::RT_Aggregate) {
    out << indent << kv("aggregate_name", run.aggregate_name) << ",\n";
    out << indent << kv("aggregate_unit", unit_name(run.aggregate_unit)) << ",\n";
  }
  if (run.error_occurred) {
    out << indent << kv("error_occurred", true) << ",\n";
    out << indent << kv("error_message", run.error_message) << ",\n";
  }
}

// The times: per iteration, or a complexity fit's coefficients, or its RMS.
void print_run_times(std::ostream& out, const std::string& indent, const ReportedRun& run) {
  if (!run.report_big_o && !run.report_rms) {
    out << indent << kv("iterations", static_cast<int64_t>(run.iterations)) << ",\n";
    if (run.run_type != ReportedRun::RT_Aggregate || run.aggregate_unit == kTime) {
      out << indent << kv("real_time", run.GetAdjustedRealTime()) << ",\n";
      out << indent << kv("cpu_time", run.GetAdjustedCPUTime());
    } else {
      out << indent << kv("real_time", run.real_accumulated_time) << ",\n";
      out << indent << kv("cpu_time", run.cpu_accumulated_time);
    }
    out << ",\n" << indent << kv("time_unit", GetTimeUnitString(run.time_unit));
  } else if (run.report_big_o) {
    out << indent << kv("cpu_coefficient", run.GetAdjustedCPUTime()) << ",\n";
    out << indent << kv("real_coefficient", run.GetAdjustedRealTime()) << ",\n";
    out << indent << kv("big_o", tare::gbench::big_o_name(run.complexity)) << ",\n";
    out << indent << kv("time_unit", GetTimeUnitString(run.time_unit));
  } else {
    out << indent << kv("rms", run.GetAdjustedCPUTime());
  }
}

// What follows the times, each key after a comma: counters, memory, label.
void print_run_extras(std::ostream& out, const std::string& indent, const ReportedRun& run) {
  for (const auto& [name, counter] : run.counters) out << ",\n" << indent << kv(name, counter.value);
  if (run.memory_result) {
    const MemoryManager::Result& memory = *run.memory_result;
    out << ",\n" << indent << kv("allocs_per_iter", run.allocs_per_iter);
    out << ",\n" << indent << kv("max_bytes_used", memory.max_bytes_used);
    if (memory.total_allocated_bytes != MemoryManager::TombstoneValue)
      out << ",\n" << indent << kv("total_allocated_bytes", memory.total_allocated_bytes);
    if (memory.net_heap_growth != MemoryManager::TombstoneValue)
      out << ",\n" << indent << kv("net_heap_growth", memory.net_heap_growth);
  }
  if (!run.report_label.empty()) out << ",\n" << indent << kv("label", run.report_label);
}

}  // namespace

bool JSONReporter::ReportContext(const Context& context) {
  std::ostream& out = GetOutputStream();
  const std::string indent(4, ' ');
  out << "{\n  \"context\": {\n";
  out << indent << kv("date", tare::gbench::local_date_time()) << ",\n";
  out << indent << kv("host_name", context.sys_info.name) << ",\n";
  if (Context::executable_name) out << indent << kv("executable", Context::executable_name) << ",\n";
  const CPUInfo& info = context.cpu_info;
  out << indent << kv("num_cpus", static_cast<int64_t>(info.num_cpus)) << ",\n";
  out << indent << kv("mhz_per_cpu", static_cast<int64_t>(std::lround(info.cycles_per_second / 1000000.0))) << ",\n";
  if (info.scaling != CPUInfo::UNKNOWN) out << indent << kv("cpu_scaling_enabled", info.scaling == CPUInfo::ENABLED) << ",\n";
  out << indent << "\"caches\": [\n";
  for (std::size_t i = 0; i < info.caches.size(); ++i) {
    const auto& cache = info.caches[i];
    const std::string inner(8, ' ');
    out << "      {\n";
    out << inner << kv("type", cache.type) << ",\n";
    out << inner << kv("level", static_cast<int64_t>(cache.level)) << ",\n";
    out << inner << kv("size", static_cast<int64_t>(cache.size)) << ",\n";
    out << inner << kv("num_sharing", static_cast<int64_t>(cache.num_sharing)) << "\n";
    out << "      }" << (i + 1 < info.caches.size() ? "," : "") << "\n";
  }
  out << indent << "],\n";
  out << indent << "\"load_avg\": [";
  for (std::size_t i = 0; i < info.load_avg.size(); ++i) out << (i ? "," : "") << info.load_avg[i];
  out << "],\n";
  // The library's build type: tare::gbench is always built optimised.
  out << indent << kv("library_build_type", "release");
  if (const auto* custom = internal::GetGlobalContext())
    for (const auto& [key, value] : *custom) out << ",\n" << indent << kv(key, value);
  // Who measured: readers that know tare find its intervals in the runs.
  out << ",\n" << indent << kv("harness", "tare") << ",\n" << indent << kv("tare_version", TARE_VERSION);
  out << "\n  },\n  \"benchmarks\": [\n";
  return true;
}

void JSONReporter::ReportRuns(const std::vector<Run>& reports) {
  if (reports.empty()) return;
  std::ostream& out = GetOutputStream();
  if (!first_report_) out << ",\n";
  first_report_ = false;
  for (std::size_t i = 0; i < reports.size(); ++i) {
    out << "    {\n";
    PrintRunData(reports[i]);
    out << "    }" << (i + 1 < reports.size() ? ",\n" : "");
  }
}

void JSONReporter::Finalize() { GetOutputStream() << "\n  ]\n}\n"; }

void JSONReporter::PrintRunData(const Run& run) {
  const std::string indent(6, ' ');
  std::ostream& out = GetOutputStream();
  print_tare_interval(out, indent, run);
  print_run_identity(out, indent, run);
  print_run_times(out, indent, run);
  print_run_extras(out, indent, run);
  out << '\n';
}

const int64_t MemoryManager::TombstoneValue = std::numeric_limits<int64_t>::max();

}  // namespace benchmark

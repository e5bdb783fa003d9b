// Defines BenchmarkReporter, BenchmarkName and AddCustomContext
// of include/benchmark/benchmark.h (the public header declares all of it: no header of its own).
// The reporters' common ground: the context every report starts with, a run's name and its
// times per iteration.
#include <benchmark/benchmark.h>

#include <iostream>
#include <map>

#include "gb_format.hpp"

namespace benchmark {

const char* BenchmarkReporter::Context::executable_name = nullptr;

BenchmarkReporter::Context::Context()
    : cpu_info(CPUInfo::Get()), sys_info(SystemInfo::Get()), name_field_width(0) {}

BenchmarkReporter::BenchmarkReporter() : output_stream_(&std::cout), error_stream_(&std::cerr) {}
BenchmarkReporter::~BenchmarkReporter() = default;

void BenchmarkReporter::PrintBasicContext(std::ostream* out_stream, Context const& context) {
  std::ostream& out = *out_stream;
  out << tare::gbench::local_date_time() << "\n";
  if (context.executable_name) out << "Running " << context.executable_name << "\n";
  const CPUInfo& info = context.cpu_info;
  out << "Run on (" << info.num_cpus << " X " << (info.cycles_per_second / 1000000.0) << " MHz CPU "
      << (info.num_cpus > 1 ? "s" : "") << ")\n";
  if (!info.caches.empty()) {
    out << "CPU Caches:\n";
    for (const auto& cache : info.caches) {
      out << "  L" << cache.level << " " << cache.type << " " << (cache.size / 1024) << " KiB";
      if (cache.num_sharing != 0) out << " (x" << (info.num_cpus / cache.num_sharing) << ")";
      out << "\n";
    }
  }
  if (!info.load_avg.empty()) {
    out << "Load Average: ";
    for (std::size_t i = 0; i < info.load_avg.size(); ++i)
      out << (i ? ", " : "") << tare::gbench::str_format("%.2f", info.load_avg[i]);
    out << "\n";
  }
  if (const auto* custom = internal::GetGlobalContext())
    for (const auto& [key, value] : *custom) out << key << ": " << value << "\n";
  if (info.scaling == CPUInfo::ENABLED)
    out << "***WARNING*** CPU scaling is enabled, the benchmark real time measurements may be noisy and will incur "
           "extra overhead.\n";
}

std::string BenchmarkName::str() const {
  std::string name;
  for (const std::string* part :
       {&function_name, &args, &min_time, &min_warmup_time, &iterations, &repetitions, &time_type, &threads}) {
    if (part->empty()) continue;
    if (!name.empty()) name += '/';
    name += *part;
  }
  return name;
}

std::string BenchmarkReporter::Run::benchmark_name() const {
  std::string name = run_name.str();
  if (run_type == RT_Aggregate) name += "_" + aggregate_name;
  return name;
}

double BenchmarkReporter::Run::GetAdjustedRealTime() const {
  double time = real_accumulated_time * GetTimeUnitMultiplier(time_unit);
  if (iterations != 0) time /= static_cast<double>(iterations);
  return time;
}

double BenchmarkReporter::Run::GetAdjustedCPUTime() const {
  double time = cpu_accumulated_time * GetTimeUnitMultiplier(time_unit);
  if (iterations != 0) time /= static_cast<double>(iterations);
  return time;
}

namespace internal {

std::map<std::string, std::string>*& GetGlobalContext() {
  static std::map<std::string, std::string>* context = nullptr;
  return context;
}

}  // namespace internal

void AddCustomContext(const std::string& key, const std::string& value) {
  auto*& context = internal::GetGlobalContext();
  if (!context) context = new std::map<std::string, std::string>();
  if (!context->emplace(key, value).second)
    std::cerr << "Failed to add custom context \"" << key << "\" as it already exists with value \"" << value
              << "\"\n";
}

}  // namespace benchmark

// Corpus: a program that uses Google Benchmark's API beyond the benchmarks themselves. Its own
// reporters (display and, with --benchmark_out, file), handed to RunSpecifiedBenchmarks with
// and without a spec; a MemoryManager; the
// verbosity flag; DISABLED_ benchmarks; a fixture named through a macro; the iterator traits
// of the timed loop; a second RunSpecifiedBenchmarks after ClearRegisteredBenchmarks.
// The reporter prints what does not depend on the machine's speed, so that the output of
// the two builds can be compared line by line.
#include <benchmark/benchmark.h>

#include <iterator>
#include <ostream>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#ifndef BENCHMARK_HAS_CXX11
#error "benchmark.h defines BENCHMARK_HAS_CXX11 from C++11 on"
#endif

static_assert(std::is_same<std::iterator_traits<benchmark::State::StateIterator>::iterator_category,
                           std::forward_iterator_tag>::value,
              "the timed loop's iterator is a forward iterator");

namespace {

class FactsReporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context& context) BENCHMARK_OVERRIDE {
    GetOutputStream() << "context cpus_known=" << (context.cpu_info.num_cpus > 0)
                      << " executable_known=" << (Context::executable_name != nullptr) << "\n";
    return true;
  }
  void ReportRuns(const std::vector<Run>& runs) BENCHMARK_OVERRIDE {
    GetOutputStream() << "report of " << runs.size() << "\n";
    for (const Run& run : runs) print(run);
  }
  void Finalize() BENCHMARK_OVERRIDE { GetOutputStream() << "finalize\n"; }

 private:
  void print(const Run& run) {
    std::ostream& out = GetOutputStream();
    out << "  " << run.benchmark_name() << " function=" << run.run_name.function_name
        << " args=" << run.run_name.args << " threads=" << run.threads << " family=" << run.family_index << "/"
        << run.per_family_instance_index << " repetition=" << run.repetition_index << "/" << run.repetitions;
    if (run.error_occurred) {
      out << " error=" << run.error_message << "\n";
      return;
    }
    if (run.run_type == Run::RT_Aggregate)
      out << " aggregate=" << run.aggregate_name << " unit=" << run.aggregate_unit << " of=" << run.iterations;
    else
      out << " iterations_positive=" << (run.iterations > 0);
    out << " time_positive=" << (run.GetAdjustedRealTime() > 0) << " unit=" << benchmark::GetTimeUnitString(run.time_unit);
    out << " counters=";
    for (const auto& counter : run.counters) out << counter.first << ",";
    if (!run.report_label.empty()) out << " label=" << run.report_label;
    if (run.memory_result)
      out << " allocs_per_iter=" << run.allocs_per_iter << " max_bytes_used=" << run.memory_result->max_bytes_used;
    out << "\n";
  }
};

// Reports the same allocations for any run of 16 iterations or more (Google Benchmark's
// memory run has at most 16).
class FixedMemoryManager : public benchmark::MemoryManager {
 public:
  void Start() BENCHMARK_OVERRIDE {}
  void Stop(Result* result) BENCHMARK_OVERRIDE {
    result->num_allocs = 32;
    result->max_bytes_used = 4096;
  }
};

void BM_sum(benchmark::State& state) {
  long sum = 0;
  for (auto _ : state) benchmark::DoNotOptimize(sum += state.range(0));
  state.counters["size"] = static_cast<double>(state.range(0));
  state.SetLabel("summed");
}
BENCHMARK(BM_sum)->Arg(4)->Arg(64)->Unit(benchmark::kMicrosecond);

void BM_refuses(benchmark::State& state) {
  state.SkipWithError("not today");
  for (auto _ : state) {
  }
}
BENCHMARK(BM_refuses);

void DISABLED_BM_never(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(state.iterations());
}
BENCHMARK(DISABLED_BM_never);

class SumFixture : public benchmark::Fixture {};
#define FIXTURE_UNDER_ANOTHER_NAME SumFixture
BENCHMARK_F(FIXTURE_UNDER_ANOTHER_NAME, Sum)(benchmark::State& state) {
  long sum = 0;
  for (auto _ : state) benchmark::DoNotOptimize(sum += 3);
}

void BM_after_clear(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(state.iterations());
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  FactsReporter display, file;
  FixedMemoryManager memory;
  benchmark::RegisterMemoryManager(&memory);
  display.GetOutputStream() << "verbosity " << benchmark::GetBenchmarkVerbosity() << "\n";
  const size_t first = benchmark::RunSpecifiedBenchmarks(&display);
  display.GetOutputStream() << "first call ran " << first << "\n";

  benchmark::RegisterMemoryManager(nullptr);
  benchmark::ClearRegisteredBenchmarks();
  benchmark::RegisterBenchmark("BM_after_clear", BM_after_clear)->Arg(1)->Arg(2);
  // Repetitions without the memory manager: Google Benchmark 1.7.1 reports a freed result
  // for every repetition but the last.
  benchmark::RegisterBenchmark("BM_sum_twice", BM_sum)->Arg(8)->Repetitions(2);
  const size_t second = benchmark::RunSpecifiedBenchmarks(&display, &file, std::string("/2$|repeats"));
  display.GetOutputStream() << "second call ran " << second << "\n";
  benchmark::Shutdown();
  return 0;
}

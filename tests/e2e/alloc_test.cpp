// --prof alloc end to end: benchmarks with known allocations per operation (alloc_bench.cpp,
// alloc_gbench.cpp) run through real workers. The counter is preloaded into forks of its
// own, apart from the scored ones: the scored workers never have it, the counting workers
// count every run from their first sample, and the counts are exact (only the measured
// batches count, the benchmark's untimed hooks and paused timers set aside, and the
// operations they ran divide them).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "command.hpp"

using AllocJson = nlohmann::json;  // files_test.cpp has its own `json` (unity builds)
using tare_e2e::run_command;

namespace {

const AllocJson& alloc_benchmark(const AllocJson& run, const std::string& name) {
  for (const auto& b : run["benchmarks"])
    if (b["name"] == name) return b;
  throw std::runtime_error("no benchmark " + name);
}

const AllocJson& alloc_figure(const AllocJson& benchmark, const std::string& metric) {
  for (const AllocJson& m : benchmark["profile"])
    if (m["profiler"] == "alloc" && m["metric"] == metric) return m;
  throw std::runtime_error("no alloc figure " + metric + " in " + benchmark["profile"].dump());
}

std::vector<AllocJson> counting_forks(const AllocJson& benchmark) {
  std::vector<AllocJson> forks;
  for (const AllocJson& fork : benchmark["profiling_forks"])
    if (fork["profiler"] == "alloc") forks.push_back(fork);
  return forks;
}

// The scored forks carry no counts; each of the two counting forks' totals is the count per
// operation times the operations it counted, exactly; the figures are exact.
void expect_per_operation(const AllocJson& benchmark, std::uint64_t allocations, std::uint64_t bytes) {
  ASSERT_FALSE(benchmark["forks"].empty());
  for (const AllocJson& fork : benchmark["forks"]) EXPECT_FALSE(fork.contains("allocations")) << fork["allocations"];
  const auto counting = counting_forks(benchmark);
  ASSERT_EQ(counting.size(), 2u) << benchmark["profiling_forks"].dump();
  for (const AllocJson& fork : counting) {
    ASSERT_EQ(fork["status"], "ok") << fork["error"];
    ASSERT_TRUE(fork.contains("allocations")) << fork.dump();
    const AllocJson& counted = fork["allocations"];
    const auto ops = counted["ops"].get<std::uint64_t>();
    ASSERT_GT(ops, 0u);
    EXPECT_EQ(counted["allocations"].get<std::uint64_t>(), allocations * ops) << counted;
    EXPECT_EQ(counted["frees"].get<std::uint64_t>(), allocations * ops) << counted;
    EXPECT_EQ(counted["bytes"].get<std::uint64_t>(), bytes * ops) << counted;
  }
  for (const std::string metric : {"allocations", "frees", "bytes_allocated"}) {
    const AllocJson& figure = alloc_figure(benchmark, metric);
    EXPECT_EQ(figure["mean"].get<double>(), static_cast<double>(metric == "bytes_allocated" ? bytes : allocations))
        << figure;
    EXPECT_EQ(figure["exact"], true) << figure;
    EXPECT_EQ(figure["forks"], 2) << figure;
  }
}

std::vector<std::string> alloc_run(const std::string& binary, const std::string& json_path) {
  return {binary,          "--prof", "alloc", "--forks", "2", "--max-forks", "2", "--measure-ms", "2", "--warmup-max-ms",
          "20",            "--json", json_path};
}

// The console's row of a benchmark in the alloc table, split into its cells.
std::vector<std::string> alloc_row(const std::string& out, const std::string& name) {
  const auto table = out.find("Profile: alloc");
  if (table == std::string::npos) throw std::runtime_error("no alloc table in " + out);
  std::istringstream lines(out.substr(table));
  for (std::string line; std::getline(lines, line);) {
    std::istringstream cells(line);
    std::vector<std::string> words;
    for (std::string word; cells >> word;) words.push_back(word);
    if (!words.empty() && words.front() == name) return words;
  }
  throw std::runtime_error("no row " + name + " in the alloc table of " + out);
}

// Every sample of `fork`, calibration and warmup included, with its two user counters
// (alloc.seen: operations in a process with the counter loaded, operations whose allocation
// it counted) as `expected` says of each sample's operations: all or none.
void expect_every_sample(const AllocJson& fork, bool counted) {
  std::size_t samples = 0;
  for (const char* series : {"warmup", "samples"})
    for (const AllocJson& sample : fork[series]) {
      const double ops = sample["ops"].get<double>();
      const double expected = counted ? ops : 0;
      ASSERT_EQ(sample["counters"].size(), 2u) << sample;
      EXPECT_EQ(sample["counters"][0].get<double>(), expected) << series << ": " << sample;
      EXPECT_EQ(sample["counters"][1].get<double>(), expected) << series << ": " << sample;
      ++samples;
    }
  EXPECT_GT(samples, 0u);
}

}  // namespace

// Three blocks of 64 B per operation, on one thread and on two; none in a benchmark whose
// state allocates a mebibyte when set up: exactly 3 allocations, 3 frees and 192 B per
// operation, and 0.
TEST(AllocProfiler, CountsExactlyThreeBlocksOf64BytesPerOperationAndNoneElsewhere) {
  const auto path = (tare_e2e::scratch_dir() / "alloc.json").string();
  auto args = alloc_run(TARE_E2E_ALLOC_BENCH, path);
  args.insert(args.end(), {"--filter", "three_blocks|none"});
  const auto result = run_command(args);
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  const AllocJson run = AllocJson::parse(tare_e2e::slurp(path));
  EXPECT_EQ(run["context"]["settings"]["profilers"], AllocJson::array({"alloc"}));
  expect_per_operation(alloc_benchmark(run, "alloc.three_blocks"), 3, 192);
  expect_per_operation(alloc_benchmark(run, "alloc.three_blocks_threaded/threads=2"), 3, 192);
  expect_per_operation(alloc_benchmark(run, "alloc.none"), 0, 0);
  const AllocJson& peak = alloc_figure(alloc_benchmark(run, "alloc.three_blocks"), "peak_live_bytes");
  EXPECT_EQ(peak["unit"], "B");
  EXPECT_GE(peak["mean"].get<double>(), 192) << peak;  // three blocks of 64 B held at once, at least
  EXPECT_EQ(alloc_row(result.out, "alloc.three_blocks"),
            (std::vector<std::string>{"alloc.three_blocks", "3", "3", "192", "216", "B"}))
      << result.out;
}

// The scored workers never have the counter: every sample of every scored fork, calibration
// and warmup included, ran in a process without it. The counting workers count every run
// from their first sample: nothing switches on part-way through any series, so no judgement
// of warmup or steady state can read the counter's cost as the code's.
TEST(AllocProfiler, ScoredForksNeverCountAndCountingForksCountEverySample) {
  const auto path = (tare_e2e::scratch_dir() / "alloc_seen.json").string();
  auto args = alloc_run(TARE_E2E_ALLOC_BENCH, path);
  args.insert(args.end(), {"--filter", "alloc.seen"});
  const auto result = run_command(args);
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  const AllocJson b = alloc_benchmark(AllocJson::parse(tare_e2e::slurp(path)), "alloc.seen");
  ASSERT_EQ(b["forks"].size(), 2u);
  for (const AllocJson& fork : b["forks"]) {
    EXPECT_FALSE(fork.contains("allocations"));
    expect_every_sample(fork, false);
  }
  const auto counting = counting_forks(b);
  ASSERT_EQ(counting.size(), 2u) << b["profiling_forks"].dump();
  for (const AllocJson& fork : counting) {
    ASSERT_EQ(fork["status"], "ok") << fork["error"];
    expect_every_sample(fork, true);
  }
  EXPECT_EQ(alloc_figure(b, "allocations")["mean"], 1.0);
  // The score is the scored forks' alone.
  double sum = 0;
  for (const AllocJson& fork : b["forks"]) sum += fork["mean"].get<double>();
  EXPECT_DOUBLE_EQ(b["score"].get<double>(), sum / 2);
  EXPECT_NE(result.err.find("Counting the allocations of alloc.seen in 2 forks apart from the score"),
            std::string::npos)
      << result.err;
}

// A thousand blocks per operation is printed as the count it is, not "1e+03 ± 0".
TEST(AllocProfiler, AnExactCountIsPrintedWhole) {
  const auto path = (tare_e2e::scratch_dir() / "alloc_thousand.json").string();
  auto args = alloc_run(TARE_E2E_ALLOC_BENCH, path);
  args.insert(args.end(), {"--filter", "thousand_blocks"});
  const auto result = run_command(args);
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  expect_per_operation(alloc_benchmark(AllocJson::parse(tare_e2e::slurp(path)), "alloc.thousand_blocks"), 1000,
                       16000);
  const auto row = alloc_row(result.out, "alloc.thousand_blocks");
  ASSERT_GE(row.size(), 4u) << result.out;
  EXPECT_EQ(std::vector<std::string>(row.begin(), row.begin() + 4),
            (std::vector<std::string>{"alloc.thousand_blocks", "1000", "1000", "16000"}))
      << result.out;
  EXPECT_EQ(result.out.find("e+03"), std::string::npos) << result.out;
}

// before_each builds a list of a hundred nodes and after_each frees them; the operation
// allocates and frees one node. The hooks' hundred are not the operation's: one per
// operation.
TEST(AllocProfiler, PerInvocationHooksAreNotTheOperations) {
  const auto path = (tare_e2e::scratch_dir() / "alloc_hooked.json").string();
  auto args = alloc_run(TARE_E2E_ALLOC_BENCH, path);
  args.insert(args.end(), {"--filter", "hooked_list"});
  const auto result = run_command(args);
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  const AllocJson b = alloc_benchmark(AllocJson::parse(tare_e2e::slurp(path)), "alloc.hooked_list");
  const auto counting = counting_forks(b);
  ASSERT_EQ(counting.size(), 2u) << b["profiling_forks"].dump();
  for (const AllocJson& fork : counting) {
    const AllocJson& counted = fork["allocations"];
    EXPECT_EQ(counted["allocations"], counted["ops"]) << counted;
    EXPECT_EQ(counted["frees"], counted["ops"]) << counted;
  }
  EXPECT_EQ(alloc_figure(b, "allocations")["mean"], 1.0);
  EXPECT_EQ(alloc_figure(b, "allocations")["exact"], true);
  EXPECT_LT(alloc_figure(b, "bytes_allocated")["mean"].get<double>(), 64);  // one list node
}

// Through the Google Benchmark layer: the table under Google Benchmark's, the figures in
// tare's JSON, as exact (the State each run builds allocates nothing for a benchmark without
// arguments and with a short name); what the benchmark does with its timer paused is not
// the iteration's.
TEST(AllocProfiler, CountsThroughTheGoogleBenchmarkLayer) {
  const auto path = (tare_e2e::scratch_dir() / "alloc_gbench.json").string();
  auto args = alloc_run(TARE_E2E_ALLOC_GBENCH, path);
  args.push_back("--benchmark_min_time=0.01");
  const auto result = run_command(args);
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  EXPECT_NE(result.out.find("tare --prof alloc"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("Profile: alloc"), std::string::npos) << result.out;
  const AllocJson run = AllocJson::parse(tare_e2e::slurp(path));
  expect_per_operation(alloc_benchmark(run, "BM_three_blocks"), 3, 192);
  expect_per_operation(alloc_benchmark(run, "BM_three_blocks_paused_around"), 3, 192);
}

// No counter where TARE_ALLOC_LIBRARY points: one line naming it, exit 2, nothing measured.
TEST(AllocProfiler, AMissingCounterIsRefusedBeforeMeasuring) {
  const auto path = (tare_e2e::scratch_dir() / "refused.json").string();
  setenv("TARE_ALLOC_LIBRARY", "/nonexistent/libtare_alloc.so", 1);
  const auto result = run_command(alloc_run(TARE_E2E_ALLOC_BENCH, path));
  unsetenv("TARE_ALLOC_LIBRARY");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("TARE_ALLOC_LIBRARY=/nonexistent/libtare_alloc.so: no such file"), std::string::npos)
      << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_EQ(result.out, "");
}

// Allocations that never reach the counter (the executable's own malloc comes first) fail
// the counting fork with a reason, rather than reading as none; the score, from forks
// without the counter, stands.
TEST(AllocProfiler, AProgramWithItsOwnAllocatorIsNotCountedAndSaysWhy) {
  const auto path = (tare_e2e::scratch_dir() / "own_malloc.json").string();
  const auto result = run_command({TARE_E2E_OWN_MALLOC_BENCH, "--prof", "alloc", "--forks", "2", "--max-forks", "2",
                                   "--measure-ms", "2", "--warmup-max-ms", "20", "--json", path});
  EXPECT_EQ(result.exit_code, 0) << result.err << result.out;
  const AllocJson b = AllocJson::parse(tare_e2e::slurp(path))["benchmarks"].at(0);
  EXPECT_EQ(b["status"], "ok");
  EXPECT_FALSE(b["score"].is_null());
  ASSERT_EQ(b["profiling_forks"].size(), 1u);  // the first failed: no second
  EXPECT_EQ(b["profiling_forks"][0]["status"], "failed");
  const auto& warnings = b["warnings"];
  EXPECT_TRUE(std::any_of(warnings.begin(), warnings.end(), [](const AllocJson& w) {
    const std::string text = w.get<std::string>();
    return text.rfind("--prof alloc: a counting fork failed, so not counted: ", 0) == 0 &&
           text.find("this program's allocations do not reach the allocation counter") != std::string::npos &&
           text.find("--prof alloc", 1) == std::string::npos;  // the option named once
  })) << warnings;
  EXPECT_EQ(result.out.find("Profile: alloc"), std::string::npos) << result.out;
}

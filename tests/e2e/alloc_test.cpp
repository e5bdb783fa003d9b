// --prof alloc end to end: benchmarks with known allocations per operation (alloc_bench.cpp,
// alloc_gbench.cpp) run through real workers with the allocation counter preloaded. The
// counts are exact: only the measured batches count, and the operations they ran divide them.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
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

// Every fork's totals are the count per operation times the operations it counted, exactly.
void expect_per_operation(const AllocJson& benchmark, std::uint64_t allocations, std::uint64_t bytes) {
  ASSERT_FALSE(benchmark["forks"].empty());
  for (const AllocJson& fork : benchmark["forks"]) {
    ASSERT_TRUE(fork.contains("allocations")) << fork.dump();
    const AllocJson& counted = fork["allocations"];
    const auto ops = counted["ops"].get<std::uint64_t>();
    ASSERT_GT(ops, 0u);
    EXPECT_EQ(counted["allocations"].get<std::uint64_t>(), allocations * ops) << counted;
    EXPECT_EQ(counted["frees"].get<std::uint64_t>(), allocations * ops) << counted;
    EXPECT_EQ(counted["bytes"].get<std::uint64_t>(), bytes * ops) << counted;
  }
  EXPECT_EQ(alloc_figure(benchmark, "allocations")["mean"].get<double>(), static_cast<double>(allocations));
  EXPECT_EQ(alloc_figure(benchmark, "frees")["mean"].get<double>(), static_cast<double>(allocations));
  EXPECT_EQ(alloc_figure(benchmark, "bytes_allocated")["mean"].get<double>(), static_cast<double>(bytes));
  EXPECT_EQ(alloc_figure(benchmark, "allocations")["forks"], 2);
}

std::vector<std::string> alloc_run(const std::string& binary, const std::string& json_path) {
  return {binary,          "--prof", "alloc", "--forks", "2", "--max-forks", "2", "--measure-ms", "2", "--warmup-max-ms",
          "20",            "--json", json_path};
}

}  // namespace

// Three blocks of 64 B per operation, on one thread and on two; none in a benchmark whose
// state allocates a mebibyte when set up: exactly 3 allocations, 3 frees and 192 B per
// operation, and 0.
TEST(AllocProfiler, CountsExactlyThreeBlocksOf64BytesPerOperationAndNoneElsewhere) {
  const auto path = (tare_e2e::scratch_dir() / "alloc.json").string();
  const auto result = run_command(alloc_run(TARE_E2E_ALLOC_BENCH, path));
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  const AllocJson run = AllocJson::parse(tare_e2e::slurp(path));
  EXPECT_EQ(run["context"]["settings"]["profilers"], AllocJson::array({"alloc"}));
  expect_per_operation(alloc_benchmark(run, "alloc.three_blocks"), 3, 192);
  expect_per_operation(alloc_benchmark(run, "alloc.three_blocks_threaded/threads=2"), 3, 192);
  expect_per_operation(alloc_benchmark(run, "alloc.none"), 0, 0);
  const AllocJson& peak = alloc_figure(alloc_benchmark(run, "alloc.three_blocks"), "peak_live_bytes");
  EXPECT_EQ(peak["unit"], "B");
  EXPECT_GE(peak["mean"].get<double>(), 192) << peak;  // three blocks of 64 B held at once, at least
  EXPECT_NE(result.out.find("Profile: alloc"), std::string::npos) << result.out;
}

// Through the Google Benchmark layer: the table under Google Benchmark's, the figures in
// tare's JSON, as exact (the State each run builds allocates nothing for a benchmark without
// arguments and with a short name).
TEST(AllocProfiler, CountsThroughTheGoogleBenchmarkLayer) {
  const auto path = (tare_e2e::scratch_dir() / "alloc_gbench.json").string();
  auto args = alloc_run(TARE_E2E_ALLOC_GBENCH, path);
  args.push_back("--benchmark_min_time=0.01");
  const auto result = run_command(args);
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  EXPECT_NE(result.out.find("tare --prof alloc"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("Profile: alloc"), std::string::npos) << result.out;
  expect_per_operation(alloc_benchmark(AllocJson::parse(tare_e2e::slurp(path)), "BM_three_blocks"), 3, 192);
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
// the fork with a reason, rather than reading as none.
TEST(AllocProfiler, AProgramWithItsOwnAllocatorFailsInWords) {
  const auto result = run_command({TARE_E2E_OWN_MALLOC_BENCH, "--prof", "alloc", "--forks", "1", "--max-forks", "1",
                                   "--measure-ms", "2", "--warmup-max-ms", "20"});
  EXPECT_EQ(result.exit_code, 1) << result.err << result.out;
  EXPECT_NE(result.out.find("this program's allocations do not reach the allocation counter"), std::string::npos)
      << result.out;
}

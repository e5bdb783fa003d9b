// --prof alloc at the edges: a fork's counter totals in the JSON (only where counted) and
// back, the figures' rows in the profile table.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "report/json.hpp"
#include "report/profile_table.hpp"
#include "sample_runs.hpp"

namespace tare::report {
namespace {

results::Run read_alloc_run(const std::string& text) {
  std::istringstream in(text);
  return read_json(in);
}

results::Run run_with_allocations() {
  results::Run run = testing::full_run();
  run.context.settings.profilers = {results::Profiler::alloc};
  run.benchmarks[0].forks[0].allocations = results::Allocations{4096, 12288, 12287, 786432, 216};
  run.benchmarks[0].profile = {
      {results::Profiler::alloc, "allocations", "/op", 3, results::Interval{0.95, 3, 3}, 2},
      {results::Profiler::alloc, "frees", "/op", 2.5, results::Interval{0.95, 2, 3}, 2},
      {results::Profiler::alloc, "bytes_allocated", "B/op", 192, results::Interval{0.95, 192, 192}, 2},
      {results::Profiler::alloc, "peak_live_bytes", "B", 3 * 1024 * 1024, std::nullopt, 2}};
  return run;
}

TEST(AllocReport, ForkTotalsAreWrittenWhereCountedAndReadBack) {
  const results::Run original = run_with_allocations();
  const std::string text = testing::to_text(original);
  const auto doc = nlohmann::ordered_json::parse(text);
  const auto& forks = doc["benchmarks"][0]["forks"];
  ASSERT_GE(forks.size(), 2u);
  EXPECT_EQ(forks[0]["allocations"], nlohmann::ordered_json::parse(R"({"ops": 4096, "allocations": 12288,
      "frees": 12287, "bytes": 786432, "peak_live_bytes": 216})"));
  EXPECT_FALSE(forks[1].contains("allocations"));  // not counted: no field, as before --prof alloc
  EXPECT_EQ(doc["context"]["settings"]["profilers"], nlohmann::ordered_json::parse(R"(["alloc"])"));

  const results::Run read = read_alloc_run(text);
  const auto& counted = read.benchmarks[0].forks[0].allocations;
  ASSERT_TRUE(counted);
  EXPECT_EQ(counted->ops, 4096u);
  EXPECT_EQ(counted->allocations, 12288u);
  EXPECT_EQ(counted->frees, 12287u);
  EXPECT_EQ(counted->bytes, 786432u);
  EXPECT_EQ(counted->peak_live_bytes, 216u);
  EXPECT_FALSE(read.benchmarks[0].forks[1].allocations);
  ASSERT_EQ(read.benchmarks[0].profile.size(), 4u);
  EXPECT_EQ(read.benchmarks[0].profile[0].profiler, results::Profiler::alloc);
  EXPECT_EQ(testing::to_text(read), text);
}

TEST(AllocReport, TheProfileTableHasARowPerBenchmarkWithAllocFigures) {
  const results::Run run = run_with_allocations();
  EXPECT_FALSE(detail::rusage_table(run));  // another profiler's figures: not its table
  const auto table = detail::alloc_table(run);
  ASSERT_TRUE(table);
  const auto lines = table->render(false);
  ASSERT_EQ(lines.size(), 2u);  // the header and one benchmark
  for (const char* header : {"Profile: alloc", "Allocs/op", "Frees/op", "Bytes/op", "Peak live"})
    EXPECT_NE(lines[0].find(header), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1].rfind(run.benchmarks[0].name, 0), 0u) << lines[1];
  EXPECT_NE(lines[1].find(" 3 ± 0 "), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("2.5 ± 0.5"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("192 ± 0"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("3.00 MiB"), std::string::npos) << lines[1];
  EXPECT_FALSE(detail::alloc_table(testing::full_run()));
}

}  // namespace
}  // namespace tare::report

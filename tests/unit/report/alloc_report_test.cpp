// --prof alloc at the edges: a counting fork's totals in the JSON, apart from the scored
// forks, and back; the figures' rows in the profile table, exact counts as whole numbers.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "report/json_read.hpp"
#include "report/profile_table.hpp"
#include "sample_runs.hpp"

namespace tare::report {
namespace {

results::Run read_alloc_run(const std::string& text) {
  std::istringstream in(text);
  return read_json(in);
}

results::ProfileMetric exact_metric(const char* name, const char* unit, double count) {
  results::ProfileMetric m{results::Profiler::alloc, name, unit, count, results::Interval{0.95, count, count}, 2};
  m.exact = true;
  return m;
}

results::Run run_with_allocations() {
  results::Run run = testing::full_run();
  run.context.settings.profilers = {results::Profiler::alloc};
  results::Fork counting = run.benchmarks[0].forks[0];
  counting.allocations = results::Allocations{4096, 4096000, 4095000, 786432, 216};
  run.benchmarks[0].profiling_forks.push_back({results::Profiler::alloc, counting});
  run.benchmarks[0].profile = {
      exact_metric("allocations", "/op", 1000),
      {results::Profiler::alloc, "frees", "/op", 2.5, results::Interval{0.95, 2, 3}, 2},
      exact_metric("bytes_allocated", "B/op", 192),
      {results::Profiler::alloc, "peak_live_bytes", "B", 3 * 1024 * 1024, std::nullopt, 2}};
  return run;
}

TEST(AllocReport, CountingForksAreWrittenApartFromTheScoredOnesAndReadBack) {
  const results::Run original = run_with_allocations();
  const std::string text = testing::to_text(original);
  const auto doc = nlohmann::ordered_json::parse(text);
  const auto& b = doc["benchmarks"][0];
  for (const auto& fork : b["forks"]) EXPECT_FALSE(fork.contains("allocations"));
  ASSERT_EQ(b["profiling_forks"].size(), 1u);
  const auto& counting = b["profiling_forks"][0];
  EXPECT_EQ(counting.begin().key(), "profiler");  // first, to say what the fork is
  EXPECT_EQ(counting["profiler"], "alloc");
  EXPECT_EQ(counting["allocations"], nlohmann::ordered_json::parse(R"({"ops": 4096, "allocations": 4096000,
      "frees": 4095000, "bytes": 786432, "peak_live_bytes": 216})"));
  EXPECT_EQ(counting["samples"].size(), b["forks"][0]["samples"].size());
  EXPECT_EQ(b["profile"][0]["exact"], true);
  EXPECT_EQ(b["profile"][1]["exact"], false);
  EXPECT_EQ(doc["context"]["settings"]["profilers"], nlohmann::ordered_json::parse(R"(["alloc"])"));

  const results::Run read = read_alloc_run(text);
  const auto& rb = read.benchmarks[0];
  ASSERT_EQ(rb.profiling_forks.size(), 1u);
  EXPECT_EQ(rb.profiling_forks[0].profiler, results::Profiler::alloc);
  const auto& counted = rb.profiling_forks[0].fork.allocations;
  ASSERT_TRUE(counted);
  EXPECT_EQ(counted->ops, 4096u);
  EXPECT_EQ(counted->allocations, 4096000u);
  EXPECT_EQ(counted->frees, 4095000u);
  EXPECT_EQ(counted->bytes, 786432u);
  EXPECT_EQ(counted->peak_live_bytes, 216u);
  for (const auto& fork : rb.forks) EXPECT_FALSE(fork.allocations);
  ASSERT_EQ(rb.profile.size(), 4u);
  EXPECT_EQ(rb.profile[0].profiler, results::Profiler::alloc);
  EXPECT_TRUE(rb.profile[0].exact);
  EXPECT_FALSE(rb.profile[1].exact);
  EXPECT_EQ(testing::to_text(read), text);
}

// A file from before counting forks and exact figures reads as it did: neither.
TEST(AllocReport, AFileWithoutCountingForksReadsWithNone) {
  auto doc = nlohmann::ordered_json::parse(testing::to_text(run_with_allocations()));
  doc["benchmarks"][0].erase("profiling_forks");
  for (auto& m : doc["benchmarks"][0]["profile"]) m.erase("exact");
  const results::Run read = read_alloc_run(doc.dump());
  EXPECT_TRUE(read.benchmarks[0].profiling_forks.empty());
  for (const auto& m : read.benchmarks[0].profile) EXPECT_FALSE(m.exact);
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
  EXPECT_NE(lines[1].find(" 1000 "), std::string::npos) << lines[1];  // exact: whole, not "1e+03 ± 0"
  EXPECT_EQ(lines[1].find("e+03"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("2.5 ± 0.5"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find(" 192 "), std::string::npos) << lines[1];
  EXPECT_EQ(lines[1].find("192 ±"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("3.00 MiB"), std::string::npos) << lines[1];
  EXPECT_FALSE(detail::alloc_table(testing::full_run()));
}

}  // namespace
}  // namespace tare::report

// `tare ab` on two builds of an unchanged Google Benchmark source, one doing four times the
// work of the other: the GB layer answers --list-json and serves as a worker.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "support/process.hpp"

namespace {

using nlohmann::json;

TEST(GbenchAb, TwoBuildsOfAGoogleBenchmarkSourceAreComparedInPairs) {
  const auto js = (tare_test::scratch_dir() / "gbench_ab.json").string();
  const auto result = tare_test::run_process({TARE_CLI, "ab", GBENCH_AB_BASE, GBENCH_AB_SLOWER, "--pairs", "6",
                                                  "--measure-ms", "20", "--warmup-max-ms", "50", "--json", js});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  std::ifstream in(js);
  const json doc = json::parse(in);
  ASSERT_EQ(doc["benchmarks"].size(), 1u);
  const json& row = doc["benchmarks"][0];
  EXPECT_EQ(row["name"], "BM_spin");
  EXPECT_EQ(row["verdict"], "slower") << result.out;
  EXPECT_EQ(row["pairs"].size(), 6u);
}

// `tare ab --filter` hands the filter to both binaries under tare's own option name.
TEST(GbenchAb, AFilterSelectsTheBenchmarksOfGoogleBenchmarkBinaries) {
  const auto listed = tare_test::run_process({GBENCH_AB_BASE, "--list-json", "--filter", "^BM_spin$"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_EQ(json::parse(listed.out).size(), 1u);
  const auto none = tare_test::run_process({GBENCH_AB_BASE, "--list-json", "--filter=^BM_nothing_by_this_name$"});
  EXPECT_EQ(none.exit_code, 0) << none.err;
  EXPECT_NE(none.err.find("Failed to match any benchmarks"), std::string::npos) << none.err;
  const auto result = tare_test::run_process({TARE_CLI, "ab", GBENCH_AB_BASE, GBENCH_AB_SLOWER, "--filter", "BM_spin",
                                              "--pairs", "2", "--measure-ms", "5", "--warmup-max-ms", "10"});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_NE(result.out.find("BM_spin"), std::string::npos) << result.out;
}

TEST(GbenchAb, AGoogleBenchmarkBinaryListsItsBenchmarksForTareAb) {
  const auto result = tare_test::run_process({GBENCH_AB_BASE, "--list-json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const json list = json::parse(result.out);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["name"], "BM_spin");
  EXPECT_EQ(list[0]["family"], "BM_spin");
  EXPECT_EQ(list[0]["threads"], 1);
}

}  // namespace

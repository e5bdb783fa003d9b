// A crashing Google Benchmark benchmark under tare: its worker dies, it is reported as an
// error row, the others are measured and reported, and the program exits 1.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/process.hpp"

namespace {

using nlohmann::json;

TEST(GbenchFailing, ACrashingBenchmarkIsAnErrorRowAndTheOthersAreStillReported) {
  const auto result = tare_test::run_process({GBENCH_FAILING, "--benchmark_format=json", "--forks", "2",
                                                  "--max-forks", "2", "--measure-ms", "5", "--warmup-max-ms", "5"});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const json doc = json::parse(result.out);  // still valid JSON
  ASSERT_EQ(doc["benchmarks"].size(), 2u);
  const json& fine = doc["benchmarks"][0];
  EXPECT_EQ(fine["name"], "BM_fine");
  EXPECT_FALSE(fine.contains("error_occurred"));
  EXPECT_GT(fine["real_time"].get<double>(), 0);
  const json& crashes = doc["benchmarks"][1];
  EXPECT_EQ(crashes["name"], "BM_crashes");
  EXPECT_EQ(crashes["error_occurred"], true);
  EXPECT_NE(crashes["error_message"].get<std::string>().find("signal 11"), std::string::npos) << crashes.dump();
}

}  // namespace

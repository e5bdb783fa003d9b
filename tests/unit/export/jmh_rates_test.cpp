// Items and bytes per second in JMH's result JSON: secondary metrics named as Google
// Benchmark names them, with the rate's interval and every sample value as a rate.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "export/jmh.hpp"
#include "export_runs.hpp"

namespace tare::exports {
namespace {

TEST(JmhRates, ItemsPerSecondIsASecondaryMetricWithTheRatesInterval) {
  results::Run run = testing::export_run();
  results::Benchmark& lookup = run.benchmarks[0];  // 11.5 ns/op, samples of 10, 12 and 13, 11, 12 ns
  lookup.items_per_op = 10;
  lookup.items_per_second = results::Rate{1e10 / 11.5, results::Interval{0.95, 1e10 / 12.5, 1e10 / 10.5}};
  std::ostringstream out;
  write_jmh(run, out);
  const auto metrics = nlohmann::ordered_json::parse(out.str())[0]["secondaryMetrics"];
  ASSERT_TRUE(metrics.contains("items_per_second"));
  EXPECT_FALSE(metrics.contains("bytes_per_second")) << "no bytes declared";
  const auto& items = metrics["items_per_second"];
  EXPECT_DOUBLE_EQ(items["score"].get<double>(), 1e10 / 11.5);
  EXPECT_DOUBLE_EQ(items["scoreConfidence"][0].get<double>(), 1e10 / 12.5);
  EXPECT_DOUBLE_EQ(items["scoreConfidence"][1].get<double>(), 1e10 / 10.5);
  EXPECT_EQ(items["scoreUnit"], "items/s");
  ASSERT_EQ(items["rawData"].size(), 2u);
  EXPECT_DOUBLE_EQ(items["rawData"][0][0].get<double>(), 1e9);  // 10 items in 10 ns
  EXPECT_DOUBLE_EQ(items["rawData"][1][0].get<double>(), 1e10 / 13);
}

}  // namespace
}  // namespace tare::exports

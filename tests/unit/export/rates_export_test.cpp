// Items and bytes per second in the exports: JMH's secondary metrics named as Google
// Benchmark names them, with the rate's interval and every sample value as a rate; Bencher
// measures of their own.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "export/bmf.hpp"
#include "export/jmh.hpp"
#include "export_runs.hpp"

namespace tare::exports {
namespace {

// The export run's first benchmark (11.5 ns/op, samples of 10, 12 and 13, 11, 12 ns) at
// 10 items per operation.
results::Run run_with_items() {
  results::Run run = testing::export_run();
  results::Benchmark& lookup = run.benchmarks[0];
  lookup.items_per_op = 10;
  lookup.items_per_second = results::Rate{1e10 / 11.5, results::Interval{0.95, 1e10 / 12.5, 1e10 / 10.5}};
  return run;
}

TEST(RatesExport, JmhHasItemsPerSecondAsASecondaryMetricWithTheRatesInterval) {
  const results::Run run = run_with_items();
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

TEST(RatesExport, BencherHasItemsPerSecondAsAMeasureOfItsOwn) {
  std::ostringstream out;
  write_bmf(run_with_items(), out);
  const auto measures = nlohmann::ordered_json::parse(out.str())["lookup.binary/size=1024"];
  ASSERT_TRUE(measures.contains("latency"));
  ASSERT_TRUE(measures.contains("items-per-second"));
  EXPECT_FALSE(measures.contains("bytes-per-second"));
  const auto& items = measures["items-per-second"];
  EXPECT_DOUBLE_EQ(items["value"].get<double>(), 1e10 / 11.5);
  EXPECT_DOUBLE_EQ(items["lower_value"].get<double>(), 1e10 / 12.5);
  EXPECT_DOUBLE_EQ(items["upper_value"].get<double>(), 1e10 / 10.5);
}

}  // namespace
}  // namespace tare::exports

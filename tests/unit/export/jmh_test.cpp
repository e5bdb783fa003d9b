// JMH's result JSON: the fields JMH writes, in its order, with the values tare's results give.
#include "export/jmh.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "export_runs.hpp"

namespace tare::exports {
namespace {

nlohmann::ordered_json jmh_of(const results::Run& run) {
  std::ostringstream out;
  write_jmh(run, out);
  return nlohmann::ordered_json::parse(out.str());
}

TEST(JmhExport, BenchmarksWithAnEstimateInRunOrderWithJmhsFieldsInItsOrder) {
  const auto document = jmh_of(testing::export_run());
  ASSERT_TRUE(document.is_array());
  ASSERT_EQ(document.size(), 2u);  // the failed one and the one without an estimate are left out
  std::vector<std::string> keys;
  for (const auto& item : document[0].items()) keys.push_back(item.key());
  const std::vector<std::string> jmh_order{
      "jmhVersion",       "benchmark",       "mode",         "threads",         "forks",
      "jvm",              "jvmArgs",         "jdkVersion",   "vmName",          "vmVersion",
      "warmupIterations", "warmupTime",      "warmupBatchSize", "measurementIterations", "measurementTime",
      "measurementBatchSize", "params",      "primaryMetric", "secondaryMetrics"};
  EXPECT_EQ(keys, jmh_order);
  EXPECT_FALSE(document[1].contains("params"));  // JMH leaves it out when there are none
}

// JMH's fields hold the headline interval: across runs where the machine's speed between
// runs is known, as the console shows it.
TEST(JmhExport, TheIntervalAcrossRunsWhenKnown) {
  results::Run run = testing::export_run();
  run.benchmarks[0].ci_across_runs = results::Interval{0.95, 10, 13};
  const auto document = jmh_of(run);
  const auto& metric = document[0]["primaryMetric"];
  EXPECT_EQ(metric["scoreError"], 1.5);
  EXPECT_EQ(metric["scoreConfidence"], (nlohmann::ordered_json{10.0, 13.0}));
}

TEST(JmhExport, ATimePerOperationMapsToAvgtWithTheIntervalAsErrorAndConfidence) {
  const auto lookup = jmh_of(testing::export_run())[0];
  EXPECT_EQ(lookup["jmhVersion"], "tare 1.2.3");
  EXPECT_EQ(lookup["benchmark"], "lookup.binary");
  EXPECT_EQ(lookup["params"], (nlohmann::ordered_json{{"size", "1024"}}));
  EXPECT_EQ(lookup["mode"], "avgt");
  EXPECT_EQ(lookup["threads"], 1);
  EXPECT_EQ(lookup["forks"], 2);
  EXPECT_EQ(lookup["jvm"], "/opt/bench/lookup");
  EXPECT_EQ(lookup["jdkVersion"], "g++ 12.2.0");
  EXPECT_EQ(lookup["vmName"], "tare");
  EXPECT_EQ(lookup["vmVersion"], "1.2.3");
  // The median fork by iterations (the lower of two): 1 warmup sample of 100 ns, 2 measured of 110 ns on average.
  EXPECT_EQ(lookup["warmupIterations"], 1);
  EXPECT_EQ(lookup["warmupTime"], "100 ns");
  EXPECT_EQ(lookup["measurementIterations"], 2);
  EXPECT_EQ(lookup["measurementTime"], "110 ns");
  EXPECT_EQ(lookup["warmupBatchSize"], 1);
  EXPECT_EQ(lookup["measurementBatchSize"], 1);

  const auto& metric = lookup["primaryMetric"];
  EXPECT_EQ(metric["score"], 11.5);
  EXPECT_EQ(metric["scoreError"], 1.0);
  EXPECT_EQ(metric["scoreConfidence"], (nlohmann::ordered_json{10.5, 12.5}));
  EXPECT_EQ(metric["scoreUnit"], "ns/op");
  EXPECT_EQ(metric["rawData"], (nlohmann::ordered_json{{10.0, 12.0}, {13.0, 11.0, 12.0}}));
  // Pooled values 10, 11, 12, 12, 13.
  const auto& percentiles = metric["scorePercentiles"];
  ASSERT_EQ(percentiles.size(), 10u);
  EXPECT_EQ(percentiles["0.0"], 10.0);
  EXPECT_EQ(percentiles["50.0"], 12.0);
  EXPECT_EQ(percentiles["90.0"], 13.0);
  EXPECT_EQ(percentiles["99.9999"], 13.0);
  EXPECT_EQ(percentiles["100.0"], 13.0);
}

TEST(JmhExport, ThroughputAndItsThreadsKeepJmhsModeAndUnit) {
  const auto rate = jmh_of(testing::export_run())[1];
  EXPECT_EQ(rate["benchmark"], "modes.rate");
  EXPECT_EQ(rate["mode"], "thrpt");
  EXPECT_EQ(rate["threads"], 2);
  EXPECT_EQ(rate["warmupIterations"], 0);
  EXPECT_EQ(rate["warmupTime"], "0 s");
  EXPECT_EQ(rate["measurementTime"], "500 us");
  const auto& metric = rate["primaryMetric"];
  EXPECT_EQ(metric["scoreUnit"], "ops/s");
  EXPECT_EQ(metric["scoreError"], 150000.0);
  EXPECT_EQ(metric["scoreConfidence"], (nlohmann::ordered_json{1.9e6, 2.2e6}));
  EXPECT_EQ(metric["rawData"], (nlohmann::ordered_json{{2e6, 2e6}, {2e6, 2e6}}));
  EXPECT_EQ(rate["secondaryMetrics"], nlohmann::ordered_json::object());
}

TEST(JmhExport, ACounterIsASecondaryMetricPerOperationWithoutAnInterval) {
  const auto calls = jmh_of(testing::export_run())[0]["secondaryMetrics"]["calls"];
  EXPECT_EQ(calls["score"], 2.0);
  EXPECT_EQ(calls["scoreError"], "NaN");
  EXPECT_EQ(calls["scoreConfidence"], (nlohmann::ordered_json{"NaN", "NaN"}));
  EXPECT_EQ(calls["scoreUnit"], "#/op");
  EXPECT_EQ(calls["rawData"], (nlohmann::ordered_json{{2.0, 2.0}, {2.0, 2.0, 2.0}}));
}

TEST(JmhExport, AThreadCountInTheNameJoinsTheParamsSoReadersKeepTheBenchmarksApart) {
  results::Run run = testing::export_run();
  run.benchmarks[1].name = "modes.rate/threads=2";
  EXPECT_EQ(jmh_of(run)[1]["params"], (nlohmann::ordered_json{{"threads", "2"}}));
  run.benchmarks[0].name = "lookup.binary/size=1024/threads=1";
  EXPECT_EQ(jmh_of(run)[0]["params"], (nlohmann::ordered_json{{"size", "1024"}, {"threads", "1"}}));
  run.benchmarks[0].params.emplace_back("threads", "mine");  // the benchmark's own parameter stays
  EXPECT_EQ(jmh_of(run)[0]["params"], (nlohmann::ordered_json{{"size", "1024"}, {"threads", "mine"}}));
}

TEST(JmhExport, ARunWithoutEstimatesIsAnEmptyArray) {
  results::Run run = testing::export_run();
  run.benchmarks.erase(run.benchmarks.begin(), run.benchmarks.begin() + 2);
  EXPECT_EQ(jmh_of(run), nlohmann::ordered_json::array());
}

TEST(JmhExport, PercentilesInterpolateBetweenNeighboursAndClampToTheEnds) {
  const std::vector<double> sorted{1, 2, 3, 4};
  EXPECT_DOUBLE_EQ(jmh_percentile(sorted, 0), 1);
  EXPECT_DOUBLE_EQ(jmh_percentile(sorted, 25), 1.25);  // position 1.25
  EXPECT_DOUBLE_EQ(jmh_percentile(sorted, 50), 2.5);   // position 2.5
  EXPECT_DOUBLE_EQ(jmh_percentile(sorted, 80), 4);     // position 4
  EXPECT_DOUBLE_EQ(jmh_percentile(sorted, 100), 4);
  EXPECT_DOUBLE_EQ(jmh_percentile({7}, 50), 7);
}

}  // namespace
}  // namespace tare::exports

// Bencher Metric Format: latency in ns and throughput in ops/s, the interval as lower and
// upper value.
#include "export/bmf.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>

#include "export_runs.hpp"

namespace tare::exports {
namespace {

nlohmann::ordered_json bmf_of(const results::Run& run) {
  std::ostringstream out;
  write_bmf(run, out);
  return nlohmann::ordered_json::parse(out.str());
}

TEST(BmfExport, EachBenchmarkWithAnEstimateIsOneMeasureKeyedByItsFullName) {
  const nlohmann::ordered_json expected{
      {"lookup.binary/size=1024", {{"latency", {{"value", 11.5}, {"lower_value", 10.5}, {"upper_value", 12.5}}}}},
      {"modes.rate", {{"throughput", {{"value", 2e6}, {"lower_value", 1.9e6}, {"upper_value", 2.2e6}}}}}};
  EXPECT_EQ(bmf_of(testing::export_run()), expected);
}

TEST(BmfExport, TheIntervalAcrossRunsWhenKnown) {
  results::Run run = testing::export_run();
  run.benchmarks[0].ci_across_runs = results::Interval{0.95, 10, 13};
  const auto latency = bmf_of(run)["lookup.binary/size=1024"]["latency"];
  EXPECT_EQ(latency["lower_value"], 10.0);
  EXPECT_EQ(latency["upper_value"], 13.0);
}

TEST(BmfExport, AnIntervalThatMissesTheScoreIsWidenedToHoldIt) {
  results::Run run = testing::export_run();
  run.benchmarks[0].ci = results::Interval{0.95, 11.75, 13};
  const auto latency = bmf_of(run)["lookup.binary/size=1024"]["latency"];
  EXPECT_EQ(latency["lower_value"], 11.5);
  EXPECT_EQ(latency["upper_value"], 13.0);
}

TEST(BmfExport, UnitsAreTakenIntoBenchersOwn) {
  const auto us = bencher_measure("us/op");
  ASSERT_TRUE(us);
  EXPECT_EQ(us->slug, "latency");
  EXPECT_EQ(us->factor, 1000);
  const auto single_shot = bencher_measure("ns");
  ASSERT_TRUE(single_shot);
  EXPECT_EQ(single_shot->slug, "latency");
  EXPECT_EQ(single_shot->factor, 1);
  const auto per_ms = bencher_measure("ops/ms");
  ASSERT_TRUE(per_ms);
  EXPECT_EQ(per_ms->slug, "throughput");
  EXPECT_EQ(per_ms->factor, 1000);
  EXPECT_FALSE(bencher_measure("B/op"));
  EXPECT_FALSE(bencher_measure("furlongs"));
}

TEST(BmfExport, AUnitNeitherMeasureHoldsIsRefusedNamingTheBenchmark) {
  results::Run run = testing::export_run();
  run.benchmarks[0].unit = "B/op";
  std::ostringstream out;
  try {
    write_bmf(run, out);
    FAIL() << "expected a refusal";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "lookup.binary/size=1024: unit \"B/op\" is neither a time per operation (Bencher's latency) nor a rate "
              "(its throughput)");
  }
}

}  // namespace
}  // namespace tare::exports

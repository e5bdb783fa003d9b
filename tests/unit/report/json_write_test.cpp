// write_json: the document's shape, names and the null rules of docs/results.md.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <limits>
#include <sstream>
#include <string>

#include "report/json_write.hpp"
#include "sample_runs.hpp"

namespace tare::report {
namespace {

using Json = nlohmann::ordered_json;
using testing::to_text;

Json to_json(const results::Run& run) { return Json::parse(to_text(run)); }

std::vector<std::string> keys(const Json& object) {
  std::vector<std::string> names;
  for (const auto& [key, value] : object.items()) names.push_back(key);
  return names;
}

TEST(JsonWrite, TopLevelAndContextHaveTheContractFieldsInOrder) {
  const Json doc = to_json(testing::full_run());
  EXPECT_EQ(keys(doc), (std::vector<std::string>{"schema", "context", "benchmarks"}));
  EXPECT_EQ(doc["schema"], "tare.results/1");
  const Json& c = doc["context"];
  EXPECT_EQ(keys(c), (std::vector<std::string>{"date", "host", "executable", "tare_version", "command_line", "seed",
                                               "settings", "cpu", "build", "clock", "aslr", "load_average_1m", "busy_cores", "steal_share", "virtualization",
                                               "reference_ns", "drift", "between_runs", "warnings", "system"}));
  EXPECT_EQ(c["reference_ns"], 2.5625);
  EXPECT_EQ(c["between_runs"], Json::parse(R"({"runs": 12, "relative_sd": 0.025, "history": "/h/speed.jsonl"})"));
  EXPECT_EQ(c["drift"], 0.03125);
  EXPECT_EQ(c["seed"].get<std::uint64_t>(), 18446744073709551615ull);
  EXPECT_EQ(c["settings"], Json::parse(R"({"forks": 7, "max_forks": 40, "budget_s": 12.5, "target_ci_percent": 0.5,
                                           "measure_ms": 250, "warmup_max_ms": 1500, "steady_band_percent": 3,
                                           "timeout_s": 60, "profilers": []})"));
  EXPECT_EQ(c["cpu"], Json::parse(R"({"model": "Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz", "cores": 40,
                                      "scaling_governor": "performance", "turbo": false})"));
  EXPECT_EQ(c["build"], Json::parse(R"({"compiler": "g++ 12.2.0", "flags": "-O3 -DNDEBUG", "type": "Release",
                                        "debug": true})"));
  EXPECT_EQ(c["clock"], Json::parse(R"({"name": "tsc", "resolution_ns": 0.3333333333333333, "overhead_ns": 7.125,
                                        "tsc_ghz": 2.494, "clocksource": "tsc"})"));
  EXPECT_EQ(c["aslr"], 2);
  EXPECT_EQ(c["load_average_1m"], 0.42);
  EXPECT_EQ(c["virtualization"], "kvm");
  EXPECT_EQ(c["warnings"].size(), 2u);
}

TEST(JsonWrite, BenchmarkFields) {
  const Json b = to_json(testing::full_run())["benchmarks"][0];
  EXPECT_EQ(keys(b), (std::vector<std::string>{"name", "family", "group", "params", "mode", "unit", "threads",
                                               "ops_per_invocation", "status", "error", "stop_reason", "score", "ci",
                                               "ci_method", "ci_across_runs", "across_runs", "headline_ci", "median", "median_ci", "mad", "steady_state", "disturbed_share", "score_disturbed",
                                               "all_samples_score", "variance",
                                               "bootstrap", "outliers", "modes", "drift", "relative", "percentiles", "floor_ns_per_op",
                                               "timer_cost_ns_per_op", "counter_names", "secondary", "profile", "instruction_counts",
                                               "hot_code", "code", "warnings", "warning_codes",
                                               "forks", "profiling_forks"}));
  EXPECT_EQ(b["name"], "parse/invalid_percent=10/text=中文");
  EXPECT_EQ(keys(b["params"]), (std::vector<std::string>{"invalid_percent", "text", "alpha"}));  // declaration order
  EXPECT_EQ(b["params"]["alpha"], "a,b");
  EXPECT_EQ(b["threads"], 2);
  EXPECT_EQ(b["ops_per_invocation"], 8);
  EXPECT_EQ(b["status"], "ok");
  EXPECT_TRUE(b["error"].is_null());
  EXPECT_EQ(b["stop_reason"], "target-ci");
  EXPECT_EQ(b["score"], 12.28125);
  EXPECT_EQ(b["ci"], Json::parse(R"({"level": 0.95, "low": 12.1, "high": 12.5})"));
  EXPECT_EQ(b["ci_across_runs"], Json::parse(R"({"level": 0.95, "low": 11.5, "high": 13.0})"));
  EXPECT_EQ(b["headline_ci"], "ci_across_runs");  // the one every output shows
  EXPECT_EQ(b["across_runs"], Json::parse(R"({"source": "shrunk", "runs": 12, "set_aside": 1, "between_run_sd": 0.0125,
                                              "own_sd": 0.015625, "degrees_of_freedom": 15.0})"));
  EXPECT_EQ(b["variance"],
            Json::parse(R"({"between_forks": 0.01, "within_fork": 0.02, "within_fork_method": "batch means"})"));
  EXPECT_EQ(b["ci_method"], "student-t over fork means");
  EXPECT_EQ(b["median_ci"], Json::parse(R"({"level": 0.96875, "low": 12.0, "high": 12.75})"));
  EXPECT_EQ(b["mad"], 0.125);
  EXPECT_EQ(b["steady_state"], "good inconsistent");
  EXPECT_EQ(b["bootstrap"], Json::parse(R"({"resamples": 2000, "block_length": 4,
                                            "mean": {"level": 0.95, "low": 12.125, "high": 12.375},
                                            "median": {"level": 0.95, "low": 12.0, "high": 12.5}})"));
  EXPECT_EQ(b["outliers"], Json::parse(R"({"low_severe": 0, "low_mild": 1, "high_mild": 3, "high_severe": 2,
                                           "variance_fraction": 0.25, "effect": "moderate"})"));
  EXPECT_EQ(b["modes"], Json::parse(R"([{"mean": 12.1, "forks": 3}, {"mean": 12.5, "forks": 2}])"));
  EXPECT_EQ(b["relative"], Json::parse(R"({"baseline": "parse/invalid_percent=0/text=中文", "ratio": 1.125,
                                           "ci": {"level": 0.95, "low": 1.0625, "high": 1.1875}})"));
  EXPECT_EQ(b["drift"], Json::parse(R"({"movement": 0.0625, "normalized_score": 12.25,
                                        "normalized_ci": {"level": 0.95, "low": 12.0, "high": 12.5}})"));
  EXPECT_EQ(b["percentiles"][3], Json::parse(R"({"p": 99.9, "ns": 1020.0})"));
  EXPECT_EQ(b["percentiles"][4], Json::parse(R"({"p": 100.0, "ns": 3400.5})"));
  EXPECT_EQ(b["counter_names"], Json::parse(R"(["valid", "invalid"])"));
  EXPECT_EQ(b["secondary"], Json::parse(R"({"valid": 0.9, "invalid": 0.1})"));
  EXPECT_EQ(b["timer_cost_ns_per_op"], 6.75);
}

TEST(JsonWrite, ForkAndSampleFields) {
  const Json doc = to_json(testing::full_run());
  const Json& f = doc["benchmarks"][0]["forks"][0];
  EXPECT_EQ(keys(f), (std::vector<std::string>{"pid", "status", "error", "layout", "ops_per_sample", "setup_ns",
                                               "teardown_ns", "measured_ns", "floor_ns_per_op", "wall_ns",
                                               "reference_ns", "resources",
                                               "steady_state", "mean", "disturbed_samples", "all_samples_mean",
                                               "slow_start", "warmup", "samples"}));
  EXPECT_EQ(f["slow_start"], Json::parse(R"({"horizon_ms": 1000.25, "warmup_ms": 412.5, "slower": 2.875,
                                             "near_horizon": false, "confirmed": true})"));
  EXPECT_EQ(doc["benchmarks"][0]["forks"][1].count("slow_start"), 0u);  // only the first fork looks that far
  EXPECT_EQ(f["layout"], Json::parse(R"({"seed": 1234567890123, "env_pad_bytes": 48, "stack_offset_bytes": 192,
                                         "heap_offset_bytes": 4096})"));
  EXPECT_EQ(f["resources"], Json::parse(R"({"minor_faults": 12, "major_faults": 1, "voluntary_switches": 3,
                                            "involuntary_switches": 7, "max_rss_kib": 0, "ops": 0})"));
  EXPECT_EQ(f["steady_state"], Json::parse(R"({"class": "warmup", "first_index": 2, "changepoints": [1, 2],
                                               "outliers": 1, "lag1": -0.125, "dependent": true})"));
  EXPECT_EQ(f["reference_ns"], Json::parse(R"({"before": 2.5, "after": 2.625})"));
  EXPECT_EQ(f["wall_ns"], 412345678.5);
  EXPECT_EQ(f["samples"][0], Json::parse(R"({"ops": 4096, "ns": 50301.0, "cpu_ns": 50299.5,
                                             "counters": [3700.0, 396.0], "wait_ns": 0.0})"));
  EXPECT_EQ(f["samples"][1]["wait_ns"], 2500.5);
  EXPECT_EQ(f["samples"][1]["preemptions"], 2);
  EXPECT_EQ(f["samples"][1]["overlap_ns"], 48000.5);
  EXPECT_EQ(f["samples"][0].count("overlap_ns"), 0u);  // one thread: nothing to overlap
  EXPECT_EQ(f["samples"][1]["span_ns"], 61000.25);
  EXPECT_EQ(f["samples"][0].count("span_ns"), 0u);  // the harness timed the run whole: its span is its time
  EXPECT_EQ(f["samples"][2].count("wait_ns"), 0u);  // not known
  EXPECT_EQ(f["samples"][2]["stolen_ns"], 640.5);
  EXPECT_EQ(f["samples"][2]["age_ns"], 1.25e8);
  EXPECT_EQ(f["samples"][0].count("age_ns"), 0u);  // not known
  EXPECT_EQ(f["samples"][0].count("stolen_ns"), 0u);  // written only when some was
  EXPECT_EQ(f["disturbed_samples"], 1);
  EXPECT_EQ(f["warmup"].size(), 2u);
  const Json& failed = doc["benchmarks"][0]["forks"][1];
  EXPECT_EQ(failed["status"], "failed");
  EXPECT_EQ(failed["error"], "killed by signal 11 (Segmentation fault)");
}

TEST(JsonWrite, SampleWithoutCpuTimeOrCountersHasOnlyOpsAndNs) {
  results::Run run;
  results::Benchmark b;
  b.name = b.family = "x";
  results::Fork f;
  f.samples = {results::Sample{10, 20.5, 0, {}}};
  b.forks = {f};
  run.benchmarks = {b};
  EXPECT_EQ(to_json(run)["benchmarks"][0]["forks"][0]["samples"][0], Json::parse(R"({"ops": 10, "ns": 20.5})"));
}

TEST(JsonWrite, WithoutTheMachinesSpeedBetweenRunsTheHeadlineIsThisRunsInterval) {
  results::Run run = testing::full_run();
  run.benchmarks[0].ci_across_runs.reset();
  run.benchmarks[0].across_runs.reset();
  const Json b = to_json(run)["benchmarks"][0];
  EXPECT_TRUE(b["ci_across_runs"].is_null());
  EXPECT_TRUE(b["across_runs"].is_null());
  EXPECT_EQ(b["headline_ci"], "ci");
}

TEST(JsonWrite, FailedBenchmarkHasStatusAndError) {
  const Json b = to_json(testing::full_run())["benchmarks"][1];
  EXPECT_EQ(b["status"], "failed");
  EXPECT_EQ(b["error"], "threw std::out_of_range: \"vector::at\"");
  EXPECT_TRUE(b["score"].is_null());
  EXPECT_TRUE(b["ci"].is_null());
  EXPECT_TRUE(b["headline_ci"].is_null());
  EXPECT_TRUE(b["median"].is_null());
  EXPECT_TRUE(b["variance"]["between_forks"].is_null());
  EXPECT_EQ(b["secondary"], Json::object());
  EXPECT_EQ(b["percentiles"], Json::array());
}

TEST(JsonWrite, UnknownContextValuesAreNull) {
  results::Run run;  // the model's defaults: governor "", turbo unknown, tsc_ghz 0, aslr -1, load -1
  const Json c = to_json(run)["context"];
  EXPECT_TRUE(c["cpu"]["scaling_governor"].is_null());
  EXPECT_TRUE(c["cpu"]["turbo"].is_null());
  EXPECT_TRUE(c["clock"]["tsc_ghz"].is_null());
  EXPECT_TRUE(c["clock"]["clocksource"].is_null());
  EXPECT_TRUE(c["aslr"].is_null());
  EXPECT_TRUE(c["load_average_1m"].is_null());
  EXPECT_TRUE(c["virtualization"].is_null());
  EXPECT_EQ(to_json(run)["benchmarks"], Json::array());
}

TEST(JsonWrite, NonFiniteNumbersBecomeNullAndTheDocumentStaysValid) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  results::Run run = testing::full_run();
  run.context.clock.resolution_ns = inf;
  results::Benchmark& b = run.benchmarks[0];
  b.score = nan;
  b.ci = results::Interval{0.95, -inf, inf};
  b.counters_per_op = {nan, 0.1};
  b.percentiles[0].second = inf;
  b.forks[0].mean = nan;
  b.forks[0].samples[0] = results::Sample{1, inf, nan, {nan}};

  const std::string text = to_text(run);
  EXPECT_EQ(text.find("NaN"), std::string::npos);
  EXPECT_EQ(text.find("nan"), std::string::npos);
  EXPECT_EQ(text.find("inf"), std::string::npos);  // no "Infinity", "inf", "-inf"
  const Json doc = Json::parse(text);  // throws if invalid
  EXPECT_TRUE(doc["context"]["clock"]["resolution_ns"].is_null());
  const Json& j = doc["benchmarks"][0];
  EXPECT_TRUE(j["score"].is_null());
  EXPECT_EQ(j["ci"], Json::parse(R"({"level": 0.95, "low": null, "high": null})"));
  EXPECT_TRUE(j["secondary"]["valid"].is_null());
  EXPECT_TRUE(j["percentiles"][0]["ns"].is_null());
  EXPECT_TRUE(j["forks"][0]["mean"].is_null());
  EXPECT_EQ(j["forks"][0]["samples"][0], Json::parse(R"({"ops": 1, "ns": null, "cpu_ns": null, "counters": [null]})"));
}

TEST(JsonWrite, InvalidUtf8IsReplacedNotThrown) {
  results::Run run = testing::full_run();
  run.benchmarks[1].error = "bad byte \xff here";
  const Json doc = Json::parse(to_text(run));
  EXPECT_EQ(doc["benchmarks"][1]["error"], "bad byte \xEF\xBF\xBD here");
}

TEST(JsonWrite, IsPrettyPrintedWithTwoSpacesAndEndsWithNewline) {
  const std::string text = to_text(testing::full_run());
  EXPECT_EQ(text.rfind("{\n  \"schema\": \"tare.results/1\",\n  \"context\": {\n    \"date\"", 0), 0u);
  EXPECT_EQ(text.back(), '\n');
}

TEST(JsonWrite, OneSamplePerLine) {
  const std::string text = to_text(testing::full_run());
  EXPECT_NE(text.find("          \"samples\": [\n"
                      "            {\"ops\": 4096, \"ns\": 50301.0, \"cpu_ns\": 50299.5, \"counters\": [3700.0, 396.0], "
                      "\"wait_ns\": 0.0},\n"
                      "            {\"ops\": 4096, \"ns\": 50299.75, "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("      \"ci\": {\"level\": 0.95, \"low\": 12.1, \"high\": 12.5},\n"), std::string::npos);
}

}  // namespace
}  // namespace tare::report

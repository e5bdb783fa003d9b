// The report's other inputs, from documents shaped as tare writes them: a comparison
// (tare.compare/2), a stream run (tare.stream.run/1) and the probe's estimates (tare.probe/1).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "html/comparison.hpp"
#include "html/comparison_section.hpp"
#include "html/probes.hpp"
#include "html/report_file.hpp"
#include "html/stream_run.hpp"
#include "html/stream_section.hpp"
#include "input/usage_error.hpp"

namespace {

using nlohmann::json;

std::size_t parts_in(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

json comparison_document() {
  return json::parse(R"({"schema": "tare.compare/2", "method": "ratios", "threshold": 0.02,
    "benchmarks": [
      {"name": "sort", "unit": "ns/op", "base": {"score": 100, "forks": 5}, "new": {"score": 110, "forks": 5},
       "ratio": {"estimate": 1.1, "low": 1.05, "high": 1.15, "level": 0.95}, "verdict": "slower",
       "against_threshold": "beyond", "problem": null,
       "pairs": [{"base": 100, "new": 108}, {"base": 100, "new": 112}]},
      {"name": "<b>hash</b>", "unit": "ns/op", "base": {"score": 50, "forks": 5}, "new": {"score": null, "forks": 0},
       "ratio": null, "verdict": "not compared", "problem": "every fork failed"}],
    "geomean": {"estimate": 1.1, "low": 1.05, "high": 1.15, "level": 0.95}, "notes": ["a note"]})");
}

TEST(HtmlComparison, RowsRatiosPairsAndProblemsAreRead) {
  const auto c = tare::html::comparison_from_json(comparison_document());
  EXPECT_DOUBLE_EQ(c.threshold, 0.02);
  ASSERT_EQ(c.rows.size(), 2u);
  ASSERT_TRUE(c.rows[0].ratio.has_value());
  EXPECT_DOUBLE_EQ(c.rows[0].ratio->low, 1.05);
  EXPECT_EQ(c.rows[0].pair_ratios, (std::vector<double>{1.08, 1.12}));
  EXPECT_FALSE(c.rows[1].ratio.has_value());
  EXPECT_FALSE(c.rows[1].new_score.has_value());
  EXPECT_EQ(c.rows[1].problem, "every fork failed");
  ASSERT_TRUE(c.geomean.has_value());
  EXPECT_EQ(c.notes, std::vector<std::string>{"a note"});
}

TEST(HtmlComparison, TheForestPlotHasARowPerComparedBenchmarkAndTheThresholdBand) {
  const auto c = tare::html::comparison_from_json(comparison_document());
  const std::string html = tare::html::comparison_section(c, "ab.json", "f1");
  EXPECT_EQ(parts_in(html, "data-chart=\"forest\""), 1u);
  EXPECT_EQ(parts_in(html, "<circle class=\"ratio slower\""), 1u);
  EXPECT_EQ(parts_in(html, "<circle class=\"pair\""), 2u);
  EXPECT_EQ(parts_in(html, "<rect class=\"threshold-band\""), 1u);
  EXPECT_NE(html.find("&lt;b&gt;hash&lt;/b&gt;: not compared: every fork failed"), std::string::npos);
  const std::string rows = tare::html::comparison_summary_rows(c, "ab.json", "f1");
  EXPECT_EQ(parts_in(rows, "<tr class=\"slower\">"), 1u);
  EXPECT_EQ(parts_in(rows, "<tr"), 2u);
}

TEST(HtmlComparison, AMissingThresholdIsNamed) {
  auto document = comparison_document();
  document.erase("threshold");
  try {
    tare::html::comparison_from_json(document);
    FAIL() << "accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("threshold"), std::string::npos);
  }
}

json stream_document() {
  return json::parse(R"({"schema": "tare.stream.run/1", "sut_name": "model", "verdict": "sustainable",
    "reasons": [], "notes": ["n"], "rates_per_s": {"offered": 1000, "generated": 1000, "taken": 990},
    "event_time_latency_ns": {"p50": 2e6, "p99": 5e6, "p99_9": 6e6, "max": 7e6,
      "spectrum": [{"p": 0, "ns": 1e6}, {"p": 50, "ns": 2e6}, {"p": 99, "ns": 5e6}, {"p": 100, "ns": 7e6}]},
    "processing_time_latency_ns": {"p50": 1e6, "p99": 4e6, "p99_9": 5e6, "max": 6e6, "spectrum": []},
    "backlog": [{"t_s": 0, "generated": 0, "taken": 0, "backlog": 0},
                {"t_s": 0.5, "generated": 500, "taken": 400, "backlog": 100},
                {"t_s": 1.0, "generated": 1000, "taken": 1000, "backlog": 0}],
    "intervals": [{"start_s": 0, "event_time_ns": {"p50": 2e6, "p99": 5e6, "max": 6e6},
                   "processing_time_ns": {"p50": 1e6, "p99": 4e6, "max": 5e6}},
                  {"start_s": 0.5, "event_time_ns": null, "processing_time_ns": null}],
    "config": {"rate": "1k", "duration_s": 1}})");
}

TEST(HtmlStreamRun, LatenciesBacklogSpectrumAndSettingsAreRead) {
  const auto run = tare::html::stream_run_from_json(stream_document());
  EXPECT_EQ(run.sut, "model");
  EXPECT_DOUBLE_EQ(run.offered_rate, 1000);
  ASSERT_EQ(run.windows.size(), 2u);
  EXPECT_FALSE(run.windows[1].event_p99.has_value());
  ASSERT_EQ(run.backlog.size(), 3u);
  EXPECT_DOUBLE_EQ(run.backlog[1].backlog, 100);
  ASSERT_EQ(run.event_time.spectrum.size(), 4u);
  EXPECT_EQ(run.event_time.spectrum.back(), (std::pair<double, double>{100, 7e6}));
  EXPECT_EQ(run.config.size(), 2u);
}

TEST(HtmlStreamRun, TheSectionDrawsLatencyThroughputBacklogAndTheSpectrum) {
  const std::string html = tare::html::stream_section(tare::html::stream_run_from_json(stream_document()), "s.json", "f1");
  for (const char* kind : {"latency-over-time", "throughput-over-time", "backlog-over-time", "percentile-spectrum"})
    EXPECT_EQ(parts_in(html, std::string("data-chart=\"") + kind + "\""), 1u) << kind;
  // Throughput from the backlog's counts: 500 generated in each half second, 1000/s.
  EXPECT_NE(html.find("1k/s offered"), std::string::npos);
  EXPECT_EQ(parts_in(html, "<circle class=\"point event-p99\""), 4u);
  EXPECT_THROW(tare::html::stream_run_from_json(json::parse(R"({"schema": "tare.stream.run/1"})")), std::runtime_error);
}

// The report writes rates as the console does (stream::rate_text): a rate just under a
// prefix is rounded into it, never "1e+03k/s", and billions have their own prefix.
TEST(HtmlStreamRun, RatesAreWrittenAsTheConsoleWritesThem) {
  auto run = tare::html::stream_run_from_json(stream_document());
  run.offered_rate = 999'999;
  EXPECT_NE(tare::html::stream_section(run, "s.json", "f1").find("1M/s offered"), std::string::npos);
  run.offered_rate = 2.5e9;
  EXPECT_NE(tare::html::stream_section(run, "s.json", "f1").find("2.5G/s offered"), std::string::npos);
}

TEST(HtmlProbes, EachProbeGetsItsEstimateAndTheFineClockSample) {
  const auto probes = tare::html::probes_from_json(json::parse(R"({"schema": "tare.probe/1", "probes": [
    {"name": "parse", "clock": "coarse", "calls": 1000, "status": "ok", "mean_ns": 50, "ci_low_ns": 45,
     "ci_high_ns": 55, "sampled_calls": 16, "sampled_mean_ns": 52, "sampled_ci_low_ns": 40, "sampled_ci_high_ns": 64,
     "warnings": ["w"]},
    {"name": "young", "clock": "coarse", "calls": 3, "status": "not enough calls yet", "mean_ns": null,
     "ci_low_ns": null, "ci_high_ns": null, "warnings": []}]})"));
  ASSERT_EQ(probes.size(), 2u);
  EXPECT_FALSE(probes[1].mean_ns.has_value());
  const std::string html = tare::html::probe_section(probes, "p.json", "f1");
  EXPECT_EQ(parts_in(html, "data-chart=\"probe\""), 2u);
  EXPECT_EQ(parts_in(html, "<circle class=\"estimate\""), 1u);
  EXPECT_EQ(parts_in(html, "<circle class=\"sampled\""), 1u);
  EXPECT_NE(html.find("<li>parse: w</li>"), std::string::npos);
}

std::string written(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(HtmlReportFile, EachKindIsToldByItsSchemaAndAnythingElseIsAUsageError) {
  const auto comparison = tare::html::read_report_file(written("cmp.json", comparison_document().dump()));
  EXPECT_EQ(comparison.label, "cmp.json");
  EXPECT_TRUE(std::holds_alternative<tare::html::Comparison>(comparison.content));
  EXPECT_TRUE(std::holds_alternative<tare::html::StreamRun>(
      tare::html::read_report_file(written("s.json", stream_document().dump())).content));
  for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
           {"not.json", "not json"},
           {"search.json", R"({"schema": "tare.stream.sustainable/1"})"},
           {"broken_stream.json", R"({"schema": "tare.stream.run/1", "sut_name": 3})"},
           {"other.json", R"({"schema": "someone.else/1"})"}}) {
    const auto path = written(name, text);
    try {
      tare::html::read_report_file(path);
      ADD_FAILURE() << name << " accepted";
    } catch (const tare::input::UsageError& e) {
      EXPECT_EQ(std::string(e.what()).rfind(path, 0), 0u) << e.what();
    }
  }
  EXPECT_THROW(tare::html::read_report_file(testing::TempDir() + "no_such.json"), tare::input::UsageError);
}

}  // namespace

#include "html/page.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "html/run_section.hpp"

namespace {

std::size_t times_in(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

tare::results::Sample batch(double ns) {
  tare::results::Sample sample;
  sample.ops = 100;
  sample.ns = ns;
  return sample;
}

tare::results::Benchmark measured(const std::string& name, double value) {
  tare::results::Benchmark b;
  b.name = name;
  b.score = value;
  b.ci = tare::results::Interval{0.95, value * 0.99, value * 1.01};
  for (int f = 0; f < 3; ++f) {
    tare::results::Fork fork;
    fork.warmup = {batch(value * 200), batch(value * 120)};
    for (int s = 0; s < 6; ++s) fork.samples.push_back(batch(value * 100));
    fork.mean = value;
    b.forks.push_back(fork);
  }
  return b;
}

tare::html::ReportFile sample_run() {
  tare::results::Run run;
  run.context.host = "host-a";
  run.benchmarks.push_back(measured("<script>alert(1)</script>", 12));
  run.benchmarks.push_back(measured("sort/size=1000", 3400));
  run.benchmarks.back().warnings.push_back({.text = "warmup <dropped>"});
  return {"run.json", run};
}

TEST(HtmlPage, OneSelfContainedDocumentThatFetchesNothing) {
  const std::string page = tare::html::report_page({sample_run()});
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(page.find("Content-Security-Policy\" content=\"default-src 'none'"), std::string::npos);
  EXPECT_EQ(times_in(page, "<script"), 1u);  // the sorting script, and no other
  EXPECT_EQ(page.find("http://"), std::string::npos);
  EXPECT_EQ(page.find("https://"), std::string::npos);
  EXPECT_EQ(page.find("src=\""), std::string::npos);
}

TEST(HtmlPage, NamesAndWarningsAreText) {
  const std::string page = tare::html::report_page({sample_run()});
  EXPECT_EQ(page.find("<script>alert"), std::string::npos);
  EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(page.find(">warmup &lt;dropped&gt;</li>"), std::string::npos);
}

TEST(HtmlPage, EveryBenchmarkHasARowASectionAndFourCharts) {
  const std::string page = tare::html::report_page({sample_run(), sample_run()});
  EXPECT_EQ(times_in(page, "<section class=\"benchmark\""), 4u);
  EXPECT_EQ(times_in(page, "<tr class=\"ok\">"), 4u);
  EXPECT_EQ(times_in(page, "data-chart=\"warmup\""), 4u);
  EXPECT_EQ(times_in(page, "data-chart=\"run-sequence\""), 4u);
  EXPECT_EQ(times_in(page, "data-chart=\"fork-means\""), 4u);
  EXPECT_EQ(times_in(page, "data-chart=\"distribution\""), 4u);
  EXPECT_NE(page.find("href=\"#f2-b2\""), std::string::npos);
  EXPECT_NE(page.find("id=\"f2-b2\""), std::string::npos);
  EXPECT_EQ(times_in(page, "<dd>host-a</dd>"), 2u);
}

// The interval beside a score is the headline (across runs when the machine's speed between
// runs is known, as in the console and the exports), named where it is shown; this run's
// own stays beside it.
TEST(HtmlPage, EachIntervalSaysWhichItIs) {
  auto file = sample_run();
  const std::string own = tare::html::report_page({file});
  EXPECT_EQ(times_in(own, "±1.00% this run only</td>"), 2u);
  EXPECT_NE(own.find("(95% interval this run only: 11.9 ns/op – 12.1 ns/op, ±1.00%)"), std::string::npos);
  auto& run = std::get<tare::results::Run>(file.content);
  for (auto& b : run.benchmarks) b.ci_across_runs = tare::results::Interval{0.95, *b.score * 0.97, *b.score * 1.03};
  const std::string across = tare::html::report_page({file});
  EXPECT_EQ(times_in(across, "±3.00% across runs</td>"), 2u);
  EXPECT_NE(across.find("(95% interval across runs: 11.6 ns/op – 12.4 ns/op, ±3.00%; this run's own, over "
                        "its forks: ±1.00%)"),
            std::string::npos);
  EXPECT_NE(across.find("95% interval across runs of the score"), std::string::npos);  // the chart's tooltip
  EXPECT_EQ(across.find("this run only"), std::string::npos);
}

TEST(HtmlPage, ForkSeriesPutWarmupFirstAndCutWhereMeasurementBegan) {
  const auto series = tare::html::fork_series(measured("b", 5));
  ASSERT_EQ(series.size(), 3u);
  EXPECT_EQ(series[0].values.size(), 8u);
  EXPECT_EQ(series[0].measured_from, 2u);
  EXPECT_DOUBLE_EQ(series[0].values[0], 10.0);  // 100 ops in 1000 ns
  EXPECT_DOUBLE_EQ(series[0].values[7], 5.0);
  EXPECT_TRUE(series[0].disturbed.empty());      // waits unknown: nothing marked
  EXPECT_EQ(series[0].calibration, 0u);
}

TEST(HtmlPage, ForkSeriesKnowTheCalibrationBatchesThatBeganTheWarmup) {
  auto b = measured("b", 5);
  auto& warmup = b.forks[0].warmup;
  for (const std::uint64_t ops : {10, 1}) {  // one call, then ten, before the batches of 100
    warmup.insert(warmup.begin(), batch(500));
    warmup.front().ops = ops;
  }
  const auto series = tare::html::fork_series(b);
  EXPECT_EQ(series[0].calibration, 2u);
  EXPECT_EQ(series[0].measured_from, 4u);
  EXPECT_DOUBLE_EQ(series[0].values[0], 500.0);
}

}  // namespace

namespace {

TEST(HtmlPage, AProfiledBenchmarkShowsItsProfilersFigures) {
  auto file = sample_run();
  auto& b = std::get<tare::results::Run>(file.content).benchmarks[1];
  b.profile.push_back({tare::results::Profiler::alloc, "allocations", "/op", 1000, tare::results::Interval{0.95, 1000, 1000}, 3});
  b.profile.back().exact = true;  // the same in every fork: whole, as the console shows it
  b.profile.push_back({tare::results::Profiler::alloc, "frees", "/op", 3, tare::results::Interval{0.95, 3, 3}, 3});
  b.profile.push_back({tare::results::Profiler::perf, "cycles", "/op", std::nan(""), std::nullopt, 0, 0.0});
  const std::string page = tare::html::report_page({file});
  EXPECT_EQ(times_in(page, "<table class=\"profile\">"), 1u);
  EXPECT_NE(page.find("<td>alloc</td><td>allocations</td><td class=\"number\">1000 /op</td>"), std::string::npos);
  EXPECT_NE(page.find("<td>alloc</td><td>frees</td><td class=\"number\">3 ± 0 /op</td>"), std::string::npos);
  EXPECT_NE(page.find("<td>perf</td><td>cycles</td><td class=\"number\">not counted</td>"), std::string::npos);
}

}  // namespace

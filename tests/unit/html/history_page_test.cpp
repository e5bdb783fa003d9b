// The history page built from series and marks made here: every run's score and interval
// drawn, a series split where its timed code changed, change points marked where their first
// run is, and the numbers in a table beside.
#include "html/history_page.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "html/history_chart.hpp"

namespace tare::html {
namespace {

std::size_t history_occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

constexpr const char* kBox = "box | Test CPU | 4 cpus";

// Run `id` at score `score` ns/op (±2%), of commit "c0mmit<id>..." and timed code `code`.
store::StoredScore scored_run(std::int64_t id, double score, const std::string& code, bool across = false) {
  store::StoredScore run;
  run.run_id = id;
  run.time = 1772366400 + id * 3600;
  run.commit = "c0ffee" + std::to_string(id) + "0123456789abcdef";
  run.machine = kBox;
  run.benchmark.name = "sort/size=8";
  run.benchmark.mode = "avgt";
  run.benchmark.unit = "ns/op";
  run.benchmark.score = score;
  run.benchmark.ci = results::Interval{0.95, score * 0.98, score * 1.02};
  if (across) run.benchmark.ci_across_runs = results::Interval{0.95, score * 0.95, score * 1.05};
  run.benchmark.forks = 5;
  run.benchmark.code_digest = code;
  return run;
}

store::ScoreSeries series_of(std::vector<store::StoredScore> runs, const std::string& name = "sort/size=8") {
  for (auto& run : runs) run.benchmark.name = name;
  return {name, "avgt", "ns/op", kBox, std::move(runs)};
}

// Five runs: two of code "aa", then three of code "bb" (the first of them 20% slower).
store::ScoreSeries two_codes() {
  return series_of({scored_run(1, 10, "aa"), scored_run(2, 10.1, "aa"), scored_run(4, 12, "bb", true),
                    scored_run(5, 12.1, "bb", true), scored_run(7, 11.9, "bb", true)});
}

std::string chart_of(const std::string& page) {
  const auto at = page.find("<svg class=\"chart\" data-chart=\"history\"");
  return at == std::string::npos ? "" : page.substr(at, page.find("</svg>", at) + 6 - at);
}

// The x (in pixels) of each element of `kind` ("circle" cx, "line" x1) with class `css_class`
// (in either series' colour).
std::vector<double> xs_of(const std::string& svg, const std::string& element, const std::string& css_class) {
  const std::string attribute = element == "circle" ? "cx" : "x1";
  const std::regex pattern("<" + element + " class=\"" + css_class + "(?: alternate)?\" " + attribute +
                           "=\"([0-9.]+)\"");
  std::vector<double> xs;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), pattern); it != std::sregex_iterator(); ++it)
    xs.push_back(std::stod((*it)[1].str()));
  return xs;
}

TEST(HistoryPage, EveryRunsScoreAndIntervalAreDrawnWithItsCommitAndTime) {
  const std::string page = history_page({"runs.sqlite", {two_codes()}, {}});
  const std::string chart = chart_of(page);
  ASSERT_FALSE(chart.empty());
  EXPECT_EQ(history_occurrences(chart, "<circle class=\"run-score"), 5u);
  EXPECT_EQ(history_occurrences(chart, "<rect class=\"run-ci\""), 2u);  // over its forks: runs 1 and 2
  // Across runs where known: runs 4, 5 and 7, of the second code (in the other colour).
  EXPECT_EQ(history_occurrences(chart, "<rect class=\"run-ci across alternate\""), 3u);
  EXPECT_NE(chart.find("run 4 · 2026-03-01 16:00:00 · commit c0ffee40123456789abcdef · score 12 ns/op · 95% "
                       "interval across runs [11.4, 12.6] · 5 forks · code bb"),
            std::string::npos)
      << chart;
  // Each run's commit under the axis, shortened; the runs in order from left to right.
  EXPECT_NE(chart.find(">c0ffee1</text>"), std::string::npos);
  EXPECT_NE(chart.find(">c0ffee7</text>"), std::string::npos);
  const auto xs = xs_of(chart, "circle", "run-score");
  ASSERT_EQ(xs.size(), 5u);
  EXPECT_TRUE(std::is_sorted(xs.begin(), xs.end()));
  // The y axis holds every interval.
  std::smatch y;
  ASSERT_TRUE(std::regex_search(chart, y, std::regex("data-y=\"([^ ]+) ([^\"]+)\"")));
  EXPECT_LT(std::stod(y[1].str()), 9.8);
  EXPECT_GT(std::stod(y[2].str()), 12.1 * 1.05);
  // The table beside: a row per run, its numbers.
  EXPECT_EQ(history_occurrences(page, "<table class=\"sortable history-runs\">"), 1u);
  EXPECT_NE(page.find(">[11.4, 12.6]</td>"), std::string::npos);
  EXPECT_NE(page.find("<td title=\"c0ffee70123456789abcdef\">c0ffee701234</td>"), std::string::npos);
  EXPECT_NE(page.find(kBox), std::string::npos);  // the machine named
}

TEST(HistoryPage, ASeriesIsSplitWhereItsTimedCodeChanged) {
  const auto segments = code_segments(two_codes().runs);
  ASSERT_EQ(segments.size(), 2u);
  EXPECT_EQ(segments[0].first, 0u);
  EXPECT_EQ(segments[0].last, 2u);
  EXPECT_EQ(segments[0].code, "aa");
  EXPECT_EQ(segments[1].first, 2u);
  EXPECT_EQ(segments[1].last, 5u);
  const std::string page = history_page({"runs.sqlite", {two_codes()}, {}});
  const std::string chart = chart_of(page);
  EXPECT_EQ(history_occurrences(chart, "<polyline class=\"history-line\""), 1u);
  EXPECT_EQ(history_occurrences(chart, "<polyline class=\"history-line alternate\""), 1u);
  EXPECT_EQ(history_occurrences(chart, "<line class=\"code-change\""), 1u);
  EXPECT_NE(chart.find("the timed code changed at run 4 (code bb): a new series"), std::string::npos);
  EXPECT_EQ(history_occurrences(chart, "<circle class=\"run-score\""), 2u);
  EXPECT_EQ(history_occurrences(chart, "<circle class=\"run-score alternate\""), 3u);
  // The dashed line stands between the last run of the old code and the first of the new.
  const auto runs = xs_of(chart, "circle", "run-score");
  const auto change = xs_of(chart, "line", "code-change");
  ASSERT_EQ(change.size(), 1u);
  EXPECT_GT(change[0], runs[1]);
  EXPECT_LT(change[0], runs[2]);
  EXPECT_EQ(history_occurrences(page, "<tr class=\"new-code\">"), 1u);
  EXPECT_NE(page.find(">5 runs · 2 code series</text>"), std::string::npos);
}

TEST(HistoryPage, ARunThatDidNotRecordItsCodeIsNotKnownToBeOfTheSame) {
  const auto segments =
      code_segments({scored_run(1, 10, ""), scored_run(2, 10, "aa"), scored_run(3, 10, "aa"), scored_run(4, 10, "")});
  ASSERT_EQ(segments.size(), 3u);
  EXPECT_EQ(segments[1].first, 1u);
  EXPECT_EQ(segments[1].last, 3u);
  EXPECT_EQ(segments[2].code, "");
  EXPECT_EQ(code_segments({scored_run(1, 10, ""), scored_run(2, 10, "")}).size(), 1u);  // never recorded: one series
}

TEST(HistoryPage, ChangePointsAreMarkedAtTheirFirstRunWithTheirSizeAndCommit) {
  HistoryView view{
      "runs.sqlite", {two_codes(), series_of({scored_run(1, 3, ""), scored_run(2, 3, "")}, "hash/size=4")}, {}};
  view.marks.push_back({"sort/size=8", kBox, 4, 19.5, results::Interval{0.95, 15.25, 23.75}});
  view.marks.push_back({"sort/size=8", "another machine", 4, -30, std::nullopt});  // not this series
  view.marks.push_back({"hash/size=4", kBox, 99, 5, std::nullopt});                // no such run
  const std::string page = history_page(view);
  const std::string chart = chart_of(page);  // sort/size=8's
  EXPECT_EQ(history_occurrences(page, "<line class=\"change-mark\""), 1u);
  EXPECT_NE(chart.find(">+19.5% c0ffee4</text>"), std::string::npos) << chart;
  EXPECT_NE(chart.find("change point: +19.5% [+15.2%, +23.8%] (95% interval) from run 4, commit "
                       "c0ffee40123456789abcdef"),
            std::string::npos)
      << chart;
  const auto runs = xs_of(chart, "circle", "run-score");
  const auto mark = xs_of(chart, "line", "change-mark");
  ASSERT_EQ(mark.size(), 1u);
  EXPECT_GT(mark[0], runs[1]);
  EXPECT_LT(mark[0], runs[2]);
  // In the table, the run it starts at; in the summary, the count per benchmark.
  EXPECT_NE(page.find("<tr class=\"new-code change\">"), std::string::npos);
  EXPECT_NE(page.find("<td>+19.5%</td>"), std::string::npos);
  // The marks that found no run of theirs are listed, not lost.
  EXPECT_NE(page.find("change point of -30.0% in sort/size=8 on another machine from run 4: not drawn"),
            std::string::npos);
  EXPECT_NE(page.find("change point of +5.0% in hash/size=4 on " + std::string(kBox) + " from run 99: not drawn"),
            std::string::npos);
}

TEST(HistoryPage, OneSelfContainedDocumentWithASummaryAndNamesAsText) {
  auto odd = series_of({scored_run(1, 2e6, ""), scored_run(2, 2.1e6, "")}, "<script>alert(1)</script>");
  const std::string page = history_page({"<runs>.sqlite", {two_codes(), odd}, {}});
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(page.find("Content-Security-Policy\" content=\"default-src 'none'"), std::string::npos);
  EXPECT_EQ(history_occurrences(page, "<script"), 1u);  // the sorting script alone
  EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(page.find("&lt;runs&gt;.sqlite"), std::string::npos);
  EXPECT_EQ(history_occurrences(page, "data-chart=\"history\""), 2u);
  EXPECT_EQ(history_occurrences(page, "<section class=\"history\""), 2u);
  EXPECT_NE(page.find("<td><a href=\"#h2\">&lt;script&gt;"), std::string::npos);
  // A series is shown on its own scale: 2e6 ns/op as ms/op.
  EXPECT_NE(page.find("avgt, ms/op"), std::string::npos);
  EXPECT_NE(page.find("2 benchmarks over 5 runs"), std::string::npos);
}

TEST(HistoryPage, ARunWithoutAScoreHasARowButNoMark) {
  auto runs = two_codes().runs;
  runs[1].benchmark.score.reset();
  runs[1].benchmark.ci.reset();
  const std::string page = history_page({"runs.sqlite", {series_of(runs)}, {}});
  const std::string chart = chart_of(page);
  EXPECT_EQ(history_occurrences(chart, "<circle class=\"run-score"), 4u);
  EXPECT_EQ(history_occurrences(chart, "<rect class=\"run-ci"), 4u);
  EXPECT_EQ(history_occurrences(page, "<tr><td data-value=\"2\">2</td>"), 1u);  // run 2's row
}

}  // namespace
}  // namespace tare::html

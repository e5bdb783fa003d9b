// `tare report` end to end: every kind of file tare writes recorded for real, the page
// written, and the page opened in a real browser (Debian's chromium, headless): it loads without console errors, every chart
// is in the DOM, the summary sorts when a header is clicked, and its screenshot is not blank.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "command.hpp"
#if TARE_TEST_HAVE_ZLIB
#include "support/png.hpp"
#endif

using tare_e2e::run_command;

namespace {

using tare_e2e::kBench;
using tare_e2e::kTare;

const std::string kOddNamesBench = TARE_ODD_NAMES_BENCH;
const std::string kChromium = "/usr/bin/chromium";
const std::string kProbeExample = TARE_PROBE_EXAMPLE;  // empty when the examples are not built

std::size_t report_count(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

std::string scratch(const std::string& name) { return (tare_e2e::scratch_dir() / name).string(); }

// Every kind of file tare writes, recorded once: two runs (everyday benchmarks, and names
// that hold markup and odd bytes), a comparison, a tare ab, a stream run and the probe's.
struct ReportedRuns {
  std::string plain, odd, comparison, ab, stream, probe, page;
  std::size_t benchmarks = 0, charted = 0;  // charted: benchmarks with samples (3 charts each)
};

std::size_t charted_in(const std::string& path) {
  std::size_t charted = 0;
  const auto run = nlohmann::json::parse(tare_e2e::slurp(path));
  for (const auto& b : run["benchmarks"]) {
    bool sampled = false;
    for (const auto& fork : b["forks"]) sampled = sampled || !fork["samples"].empty() || !fork["warmup"].empty();
    charted += sampled ? 1 : 0;
  }
  return charted;
}

void record_runs(ReportedRuns& r) {
  const std::vector<std::string> short_run{"--forks", "2", "--max-forks", "2", "--measure-ms", "5",
                                           "--warmup-max-ms", "20", "--quiet", "--json"};
  auto plain = std::vector<std::string>{kBench, "--filter", "^(fast.step/size=3|threaded.step/threads=2|modes.cold)$"};
  plain.insert(plain.end(), short_run.begin(), short_run.end());
  plain.push_back(r.plain);
  EXPECT_EQ(run_command(plain).exit_code, 0);
  auto odd = std::vector<std::string>{kOddNamesBench};
  odd.insert(odd.end(), short_run.begin(), short_run.end());
  odd.push_back(r.odd);
  EXPECT_EQ(run_command(odd).exit_code, 1);  // "fails" fails, as it should
  for (const auto& path : {r.plain, r.odd}) {
    r.benchmarks += nlohmann::json::parse(tare_e2e::slurp(path))["benchmarks"].size();
    r.charted += charted_in(path);
  }
}

void record_the_others(ReportedRuns& r) {
  EXPECT_EQ(run_command({kTare, "compare", r.plain, r.plain, "--json", r.comparison}).exit_code, 0);
  const auto ab = run_command({kTare, "ab", TARE_AB_BASE, TARE_AB_SLOWER, "--pairs", "3", "--measure-ms", "5",
                               "--warmup-max-ms", "20", "--quiet", "--json", r.ab});
  EXPECT_EQ(ab.exit_code, 0) << ab.err;
  const auto stream = run_command({kTare, "stream", "run", "--rate", "5k", "--duration", "1s", "--json", r.stream});
  EXPECT_EQ(stream.exit_code, 0) << stream.err;
  if (kProbeExample.empty()) return;
  const auto probe = run_command({kProbeExample, "--app-seconds", "0.3", "--forks", "2", "--max-forks", "2", "--quiet",
                                  "--probe-json", r.probe});
  EXPECT_EQ(probe.exit_code, 0) << probe.err;
}

const ReportedRuns& reported_runs() {
  static const ReportedRuns runs = [] {
    ReportedRuns r{scratch("report_plain.json"), scratch("report_odd.json"), scratch("report_compare.json"),
                   scratch("report_ab.json"),    scratch("report_stream.json"), scratch("report_probe.json"),
                   scratch("report.html")};
    record_runs(r);
    record_the_others(r);
    std::vector<std::string> report{kTare, "report", r.plain, r.odd, r.comparison, r.ab, r.stream, "-o", r.page};
    if (!kProbeExample.empty()) report.push_back(r.probe);
    const auto reported = run_command(report);
    EXPECT_EQ(reported.exit_code, 0) << reported.err;
    EXPECT_NE(reported.out.find("wrote " + r.page + (kProbeExample.empty() ? " (5 files)" : " (6 files)")),
              std::string::npos)
        << reported.out;
    return r;
  }();
  return runs;
}

// The charts a page of every kind holds: three per benchmark with samples, a forest plot
// per comparison, four for the stream run, one per probe.
void expect_every_chart(const std::string& page, const ReportedRuns& runs) {
  EXPECT_EQ(report_count(page, "data-chart=\"run-sequence\""), runs.charted);
  EXPECT_EQ(report_count(page, "data-chart=\"fork-means\""), runs.charted);
  EXPECT_EQ(report_count(page, "data-chart=\"distribution\""), runs.charted);
  EXPECT_EQ(report_count(page, "data-chart=\"forest\""), 2u);
  for (const char* kind : {"latency-over-time", "throughput-over-time", "backlog-over-time", "percentile-spectrum"})
    EXPECT_EQ(report_count(page, std::string("data-chart=\"") + kind + "\""), 1u) << kind;
  const std::size_t probes = kProbeExample.empty() ? 0 : 1;
  EXPECT_EQ(report_count(page, "data-chart=\"probe\""), probes);
  EXPECT_EQ(report_count(page, "<svg class=\"chart\""), 3 * runs.charted + 2 + 4 + probes);
}

TEST(Report, OnePageHoldsEveryFileWithItsCharts) {
  const auto& runs = reported_runs();
  ASSERT_GE(runs.charted, 6u);
  const std::string page = tare_e2e::slurp(runs.page);
  EXPECT_EQ(report_count(page, "<section class=\"benchmark\""), runs.benchmarks);
  expect_every_chart(page, runs);
  EXPECT_EQ(report_count(page, "<tr class=\"failed\">"), 1u);  // odd's "fails"
  EXPECT_EQ(report_count(page, "<tr class=\"slower\">"), 1u);  // tare ab: four times the work
  // A name that is markup is shown as text: the page's one script is its own.
  EXPECT_EQ(report_count(page, "<script"), 1u);
  EXPECT_NE(page.find("odd.name/text=&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
}

TEST(Report, WhatIsNotTaresResultsIsOneLineAndExitTwoAndNothingIsWritten) {
  const auto page = scratch("refused.html");
  const auto not_json = scratch("not_results.txt");
  std::ofstream(not_json) << "this is not JSON\n";
  const auto gbench = scratch("gbench_format.json");
  std::ofstream(gbench) << R"({"context": {"date": "2026-01-01", "library_build_type": "release"},
    "benchmarks": [{"name": "BM_x", "run_name": "BM_x", "run_type": "iteration", "repetitions": 1,
    "repetition_index": 0, "threads": 1, "iterations": 10, "real_time": 5.0, "cpu_time": 5.0, "time_unit": "ns"}]})";
  const auto search = scratch("stream_search.json");
  std::ofstream(search) << R"({"schema": "tare.stream.sustainable/1", "result": {}})";
  for (const auto& bad : {not_json, gbench, search, scratch("no_such_file.json")}) {
    std::filesystem::remove(page);
    const auto result = run_command({kTare, "report", reported_runs().plain, bad, "-o", page});
    EXPECT_EQ(result.exit_code, 2) << bad << ": " << result.err;
    EXPECT_EQ(report_count(result.err, "\n"), 1u) << result.err;
    EXPECT_NE(result.err.find(bad), std::string::npos) << result.err;
    EXPECT_FALSE(std::filesystem::exists(page)) << bad;
  }
  const auto no_output = run_command({kTare, "report", reported_runs().plain});
  EXPECT_EQ(no_output.exit_code, 2);
  EXPECT_NE(no_output.err.find("--output"), std::string::npos) << no_output.err;
}

// Chromium, headless, on its own profile, killed if it hangs; stderr carries the page's
// console messages (--enable-logging=stderr).
tare_e2e::CommandResult chromium(const std::vector<std::string>& what, const std::string& page) {
  std::vector<std::string> args{"/usr/bin/timeout", "90", kChromium, "--headless", "--no-sandbox", "--disable-gpu",
                                "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
                                "--user-data-dir=" + scratch("chromium-profile")};
  args.insert(args.end(), what.begin(), what.end());
  args.push_back("file://" + page);
  return tare_test::run_process(args, std::chrono::seconds(120));
}

std::vector<std::string> console_messages(const std::string& err) {
  std::vector<std::string> messages;
  static const std::regex kConsole(R"(:CONSOLE[^\]]*\] (.*))");
  std::smatch match;
  std::string::const_iterator from = err.begin();
  while (std::regex_search(from, err.end(), match, kConsole)) {
    messages.push_back(match[1].str());
    from = match.suffix().first;
  }
  return messages;
}

class ReportInBrowser : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kChromium)) GTEST_SKIP() << "chromium is not installed (scripts/install-deps.sh --tests)";
  }
};

TEST_F(ReportInBrowser, AScriptErrorWouldBeSeen) {
  // The check below is only as good as this: a page that throws is caught at it.
  const auto page = scratch("throws.html");
  std::ofstream(page) << "<!DOCTYPE html><html><body><p>x</p><script>no_such_function();</script></body></html>";
  const auto loaded = chromium({"--dump-dom"}, page);
  ASSERT_EQ(loaded.exit_code, 0) << loaded.err;
  ASSERT_EQ(console_messages(loaded.err).size(), 1u) << loaded.err;
  EXPECT_NE(console_messages(loaded.err)[0].find("no_such_function"), std::string::npos);
}

TEST_F(ReportInBrowser, LoadsWithoutConsoleErrorsDrawsEveryChartAndSortsItsSummary) {
  const auto& runs = reported_runs();
  // A copy of the page that clicks the Score header twice once loaded and writes the order
  // of the rows where --dump-dom shows it.
  std::string page = tare_e2e::slurp(runs.page);
  const std::string probe =
      "<script>var h = document.querySelectorAll('#summary th')[2]; h.click(); h.click();"
      "document.body.setAttribute('data-order', Array.prototype.map.call(document.querySelectorAll('#summary tbody tr'),"
      " function (r) { return r.cells[2].getAttribute('data-value') || 'none'; }).join(' '));</script>";
  page.insert(page.rfind("</body>"), probe);
  const auto probed = scratch("report_probed.html");
  std::ofstream(probed) << page;
  const auto loaded = chromium({"--dump-dom"}, probed);
  ASSERT_EQ(loaded.exit_code, 0) << loaded.err;
  EXPECT_TRUE(console_messages(loaded.err).empty()) << loaded.err;
  expect_every_chart(loaded.out, runs);
  EXPECT_EQ(report_count(loaded.out, "<section class=\"benchmark\""), runs.benchmarks);
  // Descending by score after two clicks; rows without a score last.
  std::smatch order;
  ASSERT_TRUE(std::regex_search(loaded.out, order, std::regex("data-order=\"([^\"]*)\""))) << loaded.out.substr(0, 400);
  std::vector<double> scores;
  std::istringstream words(order[1].str());
  for (std::string word; words >> word;)
    if (word != "none") scores.push_back(std::stod(word));
  ASSERT_GE(scores.size(), 6u);
  EXPECT_TRUE(std::is_sorted(scores.rbegin(), scores.rend())) << order[1];
}

#if TARE_TEST_HAVE_ZLIB
TEST_F(ReportInBrowser, ItsScreenshotIsNotBlank) {
  const auto shot = scratch("report.png");
  std::filesystem::remove(shot);
  const auto taken = chromium({"--window-size=1400,1800", "--screenshot=" + shot}, reported_runs().page);
  ASSERT_EQ(taken.exit_code, 0) << taken.err;
  const auto image = tare_test::read_png(tare_e2e::slurp(shot));
  ASSERT_TRUE(image.has_value()) << shot;
  ASSERT_EQ(image->width, 1400u);
  std::size_t inked = 0, blue = 0;
  for (const auto& [r, g, b] : image->pixels) {
    inked += (r < 200 || g < 200 || b < 200) ? 1 : 0;
    blue += (b > 150 && r < 80) ? 1 : 0;  // the charts' samples and bars
  }
  EXPECT_GT(inked, image->pixels.size() / 50) << "inked pixels: " << inked;
  EXPECT_GT(blue, 500u);
}
#endif

}  // namespace

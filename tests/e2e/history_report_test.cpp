// `tare report --history` end to end: a results history made by real runs (two recorded by
// the benchmark binary, one added from its results file), drawn into a page, and the page
// opened in Chromium: every run of every benchmark a dot with its interval bar, each score
// inside its bar, no console message. Bad input: one line, exit status 2, no page.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "browser.hpp"
#include "command.hpp"

namespace {

constexpr std::size_t kHistoryRuns = 3, kHistoryBenchmarks = 2;
const std::vector<std::string> kHistoryCommits{"aaaa1111aaaa1111", "bbbb2222bbbb2222", "cccc3333cccc3333"};

std::size_t times_found(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

std::filesystem::path history_report_dir() { return tare_e2e::scratch_dir() / "history-report"; }

tare_e2e::CommandResult history_quick_run(const std::vector<std::string>& extra) {
  std::vector<std::string> args{tare_e2e::kBench, "--filter", "^(fast.step/size=3|modes.rate)$", "--forks", "2",
                                "--max-forks", "2", "--measure-ms", "5", "--warmup-max-ms", "20", "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  return tare_e2e::run_command(args);
}

// The history (three runs of two benchmarks, each of its own commit) and its page, made
// once a process (tests/e2e/CMakeLists.txt runs this file's tests in one).
struct HistoryReported {
  std::string history, page;
  tare_e2e::CommandResult reported;
};

const HistoryReported& history_reported() {
  static const HistoryReported made = [] {
    const auto dir = history_report_dir();
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string history = (dir / "runs.sqlite").string(), results = (dir / "third.json").string();
    for (std::size_t run = 0; run + 1 < kHistoryRuns; ++run) {
      const auto recorded = history_quick_run({"--history", history, "--commit", kHistoryCommits[run]});
      EXPECT_EQ(recorded.exit_code, 0) << recorded.err;
    }
    const auto third = history_quick_run({"--history", "off", "--json", results});
    EXPECT_EQ(third.exit_code, 0) << third.err;
    const auto added = tare_e2e::run_command(
        {tare_e2e::kTare, "history", "add", results, "--history", history, "--commit", kHistoryCommits.back()});
    EXPECT_EQ(added.exit_code, 0) << added.err;
    const std::string page = (dir / "history.html").string();
    return HistoryReported{history, page,
                           tare_e2e::run_command({tare_e2e::kTare, "report", "--history", history, "-o", page})};
  }();
  return made;
}

std::string history_page_text() { return tare_e2e::slurp(history_reported().page); }

TEST(HistoryReport, EveryRunOfEveryBenchmarkIsDrawnWithItsIntervalAndCommit) {
  const auto& made = history_reported();
  ASSERT_EQ(made.reported.exit_code, 0) << made.reported.err;
  EXPECT_EQ(made.reported.out, "tare: wrote " + made.page + " (2 benchmarks, 6 scores, from " + made.history + ")\n");
  const std::string page = history_page_text();
  EXPECT_EQ(times_found(page, "data-chart=\"history\""), kHistoryBenchmarks);
  EXPECT_EQ(times_found(page, "<circle class=\"run-score\""), kHistoryBenchmarks * kHistoryRuns);
  EXPECT_EQ(times_found(page, "<rect class=\"run-ci"), kHistoryBenchmarks * kHistoryRuns);
  EXPECT_EQ(times_found(page, "<table class=\"sortable history-runs\">"), kHistoryBenchmarks);
  for (const auto& commit : kHistoryCommits) {
    EXPECT_EQ(times_found(page, ">" + commit.substr(0, 7) + "</text>"), kHistoryBenchmarks) << commit;  // the axis
    EXPECT_EQ(times_found(page, "commit " + commit + " · "), 2 * kHistoryBenchmarks) << commit;  // a bar's, a dot's
  }
  EXPECT_NE(page.find("fast.step/size=3"), std::string::npos);
  EXPECT_NE(page.find("modes.rate"), std::string::npos);
  // No code identity recorded (no --prof instructions): one series per benchmark.
  EXPECT_EQ(times_found(page, "<line class=\"code-change\""), 0u);
  EXPECT_EQ(times_found(page, "<polyline class=\"history-line\""), kHistoryBenchmarks);
}

TEST(HistoryReport, AHistoryGivenAsTheOneFileAndAFilterDrawTheSame) {
  const auto& made = history_reported();
  const std::string page = (history_report_dir() / "positional.html").string();
  const auto positional = tare_e2e::run_command({tare_e2e::kTare, "report", made.history, "-o", page});
  ASSERT_EQ(positional.exit_code, 0) << positional.err;
  EXPECT_EQ(tare_e2e::slurp(page), history_page_text());
  const auto filtered =
      tare_e2e::run_command({tare_e2e::kTare, "report", made.history, "--filter", "rate$", "-o", page});
  ASSERT_EQ(filtered.exit_code, 0) << filtered.err;
  const std::string rate = tare_e2e::slurp(page);
  EXPECT_EQ(times_found(rate, "data-chart=\"history\""), 1u);
  EXPECT_EQ(times_found(rate, "<circle class=\"run-score\""), kHistoryRuns);
  EXPECT_EQ(rate.find("fast.step/size=3"), std::string::npos);
  // The machine, as the page names it, picks the same runs.
  std::smatch machine;
  ASSERT_TRUE(std::regex_search(rate, machine, std::regex(" · on ([^<]+)</span>")));
  const auto on_machine = tare_e2e::run_command(
      {tare_e2e::kTare, "report", "--history", made.history, "--machine", machine[1].str(), "-o", page});
  ASSERT_EQ(on_machine.exit_code, 0) << on_machine.err;
  EXPECT_EQ(tare_e2e::slurp(page), history_page_text());
}

// `tare report` with `args` and -o a page that must not be written: exit status 2, one line
// holding `named`. TARE_HISTORY is off: no user's history is read.
void expect_report_refused(const std::vector<std::string>& args, const std::string& named) {
  const std::string page = (history_report_dir() / "refused.html").string();
  std::filesystem::remove(page);
  std::vector<std::string> command{"/usr/bin/env", "TARE_HISTORY=off", tare_e2e::kTare, "report"};
  command.insert(command.end(), args.begin(), args.end());
  command.insert(command.end(), {"-o", page});
  const auto result = tare_e2e::run_command(command);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_EQ(times_found(result.err, "\n"), 1u) << result.err;
  EXPECT_NE(result.err.find(named), std::string::npos) << result.err;
  EXPECT_FALSE(std::filesystem::exists(page)) << result.err;
}

TEST(HistoryReport, NoHistoryAnEmptyOneOrAFilterThatFindsNothingIsOneLineAndExitTwo) {
  const auto& made = history_reported();
  const auto dir = history_report_dir();
  const std::string missing = (dir / "none.sqlite").string();
  expect_report_refused({"--history", missing}, "--history " + missing + ": no history there");
  EXPECT_FALSE(std::filesystem::exists(missing));
  expect_report_refused({"--history", "off"}, "--history off: no results history to read");
  expect_report_refused({}, "TARE_HISTORY=off: no results history to read");  // no file: the history TARE_HISTORY names
  // A history with no run in it: made by importing a speed history alone.
  const std::string empty = (dir / "empty.sqlite").string(), speed = (dir / "speed.jsonl").string();
  std::ofstream(speed) << R"({"time":100,"machine":"elsewhere","reference_ns":2.5})" << "\n";
  ASSERT_EQ(tare_e2e::run_command({tare_e2e::kTare, "history", "add", speed, "--history", empty}).exit_code, 0);
  expect_report_refused({"--history", empty}, empty + ": no benchmark's runs kept yet");
  expect_report_refused({"--history", made.history, "--filter", "^nothing$"},
                 "--filter ^nothing$: matches none of the 2 benchmarks kept in " + made.history);
  expect_report_refused({"--history", made.history, "--filter", "("}, "--filter (: not a valid regular expression");
  expect_report_refused({"--history", made.history, "--machine", "nowhere"}, "--machine nowhere: no runs of it kept");
  // A history and results files make pages of their own; a filter is a history's.
  const std::string results = (dir / "third.json").string();
  expect_report_refused({made.history, results}, made.history + ": a results history, reported alone");
  expect_report_refused({"--history", made.history, results}, "report results files apart");
  expect_report_refused({results, "--filter", "rate"}, "--filter: only for a results history");
}

// --prof asm records the timed code's identity (with valgrind and objdump): two runs of one
// build and one of a build whose timed code changed are two series of the one benchmark.
TEST(HistoryReport, AChangeOfTimedCodeStartsANewSeries) {
  if (std::system("valgrind --version > /dev/null 2>&1") != 0 || std::system("objdump --version > /dev/null 2>&1") != 0)
    GTEST_SKIP() << "--prof asm needs valgrind and objdump";
  const auto dir = history_report_dir() / "code";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string history = (dir / "code.sqlite").string(), page = (dir / "code.html").string();
  for (const std::string binary : {TARE_E2E_IDENTITY_BASE, TARE_E2E_IDENTITY_BASE, TARE_E2E_IDENTITY_CHANGED}) {
    const auto run = tare_e2e::run_command({binary, "--forks", "2", "--max-forks", "2", "--measure-ms", "5",
                                            "--warmup-max-ms", "20", "--quiet", "--prof", "asm", "--history", history});
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
  const auto reported = tare_e2e::run_command({tare_e2e::kTare, "report", history, "-o", page});
  ASSERT_EQ(reported.exit_code, 0) << reported.err;
  const std::string text = tare_e2e::slurp(page);
  EXPECT_EQ(times_found(text, "data-chart=\"history\""), 1u);
  EXPECT_EQ(times_found(text, "<circle class=\"run-score\""), 2u);            // the first code's two runs
  EXPECT_EQ(times_found(text, "<circle class=\"run-score alternate\""), 1u);  // the changed code's
  EXPECT_EQ(times_found(text, "<polyline class=\"history-line\""), 1u);
  EXPECT_EQ(times_found(text, "<line class=\"code-change\""), 1u);
  EXPECT_NE(text.find("the timed code changed at run 3 (code "), std::string::npos);
  EXPECT_NE(text.find(">3 runs · 2 code series</text>"), std::string::npos);
  EXPECT_EQ(times_found(text, "<tr class=\"new-code\">"), 1u);
}

TEST(HistoryReportInBrowser, EachScoreLiesInItsBarAndThePageLoadsWithoutConsoleMessages) {
  if (!std::filesystem::exists(tare_e2e::kChromium))
    GTEST_SKIP() << "chromium is not installed (scripts/install-deps.sh --tests)";
  ASSERT_EQ(history_reported().reported.exit_code, 0);
  // Laid out by the browser: per chart, its dots, its bars, the dots inside their bar (a
  // run's dot and bar share its tooltip), the bars drawn with a height, and the table's rows.
  const std::string probe =
      "<script>var facts = [];"
      "document.querySelectorAll('section.history').forEach(function (section) {"
      " var svg = section.querySelector('svg[data-chart=history]');"
      " var dots = svg.querySelectorAll('circle.run-score'), bars = svg.querySelectorAll('rect.run-ci');"
      " var inside = 0, tall = 0;"
      " bars.forEach(function (bar, i) { var b = bar.getBoundingClientRect(), d = dots[i].getBoundingClientRect();"
      "  var y = (d.top + d.bottom) / 2; if (b.height > 0) tall++;"
      "  if (y >= b.top - 0.5 && y <= b.bottom + 0.5 && bar.textContent === dots[i].textContent) inside++; });"
      " var rows = section.querySelectorAll('table.history-runs tbody tr').length;"
      " facts.push([dots.length, bars.length, inside, tall, rows].join('/'));"
      "});"
      "document.body.setAttribute('data-facts', facts.join(' '));</script>";
  std::string page = history_page_text();
  page.insert(page.rfind("</body>"), probe);
  const std::string probed = (history_report_dir() / "history_probed.html").string();
  std::ofstream(probed) << page;
  const auto loaded = tare_e2e::chromium({"--window-size=1400,1200", "--dump-dom"}, probed);
  ASSERT_EQ(loaded.exit_code, 0) << loaded.err;
  EXPECT_TRUE(tare_e2e::console_messages(loaded.err).empty()) << loaded.err;
  std::smatch facts;
  ASSERT_TRUE(std::regex_search(loaded.out, facts, std::regex("data-facts=\"([^\"]*)\""))) << loaded.out.substr(0, 400);
  const std::string each = "3/3/3/3/3";
  EXPECT_EQ(facts[1].str(), each + " " + each);
}

}  // namespace

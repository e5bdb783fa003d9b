// What `tare bisect` prints for each outcome, from findings made up here.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "tools/tare/bisect_command.hpp"

namespace {

using tare::bisect::BisectReport;
using tare::bisect::Comparison;
using tare::bisect::Outcome;

// Commits 0..n whose hashes are the digit repeated 40 times and whose subjects name them.
BisectReport bisect_of(std::size_t n) {
  BisectReport report;
  for (std::size_t i = 0; i <= n; ++i)
    report.commits.push_back({std::string(40, static_cast<char>('0' + i)), "commit " + std::to_string(i)});
  report.benchmark = "sort/size=64";
  report.work_dir = "/w";
  report.log_path = "/w/bisect.jsonl";
  report.metric = tare::compare::Metric::time;
  return report;
}

std::string printed(const BisectReport& report) {
  std::ostringstream out;
  tare::tool::write_bisect_report(report, out);
  return out.str();
}

TEST(BisectText, AFoundCommitWithItsRatioToItsParentAndWhatWasNotMeasured) {
  BisectReport report = bisect_of(8);
  report.finding.outcome = Outcome::found;
  report.finding.bad_vs_good = Comparison{1.031, 1.02, 1.04, true};
  report.finding.first = 5;
  report.finding.parent = 4;
  report.finding.first_vs_parent = Comparison{1.0312, 1.024, 1.0385, true};
  report.finding.comparisons = 4;
  report.finding.built = {0, 8, 4, 6, 5};
  report.finding.by_code = {6};
  report.replayed = 3;
  EXPECT_EQ(printed(report),
            "Bisect of sort/size=64: 8 commits after good 000000000000, threshold 1%, metric time\n"
            "Bad 888888888888 against good: 1.0310x [1.0200, 1.0400] (+3.10%)\n"
            "First slower commit: 555555555555 \"commit 5\"\n"
            "  against its parent 444444444444 \"commit 4\": 1.0312x [1.0240, 1.0385] (+3.12%)\n"
            "Comparisons: 4; commits built: 5; judged by their unchanged timed code, not measured: 666666666666\n"
            "Resumed: 3 steps taken from the log\n"
            "Log: /w/bisect.jsonl (the worktrees are under /w; remove the folder and run git worktree prune when done)\n");
}

TEST(BisectText, SkippedCommitsBeforeTheOneFoundWidenTheAnswer) {
  BisectReport report = bisect_of(8);
  report.finding.outcome = Outcome::found;
  report.finding.first = 6;
  report.finding.parent = 4;
  report.finding.first_vs_parent = Comparison{1.5, 1.5, 1.5, true};
  report.finding.built = {0, 8, 4, 5, 6};
  report.finding.skipped = {5};
  const std::string out = printed(report);
  EXPECT_NE(out.find("  against its nearest built ancestor 444444444444 \"commit 4\": 1.5000x (+50.00%)\n"
                     "  the commits between them did not build: any of the 2 after 444444444444 may be the one\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("; skipped (did not build): 555555555555\n"), std::string::npos) << out;
}

TEST(BisectText, NothingSlowerAndGradualSaySo) {
  BisectReport report = bisect_of(3);
  report.finding.outcome = Outcome::nothing_slower;
  report.finding.bad_vs_good = Comparison{0.998, 0.99, 1.006, false};
  EXPECT_NE(printed(report).find("Nothing got slower: bad is not slower than good by more than 1%.\n"), std::string::npos);

  report.finding.outcome = Outcome::gradual;
  report.finding.first = 2;
  report.finding.parent = 1;
  report.finding.first_vs_parent = Comparison{1.006, 1.006, 1.006, false};
  EXPECT_NE(printed(report).find("It got slower in steps, none slower than its parent by more than 1%: slower than "
                                 "good from 222222222222 \"commit 2\" on, which is 1.0060x against 111111111111.\n"),
            std::string::npos)
      << printed(report);
}

}  // namespace

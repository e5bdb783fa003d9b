// What tare compare and tare ab say of a slow start on each row.
#include "compare/slow_start_rows.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>

namespace tare::compare {
namespace {

using ::testing::HasSubstr;

results::Benchmark watched(const std::string& name, double horizon_ms, double start_ms, std::optional<bool> confirmed) {
  results::Benchmark b;
  b.name = name;
  b.forks.emplace_back();
  b.forks.front().slow_start = results::SlowStart{horizon_ms, start_ms, 2.5, false, confirmed};
  return b;
}

CompareReport rows_for(std::initializer_list<const char*> names) {
  CompareReport report;
  for (const char* name : names) {
    CompareRow row;
    row.name = name;
    report.rows.push_back(row);
  }
  return report;
}

TEST(SlowStartRows, TheShorterWatchAndTheLongerConfirmedStartOfTheTwoRuns) {
  results::Run base, candidate;
  base.benchmarks = {watched("a", 1002, 300, true), watched("b", 1001, 0, std::nullopt)};
  candidate.benchmarks = {watched("a", 502, 0, std::nullopt), watched("b", 1005, 400, false)};
  CompareReport report = rows_for({"a", "b"});
  read_slow_starts(report, base, candidate);
  ASSERT_TRUE(report.rows[0].slow_start.has_value());
  EXPECT_DOUBLE_EQ(report.rows[0].slow_start->horizon_ms, 502);
  EXPECT_DOUBLE_EQ(report.rows[0].slow_start->warmup_ms, 300);
  // A start the run's second fork did not repeat is not one.
  ASSERT_TRUE(report.rows[1].slow_start.has_value());
  EXPECT_DOUBLE_EQ(report.rows[1].slow_start->warmup_ms, 0);
  EXPECT_DOUBLE_EQ(report.rows[1].slow_start->horizon_ms, 1001);
}

TEST(SlowStartRows, AStartFoundIsSaidWithItsLengthAndAShortWatchOnceForAllItsRows) {
  CompareReport report = rows_for({"found", "short1", "short2", "full"});
  report.rows[0].slow_start = results::SlowStart{1000, 300, 2.5, false, true};
  report.rows[1].slow_start = results::SlowStart{502, 0, 1, false, std::nullopt};
  report.rows[2].slow_start = results::SlowStart{250, 0, 1, false, std::nullopt};
  report.rows[3].slow_start = results::SlowStart{1001, 0, 1, false, std::nullopt};
  note_slow_starts(report, {});
  ASSERT_EQ(report.notes.size(), 2u);
  EXPECT_THAT(report.notes[0], HasSubstr("found: a slow start, 2.5x slower for the first 300 ms"));
  EXPECT_THAT(report.notes[1], HasSubstr("short1, short2: a slow start longer than 250 ms was not looked for"));
}

TEST(SlowStartRows, RowsNoRunWatchedAreSaidButNotSingleShotsNorRowsNotCompared) {
  CompareReport report = rows_for({"gb1", "gb2", "cold", "broken"});
  report.rows[3].problem = "failed in the new run";
  note_slow_starts(report, {"cold"});
  ASSERT_EQ(report.notes.size(), 1u);
  EXPECT_THAT(report.notes[0], HasSubstr("every benchmark: no slow start was looked for"));
}

}  // namespace
}  // namespace tare::compare

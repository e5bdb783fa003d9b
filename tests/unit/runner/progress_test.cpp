// Progress on stderr: a live line on a terminal, a line every few seconds in a log, nothing
// when quiet. The clock is a fake one, so the test asserts what is written, not how fast.
#include "runner/progress.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>

namespace {

using tare::runner::Progress;
using tare::runner::ProgressStyle;
using namespace std::chrono_literals;

struct FakeClock {
  std::chrono::steady_clock::time_point now{};
  Progress::Clock function() {
    return [this] { return now; };
  }
};

std::string written(std::FILE* file) {
  std::fflush(file);
  std::rewind(file);
  std::string text;
  for (int c; (c = std::fgetc(file)) != EOF;) text.push_back(static_cast<char>(c));
  return text;
}

TEST(Progress, LogLinesComeEveryFewSecondsAndNotBefore) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  FakeClock clock;
  {
    Progress progress(ProgressStyle::log_lines, file, clock.function(), 5s);
    progress.update("fork 1");  // at 0 s: a short run prints nothing
    clock.now += 4s;
    progress.update("fork 2");
    clock.now += 2s;
    progress.update("fork 3");  // 6 s
    clock.now += 3s;
    progress.update("fork 4");  // 9 s: 3 s after the last line
    clock.now += 2s;
    progress.update("fork 5");  // 11 s
  }
  EXPECT_EQ(written(file), "tare: fork 3\ntare: fork 5\n");
  std::fclose(file);
}

// A milestone is a line in a log at once, and the next regular line waits its few seconds
// from it; on a terminal it is the live line; quiet, nothing.
TEST(Progress, AMilestoneIsALogLineAtOnce) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  FakeClock clock;
  {
    Progress progress(ProgressStyle::log_lines, file, clock.function(), 5s);
    progress.update("pair 1");
    clock.now += 1s;
    progress.milestone("a done");  // 1 s: printed all the same
    clock.now += 5s;
    progress.update("pair 2");  // 6 s: 5 s after the milestone
    clock.now += 1s;
    progress.milestone("b done");
  }
  EXPECT_EQ(written(file), "tare: a done\ntare: pair 2\ntare: b done\n");
  std::fclose(file);
  std::FILE* live = std::tmpfile();
  std::FILE* quiet = std::tmpfile();
  ASSERT_NE(live, nullptr);
  ASSERT_NE(quiet, nullptr);
  {
    Progress on_terminal(ProgressStyle::live_line, live, clock.function());
    on_terminal.milestone("a done");
    Progress off(ProgressStyle::off, quiet, clock.function());
    off.milestone("a done");
  }
  EXPECT_EQ(written(live), "\ra done\r      \r");
  EXPECT_EQ(written(quiet), "");
  std::fclose(live);
  std::fclose(quiet);
}

TEST(Progress, TheLiveLineIsRewrittenInPlaceAndBlankedAtTheEnd) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  FakeClock clock;
  {
    Progress progress(ProgressStyle::live_line, file, clock.function());
    progress.update("longer line");
    progress.update("short");
  }
  // The shorter line is padded over the longer one; the blanking then covers what is left.
  EXPECT_EQ(written(file), "\rlonger line\rshort      \r     \r");
  std::fclose(file);
}

TEST(Progress, QuietWritesNothing) {
  EXPECT_EQ(tare::runner::progress_style(true), ProgressStyle::off);
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  FakeClock clock;
  {
    Progress progress(ProgressStyle::off, file, clock.function(), 1s);
    clock.now += 10s;
    progress.update("fork 1");
  }
  EXPECT_EQ(written(file), "");
  std::fclose(file);
}

TEST(Progress, ClockTextReadsLikeAStopwatch) {
  EXPECT_EQ(tare::runner::clock_text(0), "0:00");
  EXPECT_EQ(tare::runner::clock_text(7.4), "0:07");
  EXPECT_EQ(tare::runner::clock_text(754), "12:34");
  EXPECT_EQ(tare::runner::clock_text(3723), "1:02:03");
  EXPECT_EQ(tare::runner::clock_text(-3), "0:00");
}

}  // namespace

#include "report/sparkline.hpp"

#include <gtest/gtest.h>

namespace {

using tare::report::Glyphs;
using tare::report::sparkline;

TEST(Sparkline, OneCharacterPerValueFromLowestToHighest) {
  EXPECT_EQ(sparkline({1, 2, 3, 4, 5, 6, 7, 8}, Glyphs::unicode), "▁▂▃▄▅▆▇█");
  EXPECT_EQ(sparkline({1, 2, 3, 4, 5, 6, 7, 8}, Glyphs::ascii), "_.-:=+*#");
  EXPECT_EQ(sparkline({10, 20, 10}, Glyphs::ascii), "_#_");
}

TEST(Sparkline, ForksThatAgreeDrawAFlatLineNotNoiseBlownUp) {
  // 0.01% apart: within the least range (1% of the mean), all in the middle rows.
  EXPECT_EQ(sparkline({100.00, 100.01, 99.99, 100.0}, Glyphs::unicode), "▄▄▄▄");
  // Wider than the least range: the spread is drawn.
  EXPECT_EQ(sparkline({100, 110, 100, 110}, Glyphs::ascii), "_#_#");
}

TEST(Sparkline, TooFewValuesDrawNothing) {
  EXPECT_EQ(sparkline({}, Glyphs::unicode), "");
  EXPECT_EQ(sparkline({5}, Glyphs::unicode), "");
}

}  // namespace

#include <sstream>

#include "report/console.hpp"

namespace {

tare::results::Benchmark with_fork_means(const std::vector<double>& means) {
  tare::results::Benchmark b;
  b.name = "drifts";
  b.score = 10;
  for (const double mean : means) {
    tare::results::Fork fork;
    fork.mean = mean;
    tare::results::Sample sample;
    sample.ops = 1;
    sample.ns = mean;
    fork.samples.push_back(sample);
    b.forks.push_back(fork);
  }
  return b;
}

TEST(Sparkline, TheConsoleTableDrawsTheForkMeansInRunOrderWhenAsked) {
  tare::results::Run run;
  run.benchmarks.push_back(with_fork_means({8, 9, 10, 11, 12}));
  run.benchmarks.push_back(with_fork_means({10, 10}));
  std::ostringstream plotted, plain;
  tare::report::write_console(run, plotted, {false, Glyphs::unicode});
  tare::report::write_console(run, plain, {false, std::nullopt});
  EXPECT_NE(plotted.str().find("Fork means"), std::string::npos) << plotted.str();
  EXPECT_NE(plotted.str().find("▁▃▅▇█"), std::string::npos) << plotted.str();
  EXPECT_EQ(plain.str().find("Fork means"), std::string::npos);
  EXPECT_EQ(plain.str().find("▁"), std::string::npos);
}

}  // namespace

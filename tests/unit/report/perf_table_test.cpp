// The console's perf table: one row per benchmark and event, the count per operation with
// its half-width, the share of time counted, "not counted" for an event that never ran,
// and a title that says whether the kernel was counted too.
#include "report/perf_table.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

using tare::results::Profiler;

tare::results::Run run_with_perf_figures() {
  tare::results::Run run;
  tare::results::Benchmark b;
  b.name = "faults.four_pages";
  b.profile = {{Profiler::rusage, "minor_faults", "/op", 4, std::nullopt, 1, std::nullopt},
               {Profiler::perf, "page-faults", "/op", 4.0002, tare::results::Interval{0.95, 3.9, 4.1}, 2, 1.0},
               {Profiler::perf, "cycles", "/op", std::nan(""), std::nullopt, 0, 0.0},
               {Profiler::perf, "instructions", "/op", 1234.5, std::nullopt, 1, 0.25}};
  run.benchmarks.push_back(b);
  run.context.perf = tare::results::Context::Perf{{"page-faults", "cycles", "instructions"}, true, 2, {}};
  return run;
}

TEST(PerfTable, RowsPerEventWithTimeCountedAndNotCounted) {
  const auto table = tare::report::detail::perf_table(run_with_perf_figures());
  ASSERT_TRUE(table);
  const auto lines = table->render(false);
  ASSERT_EQ(lines.size(), 4u);  // header and the three perf figures; rusage's are not here
  EXPECT_NE(lines[0].find("Time counted"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find("page-faults"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("4 ± 0.1"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("100%"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("not counted"), std::string::npos) << lines[2];
  EXPECT_NE(lines[2].find("0%"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("1.23e+03"), std::string::npos) << lines[3];
  EXPECT_NE(lines[3].find("25%"), std::string::npos) << lines[3];
  EXPECT_NE(tare::report::detail::perf_table_title(run_with_perf_figures()).find("user space only: perf_event_paranoid 2)"),
            std::string::npos);
}

TEST(PerfTable, NoneWithoutPerfFigures) {
  tare::results::Run run = run_with_perf_figures();
  run.benchmarks[0].profile.resize(1);
  EXPECT_FALSE(tare::report::detail::perf_table(run));
}

}  // namespace

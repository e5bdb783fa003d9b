// Items and bytes per second in the reports: JSON fields that read back, CSV columns at the
// end only where a benchmark declares them, a console line under the table.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>

#include "report/console.hpp"
#include "report/csv.hpp"
#include "report/json_read.hpp"
#include "report/rates_section.hpp"
#include "sample_runs.hpp"

namespace tare::report {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// A run of two benchmarks: one sorting 1000 ints per operation at 2 µs, one without rates.
results::Run run_with_rates() {
  results::Run run;
  results::Benchmark sorted;
  sorted.name = std::string("sort.each/size=1000");
  sorted.family = std::string("sort.each");
  sorted.score = 2000;
  sorted.ci = results::Interval{0.95, 1900, 2100};
  sorted.items_per_op = 1000;
  sorted.bytes_per_op = 4000;
  sorted.items_per_second = results::Rate{5e8, results::Interval{0.95, 1e12 / 2100, 1e12 / 1900}};
  sorted.bytes_per_second = results::Rate{2e9, std::nullopt};
  run.benchmarks.push_back(std::move(sorted));
  results::Benchmark plain;
  plain.name = std::string("plain");
  plain.family = std::string("plain");
  plain.score = 3;
  run.benchmarks.push_back(std::move(plain));
  return run;
}

results::Run read_rates_back(const std::string& text) {
  std::istringstream in(text);
  return read_json(in);
}

TEST(RatesReport, JsonWritesTheDeclaredAmountsAndRatesAndReadsThemBack) {
  const results::Run run = run_with_rates();
  const std::string text = testing::to_text(run);
  EXPECT_THAT(text, HasSubstr("\"items_per_second\""));
  const results::Run read = read_rates_back(text);
  ASSERT_EQ(read.benchmarks.size(), 2u);
  const results::Benchmark& b = read.benchmarks[0];
  EXPECT_EQ(b.items_per_op, 1000);
  EXPECT_EQ(b.bytes_per_op, 4000);
  ASSERT_TRUE(b.items_per_second);
  EXPECT_DOUBLE_EQ(b.items_per_second->value, 5e8);
  ASSERT_TRUE(b.items_per_second->ci);
  EXPECT_DOUBLE_EQ(b.items_per_second->ci->high, 1e12 / 1900);
  ASSERT_TRUE(b.bytes_per_second);
  EXPECT_FALSE(b.bytes_per_second->ci);
  EXPECT_EQ(read.benchmarks[1].items_per_op, 0);
  EXPECT_FALSE(read.benchmarks[1].items_per_second);
  EXPECT_EQ(testing::to_text(read), text);
}

TEST(RatesReport, JsonOfABenchmarkWithoutAmountsHasNoRateFields) {
  results::Run run = run_with_rates();
  run.benchmarks.erase(run.benchmarks.begin());
  const std::string text = testing::to_text(run);
  EXPECT_THAT(text, Not(HasSubstr("per_second")));
  EXPECT_THAT(text, Not(HasSubstr("items_per_op")));
  EXPECT_THAT(text, Not(HasSubstr("bytes_per_op")));
}

TEST(RatesReport, CsvAddsThreeColumnsPerKindAtTheEnd) {
  std::ostringstream out;
  write_csv(run_with_rates(), out);
  std::istringstream in(out.str());
  std::string header, sorted, plain;
  std::getline(in, header);
  std::getline(in, sorted);
  std::getline(in, plain);
  EXPECT_THAT(header, ::testing::EndsWith(
                          ",warnings,items_per_second,items_per_second_ci_low,items_per_second_ci_high,"
                          "bytes_per_second,bytes_per_second_ci_low,bytes_per_second_ci_high"));
  EXPECT_THAT(sorted, ::testing::EndsWith(",500000000,476190476.1904762,526315789.4736842,2000000000,,"));
  EXPECT_THAT(plain, ::testing::EndsWith(",,,,,,"));
}

TEST(RatesReport, CsvWithoutAmountsKeepsItsColumns) {
  results::Run run = run_with_rates();
  run.benchmarks.erase(run.benchmarks.begin());
  std::ostringstream out;
  write_csv(run, out);
  EXPECT_THAT(out.str(), Not(HasSubstr("per_second")));
}

TEST(RatesReport, TheConsoleShowsALinePerBenchmarkWithRatesOnTheirScale) {
  const auto lines = rate_lines(run_with_rates());
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "sort.each/size=1000: 500 Mitems/s [476, 526], 2.00 GB/s");
  std::ostringstream out;
  write_console(run_with_rates(), out);
  EXPECT_THAT(out.str(), HasSubstr("Items and bytes per second (from the score, 95% CI, this run only):\n  sort.each/size=1000: "));
}

TEST(RatesReport, TheConsoleSaysNothingOfRatesWithoutThem) {
  results::Run run = run_with_rates();
  run.benchmarks.erase(run.benchmarks.begin());
  std::ostringstream out;
  write_console(run, out);
  EXPECT_THAT(out.str(), Not(HasSubstr("per second")));
}

}  // namespace
}  // namespace tare::report

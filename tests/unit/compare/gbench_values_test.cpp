// The Google Benchmark reader refuses what no comparison can rest on (F8) and nesting no
// Google Benchmark file has (F5): one line naming the benchmark and the field.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

#include "compare/gbench_json.hpp"

namespace {

using ::testing::HasSubstr;

nlohmann::json gv_row(double iterations, double real_time) {
  return {{"name", "BM_x"},          {"run_name", "BM_x"}, {"run_type", "iteration"}, {"threads", 1},
          {"iterations", iterations}, {"real_time", real_time}, {"cpu_time", 1.0},     {"time_unit", "ns"}};
}

std::string gv_error_of(const std::string& text) {
  try {
    tare::compare::read_gbench_json(text);
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    return message;
  }
  return "no error";
}

std::string gv_file(const nlohmann::json& row) {
  return nlohmann::json{{"context", {{"date", "d"}}}, {"benchmarks", {row}}}.dump();
}

TEST(GbenchValues, TimesAndIterationsMustBePositive) {
  EXPECT_EQ(gv_error_of(gv_file(gv_row(1000, -5))), "Google Benchmark JSON: BM_x: real_time -5.0: expected a positive number");
  EXPECT_EQ(gv_error_of(gv_file(gv_row(1000, 0))), "Google Benchmark JSON: BM_x: real_time 0.0: expected a positive number");
  EXPECT_EQ(gv_error_of(gv_file(gv_row(0, 10))), "Google Benchmark JSON: BM_x: iterations 0.0: expected a positive number");
  EXPECT_THAT(gv_error_of(gv_file(gv_row(0.5, 10))), HasSubstr("iterations 0.5: expected a whole number"));
  EXPECT_THAT(gv_error_of(gv_file(gv_row(1e300, 10))), HasSubstr("iterations 1e+300: expected a whole number"));
  EXPECT_EQ(gv_error_of(gv_file(gv_row(1000, 10))), "no error");
}

// A thread or process count that no integer holds (1e300) was converted unchecked:
// undefined behaviour. Counts are whole numbers from 1 to what a machine could run.
TEST(GbenchValues, ThreadAndForkCountsAreWholeNumbersInRange) {
  for (const double threads : {1e300, 2.5, 0.0, -3.0}) {
    nlohmann::json row = gv_row(1000, 10);
    row["threads"] = threads;
    EXPECT_THAT(gv_error_of(gv_file(row)), HasSubstr("BM_x: threads ")) << threads;
  }
  nlohmann::json tare_row = gv_row(1000, 10);
  tare_row["tare_forks"] = 1e300;
  EXPECT_THAT(gv_error_of(gv_file(tare_row)), HasSubstr("BM_x: tare_forks 1e+300: expected a whole number from 1 to"));
  nlohmann::json two = gv_row(1000, 10);
  two["threads"] = 2;
  EXPECT_EQ(gv_error_of(gv_file(two)), "no error");
}

TEST(GbenchValues, DeepNestingIsRefusedNotWalked) {
  nlohmann::json row = gv_row(1000, 10);
  std::string text = gv_file(row);
  const std::string deep = std::string(300000, '[') + std::string(300000, ']');
  text.replace(text.find("10.0"), 4, deep);
  EXPECT_EQ(gv_error_of(text), "JSON nested deeper than 64 levels");
}

}  // namespace

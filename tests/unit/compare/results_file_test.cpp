// Tests of reading a results file for `tare compare` and `tare plan` (results_file.hpp):
// what is bad input (a usage error naming the file, without the JSON library's tag), and a
// Google Benchmark-format file, compared but never planned from.
#include "compare/results_file.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "input/usage_error.hpp"
#include "tests/support/process.hpp"

namespace tare::compare {
namespace {

using ::testing::HasSubstr;

std::string results_file_with(const std::string& name, const std::string& text) {
  const auto path = (tare_test::scratch_dir() / name).string();
  std::ofstream(path) << text;
  return path;
}

// The message of the UsageError reading `path` for `use` throws ("" when none is thrown).
std::string usage_error_reading(const std::string& path, ResultsUse use) {
  try {
    (void)read_results_file(path, use);
  } catch (const input::UsageError& e) {
    return e.what();
  }
  return "";
}

const char* const kGoogleBenchmarkFile = R"({"context": {"date": "2026-12-01", "host_name": "vm"},
  "benchmarks": [{"name": "BM_x", "run_name": "BM_x", "run_type": "iteration", "iterations": 100,
                  "real_time": 5.0, "cpu_time": 5.0, "time_unit": "ns"}]})";

TEST(ResultsFile, AMissingFileCannotBeOpened) {
  const auto path = (tare_test::scratch_dir() / "no_such_results.json").string();
  std::filesystem::remove(path);
  EXPECT_EQ(usage_error_reading(path, ResultsUse::compare), path + ": cannot open");
}

TEST(ResultsFile, MalformedJsonNamesTheFileNotTheLibrary) {
  const auto path = results_file_with("overflowing_results.json", R"({"schema": "tare.results/1", "x": 1e999})");
  const std::string message = usage_error_reading(path, ResultsUse::compare);
  EXPECT_THAT(message, HasSubstr(path + ": "));
  EXPECT_THAT(message, ::testing::Not(HasSubstr("json.exception")));
}

TEST(ResultsFile, AGoogleBenchmarkFileIsComparedButNotPlannedFrom) {
  const auto path = results_file_with("google_benchmark_results.json", kGoogleBenchmarkFile);
  const ResultsFile file = read_results_file(path, ResultsUse::compare);
  ASSERT_EQ(file.run.benchmarks.size(), 1u);
  EXPECT_EQ(file.run.benchmarks[0].name, "BM_x");
  EXPECT_THAT(usage_error_reading(path, ResultsUse::plan),
              HasSubstr(path + ": a Google Benchmark-format file has no per-fork timings to plan with: build the "
                               "benchmarks against tare::gbench"));
}

}  // namespace
}  // namespace tare::compare

// A tare::gbench binary whose benchmark name and label hold a quote, a backslash, a control
// character and bytes that are not UTF-8: the JSON on standard output and in
// --benchmark_out parses (strictly: nlohmann rejects invalid UTF-8 and raw control
// characters), the bad bytes read as U+FFFD, and --benchmark_out is written whole, leaving
// no temporary file beside it.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

#include "support/process.hpp"

namespace {

using nlohmann::json;

const std::vector<std::string> kQuickRun{"--forks", "2", "--max-forks", "2", "--measure-ms", "5", "--warmup-max-ms", "5"};

std::vector<std::string> odd_command(std::vector<std::string> flags) {
  std::vector<std::string> command{GBENCH_ODD_NAMES};
  command.insert(command.end(), flags.begin(), flags.end());
  command.insert(command.end(), kQuickRun.begin(), kQuickRun.end());
  return command;
}

void expect_odd_row(const json& doc) {
  ASSERT_EQ(doc["benchmarks"].size(), 1u) << doc.dump();
  const json& row = doc["benchmarks"][0];
  EXPECT_EQ(row["name"], "odd \"quoted\" back\\slash \x01 bad \xEF\xBF\xBD( end");
  EXPECT_EQ(row["label"], "label \xEF\xBF\xBD\xEF\xBF\xBD end");
}

TEST(GbenchOddNames, JsonOnStandardOutputStaysValid) {
  const auto result = tare_test::run_process(odd_command({"--benchmark_format=json"}));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  expect_odd_row(json::parse(result.out));
}

TEST(GbenchOddNames, BenchmarkOutIsValidAndWrittenWhole) {
  const auto dir = tare_test::scratch_dir() / "gbench_odd_out";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto out = (dir / "out.json").string();
  const auto result = tare_test::run_process(odd_command({"--benchmark_out=" + out, "--benchmark_out_format=json"}));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  expect_odd_row(json::parse(tare_test::slurp(out)));
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 1u) << "a temporary file was left beside " << out;
}

TEST(GbenchOddNames, BenchmarkOutInADirectoryThatDoesNotExistIsOneLineBeforeMeasuring) {
  const auto result = tare_test::run_process(odd_command({"--benchmark_out=/nonexistent/dir/out.json"}));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("invalid file name: '/nonexistent/dir/out.json'"), std::string::npos) << result.err;
  EXPECT_EQ(result.out.find("odd"), std::string::npos) << "nothing is measured: " << result.out;
}

}  // namespace

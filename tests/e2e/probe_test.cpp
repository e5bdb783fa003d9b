// The probe example end to end: the application timed with the coarse clock, then the runner
// on the same operation. Facts only (the estimate's arithmetic is tested on simulated clocks
// in tests/unit/probe): the probe's JSON is complete and consistent, one call in 64 was
// sampled by the fine clock, and both estimates exist.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>

#include "e2e/command.hpp"

namespace {

using tare_e2e::run_command;
using tare_e2e::scratch_dir;
using tare_e2e::slurp;

TEST(ProbeExample, TimesTheOperationInTheApplicationAndUnderTheRunner) {
  if (std::string(TARE_PROBE_EXAMPLE).empty()) GTEST_SKIP() << "examples not built";
  const auto probe_json = scratch_dir() / "probe.json";
  const auto bench_json = scratch_dir() / "probe_bench.json";
  const auto r = run_command({TARE_PROBE_EXAMPLE, "--app-seconds", "2", "--probe-json", probe_json.string(), "--json",
                              bench_json.string(), "--forks", "3", "--max-forks", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("probe (coarse clock, in the application)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("tare runner"), std::string::npos) << r.out;

  const auto probes = nlohmann::json::parse(slurp(probe_json));
  EXPECT_EQ(probes["schema"], "tare.probe/1");
  ASSERT_EQ(probes["probes"].size(), 1u);
  const auto& p = probes["probes"][0];
  EXPECT_EQ(p["name"], "operation");
  EXPECT_EQ(p["clock"], "tare tick");
  const auto calls = p["calls"].get<std::uint64_t>();
  EXPECT_GT(calls, 10000u);
  EXPECT_EQ(p["sampled_calls"].get<std::uint64_t>(), (calls + 63) / 64) << "the first call and every 64th";
  ASSERT_TRUE(p["enough"].get<bool>()) << p.dump();
  EXPECT_LE(p["ci_low_ns"].get<double>(), p["mean_ns"].get<double>());
  EXPECT_LE(p["mean_ns"].get<double>(), p["ci_high_ns"].get<double>());
  EXPECT_LT(p["zero_tick_calls"].get<std::uint64_t>(), calls);

  const auto bench = nlohmann::json::parse(slurp(bench_json));
  ASSERT_EQ(bench["benchmarks"].size(), 1u);
  EXPECT_EQ(bench["benchmarks"][0]["name"], "probe.operation");
  // Both measure the same machine code, at different moments: a busy machine moved their
  // ratio to 5 (beside two builds), so the bound only rules out a gross error (units, a
  // batch taken for a call), not a timing.
  const double ratio = p["mean_ns"].get<double>() / bench["benchmarks"][0]["score"].get<double>();
  EXPECT_GT(ratio, 0.1);
  EXPECT_LT(ratio, 10.0);
}

// Without --probe-json and --json the example writes no file: not in its working directory,
// and the runner's results it needs go to a temporary file that it removes. Run through
// /bin/sh to give it an empty working directory and an empty TMPDIR of its own.
TEST(ProbeExample, WritesNoFilesUnlessTold) {
  if (std::string(TARE_PROBE_EXAMPLE).empty()) GTEST_SKIP() << "examples not built";
  const auto cwd = scratch_dir() / "probe_cwd";
  const auto tmp = scratch_dir() / "probe_tmp";
  std::filesystem::create_directories(cwd);
  std::filesystem::create_directories(tmp);
  const auto r = run_command({"/bin/sh", "-c", "cd \"$1\" && TMPDIR=\"$2\" exec \"$3\" --app-seconds 1 --forks 2 --max-forks 2",
                              "sh", cwd.string(), tmp.string(), TARE_PROBE_EXAMPLE});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("tare runner"), std::string::npos) << r.out;  // the comparison still ran
  EXPECT_TRUE(std::filesystem::is_empty(cwd)) << std::filesystem::directory_iterator(cwd)->path();
  EXPECT_TRUE(std::filesystem::is_empty(tmp)) << std::filesystem::directory_iterator(tmp)->path();
}

}  // namespace

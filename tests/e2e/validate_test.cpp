// Bad numbers and output paths, end to end (issue 17, F6 F7 F9 F10 F11): every command of
// the benchmark binaries and of `tare` turns them away before any work, with one line naming
// the flag and exit status 2. Each case here once ran (or measured for the whole run before
// failing at the end); the runs are kept short so that, were the check gone, the test would
// fail soon rather than wait.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "command.hpp"

namespace {

using tare_e2e::kBench;
using tare_e2e::kTare;
using tare_e2e::run_command;

// `base` (flag, value, flag, value...) with `extra`'s flags in place of the same ones (an
// option given twice is an error of its own).
std::vector<std::string> with_options(const std::vector<std::string>& base, const std::vector<std::string>& extra) {
  std::vector<std::string> args{base[0]};
  std::size_t i = 1;
  for (; i < base.size() && base[i].rfind("--", 0) != 0; ++i) args.push_back(base[i]);  // subcommands, files
  for (; i + 1 < base.size(); i += 2)
    if (std::find(extra.begin(), extra.end(), base[i]) == extra.end()) args.insert(args.end(), {base[i], base[i + 1]});
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

// A short benchmark run of the e2e binary, with `extra` options.
std::vector<std::string> validate_quick_run(const std::vector<std::string>& extra) {
  return with_options({kBench, "--filter", "^fast.step/size=3$", "--forks", "2", "--max-forks", "2", "--measure-ms",
                       "2", "--warmup-max-ms", "10"},
                      extra);
}

// Exit 2, nothing on standard output, and one line on standard error that starts with the
// program's "error:" and names `flag` with the value it was given.
void expect_refused(const std::vector<std::string>& args, const std::string& flag_and_value) {
  const auto result = run_command(args);
  std::string command;
  for (const auto& a : args) command += a + " ";
  EXPECT_EQ(result.exit_code, 2) << command << "\n" << result.out << result.err;
  EXPECT_TRUE(result.out.empty()) << command << "\n" << result.out;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << command << "\n" << result.err;
  EXPECT_NE(result.err.find("error: " + flag_and_value), std::string::npos) << command << "\n" << result.err;
}

std::string validate_scratch(const std::string& name) { return (tare_e2e::scratch_dir() / name).string(); }

// A directory where a results file is asked for.
std::string a_directory() {
  const auto dir = validate_scratch("a-directory");
  std::filesystem::create_directories(dir);
  return dir;
}

// A real results file of the e2e binary, recorded once.
const std::string& recorded_results() {
  static const std::string path = [] {
    const auto file = validate_scratch("validate-recorded.json");
    const auto result = run_command(validate_quick_run({"--json", file}));
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return file;
  }();
  return path;
}

}  // namespace

// ---- the benchmark binaries ------------------------------------------------------------------

// F7, F10: nan passed every CLI11 range, 1e308 and inf passed "positive", a seed past 2^64-1
// wrapped around; the run went ahead (and with --timeout nan every worker could be declared
// hung).
TEST(ValidateBench, NanInfOverflowAndOutOfRangeNumbersAreRefused) {
  expect_refused(validate_quick_run({"--timeout", "nan"}), "--timeout nan");
  expect_refused(validate_quick_run({"--timeout", "1e308"}), "--timeout 1e308");
  expect_refused(validate_quick_run({"--budget", "nan"}), "--budget nan");
  expect_refused(validate_quick_run({"--steady-band", "nan"}), "--steady-band nan");
  expect_refused(validate_quick_run({"--measure-ms", "inf"}), "--measure-ms inf");
  expect_refused(validate_quick_run({"--seed", "18446744073709551616"}), "--seed 18446744073709551616");
  expect_refused(validate_quick_run({"--target-ci", "1e999"}), "--target-ci 1e999");
}

// One grammar for durations: a unit where one is given, the flag's own unit otherwise; the
// run records what each came to.
TEST(ValidateBench, DurationsTakeUnitsAndPlainNumbersKeepTheFlagsUnit) {
  const auto file = validate_scratch("validate-durations.json");
  const auto result = run_command(validate_quick_run(
      {"--budget", "1m", "--timeout", "90", "--measure-ms", "2000us", "--warmup-max-ms", "0.01s", "--json", file}));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::ifstream in(file);
  const auto settings = nlohmann::json::parse(in).at("context").at("settings");
  EXPECT_DOUBLE_EQ(settings.at("budget_s").get<double>(), 60);
  EXPECT_DOUBLE_EQ(settings.at("timeout_s").get<double>(), 90);
  EXPECT_DOUBLE_EQ(settings.at("measure_ms").get<double>(), 2);
  EXPECT_DOUBLE_EQ(settings.at("warmup_max_ms").get<double>(), 10);
  expect_refused(validate_quick_run({"--budget", "5d"}), "--budget 5d: expected a duration");
}

// F6: a directory passed the old check (a temporary file beside it could be written), and
// the run measured everything before failing to rename its results over the directory.
TEST(ValidateBench, AnOutputPathThatIsADirectoryIsRefusedBeforeMeasuring) {
  const auto dir = a_directory();
  expect_refused(validate_quick_run({"--json", dir}), "--json " + dir + ": is a directory");
  expect_refused(validate_quick_run({"--csv", dir}), "--csv " + dir + ": is a directory");
  expect_refused(validate_quick_run({"--json", "/proc/results.json"}), "--json /proc/results.json: cannot create");
}

// ---- tare plan, compare, ab ------------------------------------------------------------------

TEST(ValidateTare, PlanRefusesABudgetBeyondAWeek) {
  expect_refused({kTare, "plan", recorded_results(), "--budget", "1e308"}, "--budget 1e308");
  expect_refused({kTare, "plan", recorded_results(), "--target-ci", "nan"}, "--target-ci nan");
}

// F6, F11: compare wrote its outputs only after reading and comparing.
TEST(ValidateTare, CompareChecksItsOutputsAndNumbersFirst) {
  const auto dir = a_directory();
  const auto& results = recorded_results();
  expect_refused({kTare, "compare", results, results, "--json", dir}, "--json " + dir + ": is a directory");
  expect_refused({kTare, "compare", results, results, "--markdown", validate_scratch("no/such/dir/c.md")},
                 "--markdown " + validate_scratch("no/such/dir/c.md") + ": no such directory");
  expect_refused({kTare, "compare", results, results, "--seed", "-1"}, "--seed -1");
}

// F9: a number too large for a double, or a Google Benchmark context of the wrong type, came
// out as the JSON library's message with exit 1.
TEST(ValidateTare, CompareCallsAFileWithAnImpossibleNumberOrFieldBadInput) {
  const auto huge = validate_scratch("huge.json");
  {
    std::string text = tare_e2e::slurp(recorded_results());
    const auto at = text.find("\"score\":");
    ASSERT_NE(at, std::string::npos);
    text.insert(at, "\"huge\": 1e999, ");
    std::ofstream(huge) << text;
  }
  expect_refused({kTare, "compare", recorded_results(), huge}, huge + ": ");

  const auto gbench = validate_scratch("gbench-context.json");
  std::ofstream(gbench) << R"({"context": {"date": 7, "host_name": "vm"}, "benchmarks": [)"
                        << R"({"name": "BM_x", "run_type": "iteration", "iterations": 10, "real_time": 5,)"
                        << R"( "cpu_time": 5, "time_unit": "ns"}]})";
  expect_refused({kTare, "compare", gbench, gbench},
                 gbench + ": Google Benchmark JSON: context: date: expected a string");
}

// F6, F11, F7: ab ran every pair before finding it could not write; --timeout nan passed.
TEST(ValidateTare, AbChecksItsOutputsAndNumbersBeforeRunningAPair) {
  const auto dir = a_directory();
  const std::vector<std::string> ab{kTare, "ab", TARE_AB_BASE, TARE_AB_SAME, "--pairs", "2", "--measure-ms", "2",
                                    "--warmup-max-ms", "10"};
  auto with = [&](const std::vector<std::string>& extra) { return with_options(ab, extra); };
  expect_refused(with({"--json", dir}), "--json " + dir + ": is a directory");
  expect_refused(with({"--markdown", dir}), "--markdown " + dir + ": is a directory");
  expect_refused(with({"--timeout", "nan"}), "--timeout nan");
  expect_refused(with({"--pairs", "99999999999"}), "--pairs 99999999999");
}

// ---- tare stream -----------------------------------------------------------------------------

// F6, F11: stream run and sustainable wrote their files after the trials.
TEST(ValidateTare, StreamChecksItsOutputsAndNumbersBeforeATrial) {
  const auto dir = a_directory();
  const std::vector<std::string> run{kTare, "stream", "run", "--rate", "1k", "--duration", "1s"};
  auto with = [&](const std::vector<std::string>& extra) { return with_options(run, extra); };
  expect_refused(with({"--json", dir}), "--json " + dir + ": is a directory");
  expect_refused(with({"--hdr-log", dir}), "--hdr-log " + dir + ": is a directory");
  expect_refused(with({"--sut-slow-factor", "nan"}), "--sut-slow-factor nan");
  expect_refused(with({"--ad-share", "nan"}), "--ad-share nan");
  expect_refused(with({"--seed", "18446744073709551616"}), "--seed 18446744073709551616");
  expect_refused(with({"--duration", "1e308s"}), "--duration 1e308s");
  expect_refused({kTare, "stream", "sustainable", "--probe", "2k", "--trial", "1s", "--no-realtime", "--json", dir},
                 "--json " + dir + ": is a directory");
  expect_refused({kTare, "stream", "sustainable", "--probe", "2k", "--trial", "1s", "--no-realtime", "--max-trials",
                  "-3"},
                 "--max-trials -3");
}

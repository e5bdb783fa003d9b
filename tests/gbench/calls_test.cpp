// How tare's Google Benchmark layer calls a benchmark function: one call serves many
// samples (set-up a few times per process, locals carried on), a long set-up is said with
// what to do, and CPU time pauses with the timer. Asserted on counts and on bounds no load
// can break.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/process.hpp"

namespace {

using nlohmann::json;

json read_json(const std::string& path) {
  std::ifstream in(path);
  return json::parse(in);
}

TEST(GbenchCalls, OneCallServesManySamplesAndItsLocalsCarryOn) {
  const auto file = (tare_test::scratch_dir() / "gbench_calls.json").string();
  const auto result = tare_test::run_process(
      {GBENCH_CALLS, "--benchmark_filter=^BM_carries_on$", "--benchmark_format=json", "--json", file});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const json doc = read_json(file);
  ASSERT_EQ(doc["benchmarks"].size(), 1u);
  const json& forks = doc["benchmarks"][0]["forks"];
  ASSERT_FALSE(forks.empty());
  for (const auto& fork : forks) {
    ASSERT_EQ(fork["status"], "ok") << fork.dump();
    const json reported = json::parse(fork["annotations"].get<std::string>());
    // Set up at most three times in a process (the first fork's first call is one
    // iteration long, as Google Benchmark's first run is), however many samples it took.
    EXPECT_LE(reported["calls"].get<int>(), 3) << reported.dump();
    EXPECT_LE(reported["counters"]["calls_so_far"]["value"].get<double>(), 3) << reported.dump();
    const auto samples = fork["samples"].size() + fork["warmup"].size();
    EXPECT_GT(samples, 20u);
    // The local counted on through every batch of its call: far more than one sample's.
    EXPECT_GT(reported["counters"]["reached"]["value"].get<double>(), 10.0 * fork["ops_per_sample"].get<double>())
        << reported.dump();
  }
}

TEST(GbenchCalls, ASetUpLongerThanTheMeasurementIsSaidWithWhatToDo) {
  // Each process measures 17 ms (a short run of 50 ms over 3): the 30 ms set-up of even one
  // call per process is longer.
  const auto result = tare_test::run_process({GBENCH_CALLS, "--benchmark_filter=^BM_long_setup$",
                                              "--benchmark_min_time=0.05"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("BM_long_setup: each call of the benchmark function spent"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("function-local static"), std::string::npos) << result.out;
}

TEST(GbenchCalls, CpuTimeNeverExceedsRealTimeWhenTheTimerPauses) {
  const auto file = (tare_test::scratch_dir() / "gbench_paused.json").string();
  const auto result = tare_test::run_process(
      {GBENCH_CALLS, "--benchmark_filter=^BM_paused$", "--benchmark_format=json", "--json", file});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const json gb = json::parse(result.out);
  ASSERT_EQ(gb["benchmarks"].size(), 1u);
  const json& row = gb["benchmarks"][0];
  const double real = row["real_time"].get<double>(), cpu = row["cpu_time"].get<double>();
  EXPECT_GT(cpu, 0);
  EXPECT_LE(cpu, real * (1 + 1e-9)) << row.dump();
  // The rate is over the CPU time shown (Google Benchmark's default): 256 items an iteration.
  EXPECT_NEAR(row["items_per_second"].get<double>() * cpu * 1e-9, 256, 256 * 1e-6) << row.dump();
  const json doc = read_json(file);
  std::size_t checked = 0;
  for (const auto& fork : doc["benchmarks"][0]["forks"])
    for (const auto& s : fork["samples"]) {
      EXPECT_LE(s["cpu_ns"].get<double>(), s["ns"].get<double>() * (1 + 1e-9) + 1) << s.dump();
      ++checked;
    }
  EXPECT_GT(checked, 0u);
}

// The span of the samples at the end of a fork's warmup: the median over the last five of
// its last batch size (analysis::typical_span_ns), read back from tare's JSON.
double typical_span(const json& warmup) {
  std::vector<double> spans;
  const auto ops = warmup.back()["ops"];
  for (auto s = warmup.rbegin(); s != warmup.rend() && spans.size() < 5 && (*s)["ops"] == ops; ++s)
    spans.push_back((*s)["span_ns"].get<double>());
  std::sort(spans.begin(), spans.end());
  return spans[spans.size() / 2];
}

// A loop that pauses its timer for nearly all of each iteration is paced by its samples'
// spans: each process takes as many samples as fill its measured time at the span its warmup
// ended on (every one replaced once at most, when other work disturbed it), where its timed
// time alone would have asked for thousands. Asserted on the spans the fork recorded, which
// no load falsifies: a busier machine makes the spans longer and the samples fewer alike.
TEST(GbenchCalls, AMostlyPausedLoopFillsItsMeasuredTimeWithItsSamplesSpans) {
  const auto file = (tare_test::scratch_dir() / "gbench_mostly_paused.json").string();
  const auto result = tare_test::run_process(
      {GBENCH_CALLS, "--benchmark_filter=^BM_mostly_paused$", "--benchmark_min_time=0.03", "--json", file});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const json doc = read_json(file);
  const double measure_ns = doc["context"]["settings"]["measure_ms"].get<double>() * 1e6;
  EXPECT_DOUBLE_EQ(measure_ns, 10e6);  // a short run: 30 ms over 3 processes
  const json& forks = doc["benchmarks"][0]["forks"];
  ASSERT_EQ(forks.size(), 3u);
  for (const auto& fork : forks) {
    ASSERT_EQ(fork["status"], "ok") << fork.dump().substr(0, 400);
    double timed = 0, spanned = 0;
    for (const char* part : {"warmup", "samples"})
      for (const auto& s : fork[part]) {
        ASSERT_TRUE(s.contains("span_ns")) << s.dump();
        EXPECT_GE(s["span_ns"].get<double>(), s["ns"].get<double>()) << s.dump();
        timed += s["ns"].get<double>();
        spanned += s["span_ns"].get<double>();
      }
    EXPECT_LT(timed, spanned / 4) << "the loop times a small share of what it spans";
    const double span = typical_span(fork["warmup"]);
    const auto wanted = static_cast<std::size_t>(std::clamp(std::floor(measure_ns / span), 1.0, 10000.0));
    const std::size_t taken = fork["samples"].size();
    EXPECT_GE(taken, wanted) << "span " << span;
    EXPECT_LE(taken, 2 * wanted) << "span " << span;
    // The measured samples' spans, at the warmup's typical span, fill the measured time: at
    // most twice it (a sample short of it, and every one replaced once).
    EXPECT_LE(static_cast<double>(taken) * span, 2 * (measure_ns + span)) << "span " << span;
  }
}

}  // namespace

namespace {

// Known slow starts under the layer's defaults (its first process watched for 0.5 s): one
// of 0.3 s is found and waited out by every process; one of 0.8 s is longer than the watch,
// and the run says that a slow start that long was not looked for (or, when noise made the
// watch look twice as far, found and waited out). Asserted on process ages and on what is
// said, which no load changes.
TEST(GbenchCalls, ASlowStartWithinTheWatchIsWaitedOutAndALongerOneIsSaid) {
  const auto file = (tare_test::scratch_dir() / "gbench_slow_start.json").string();
  const auto found = tare_test::run_process(
      {GBENCH_CALLS, "--benchmark_filter=^BM_slow_start<300>$", "--json", file});
  ASSERT_EQ(found.exit_code, 0) << found.err;
  const json b = read_json(file)["benchmarks"][0];
  const json& first = b["forks"][0];
  ASSERT_TRUE(first.contains("slow_start")) << first.dump().substr(0, 400);
  const json& start = first["slow_start"];
  EXPECT_GE(1.25 * start["warmup_ms"].get<double>(), 300) << start;
  EXPECT_LT(start["warmup_ms"].get<double>(), start["horizon_ms"].get<double>()) << start;
  EXPECT_EQ(start["confirmed"], true) << start;
  for (std::size_t i = 2; i < b["forks"].size(); ++i)
    EXPECT_GE(b["forks"][i]["warmup"].back()["age_ns"].get<double>(), 1.25 * 1e6 * start["warmup_ms"].get<double>());
  EXPECT_EQ(found.out.find("were not looked for"), std::string::npos) << found.out;

  const auto longer = tare_test::run_process({GBENCH_CALLS, "--benchmark_filter=^BM_slow_start<800>$", "--json", file});
  ASSERT_EQ(longer.exit_code, 0) << longer.err;
  const json row = read_json(file)["benchmarks"][0];
  const json& watch = row["forks"][0]["slow_start"];
  if (watch["confirmed"] == true) {
    EXPECT_GE(1.25 * watch["warmup_ms"].get<double>(), 800) << watch;
    EXPECT_NE(longer.out.find("slow start"), std::string::npos) << longer.out;
    return;
  }
  EXPECT_LT(watch["horizon_ms"].get<double>(), 800) << watch;
  EXPECT_NE(longer.out.find("Slow starts longer than 5"), std::string::npos) << longer.out;
  EXPECT_NE(longer.out.find("add --warmup-max-ms 1s to look as far"), std::string::npos) << longer.out;
  EXPECT_NE(row["warning_codes"].dump().find("slow_start_unchecked"), std::string::npos) << row["warning_codes"];
}

// A call that alone lasts longer than a process warms up and measures (100 ms against 20 and
// 3.3 ms, even less any wait for a CPU up to 80 ms) is the process's only sample, as Google Benchmark reports one run that lasted its
// min time: one call of one iteration per process, nothing before it, and a line saying
// what was not looked for. Its counters are the call's.
TEST(GbenchCalls, OneCallLongerThanAProcessAsksIsItsOnlySample) {
  const auto file = (tare_test::scratch_dir() / "gbench_one_call.json").string();
  const auto result = tare_test::run_process(
      {GBENCH_CALLS, "--benchmark_filter=^BM_sleeps<100>$", "--benchmark_min_time=0.01", "--json", file});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const json b = read_json(file)["benchmarks"][0];
  ASSERT_EQ(b["forks"].size(), 3u);
  for (const auto& fork : b["forks"]) {
    ASSERT_EQ(fork["status"], "ok") << fork.dump().substr(0, 400);
    EXPECT_TRUE(fork["warmup"].empty()) << fork["warmup"].dump();
    ASSERT_EQ(fork["samples"].size(), 1u);
    EXPECT_EQ(fork["samples"][0]["ops"], 1);
    EXPECT_EQ(fork["ops_per_sample"], 1);
    const json reported = json::parse(fork["annotations"].get<std::string>());
    EXPECT_EQ(reported["calls"], 1) << reported.dump();
    EXPECT_EQ(reported["counters"]["iterations"]["value"], 1.0) << reported.dump();
  }
  EXPECT_NE(result.out.find("One call of the benchmark function lasted longer than a process was to warm up and "
                            "measure in BM_sleeps<100> (3 of 3 processes)"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("no warmup, steady state or slow start was looked for"), std::string::npos) << result.out;
}

// A call shorter than the warmup's bound (5 ms against 20) is calibrated and warmed up as
// usual, in a few calls per process, and nothing is said of it.
TEST(GbenchCalls, ACallShorterThanTheWarmupIsNotTheOnlySample) {
  const auto file = (tare_test::scratch_dir() / "gbench_short_call.json").string();
  const auto result = tare_test::run_process(
      {GBENCH_CALLS, "--benchmark_filter=^BM_sleeps<5>$", "--benchmark_min_time=0.01", "--json", file});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  for (const auto& fork : read_json(file)["benchmarks"][0]["forks"]) {
    ASSERT_EQ(fork["status"], "ok") << fork.dump().substr(0, 400);
    EXPECT_FALSE(fork["warmup"].empty());
    EXPECT_GE(fork["samples"].size(), 1u);
  }
  EXPECT_EQ(result.out.find("One call of the benchmark function"), std::string::npos) << result.out;
}

double cpu_seconds(const rusage& u) {
  const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * t.tv_usec; };
  return seconds(u.ru_utime) + seconds(u.ru_stime);
}

// Threads that wait (for the job of the next sample, at the start line, for the thread that
// works) block in the kernel: three of four threads idle through the whole run, and the
// run's processes use less CPU than half of one thread's worth of its time (about a tenth,
// their start and the parent's work; spinning waits would use a whole CPU each). CPU used is
// what load cannot raise.
TEST(GbenchCalls, ThreadsThatWaitUseNoCpu) {
  rusage before{}, after{};
  getrusage(RUSAGE_CHILDREN, &before);
  const auto start = std::chrono::steady_clock::now();
  const auto result = tare_test::run_process(
      {GBENCH_CALLS, "--benchmark_filter=^BM_threads_wait/threads:4$", "--benchmark_min_time=0.05"});
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  getrusage(RUSAGE_CHILDREN, &after);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("BM_threads_wait/threads:4"), std::string::npos) << result.out;
  EXPECT_LT(cpu_seconds(after) - cpu_seconds(before), 0.5 * wall) << "wall " << wall << " s";
}

}  // namespace

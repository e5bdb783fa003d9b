// `tare stream` end to end: the driver and the model SUT as real processes over real TCP,
// with known answers (Karimov et al.'s method must expose each of these). Trials are short
// (2-6 s; 12.5 s for two periods of a 5 s stall) and the SUT's per-event cost is a service time, so
// its capacity is known exactly whatever else runs on the machine; latency assertions
// compare the two latencies with each other or with the injected stall, with wide margins,
// never with a machine-speed threshold.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <optional>
#include <span>
#include <sstream>

#include "e2e/command.hpp"
#include "e2e/scripted_sut.hpp"
#include "stream/histograms/hdr_log.hpp"
#include "stream/transport/tcp_protocol.hpp"

namespace {

using tare_e2e::run_command;
using tare_e2e::ScriptedSut;
using tare_e2e::scratch_dir;
using tare_e2e::slurp;

// Each test process (ctest runs one per test, or per suite) removes its scratch directory
// when done: this program's three files write there.
class StreamScratchCleanup : public ::testing::Environment {
  void TearDown() override { std::filesystem::remove_all(scratch_dir()); }
};
[[maybe_unused]] auto* const stream_scratch_cleanup = ::testing::AddGlobalTestEnvironment(new StreamScratchCleanup);

// Tests that are not about the driver's own lateness allow it plenty: the CI machine is
// shared and a late driver would make a trial "invalid", which is not what they test.
const std::string kRelaxedLateness = "--max-lateness=200ms";

nlohmann::json read_json(const std::filesystem::path& path) { return nlohmann::json::parse(slurp(path)); }

// The verdict's reasons that the SUT's capacity decides: the backlog and delivery. The
// latency trend is left out where a test is about the backlog: a driver waiting for a CPU
// on a busy machine (at normal priority, seconds over a trial) makes its events late, and
// that lateness counts in event-time latency by design.
std::vector<std::string> capacity_reasons(const nlohmann::json& trial) {
  std::vector<std::string> found;
  for (const auto& reason : trial["reasons"]) {
    const auto text = reason.get<std::string>();
    if (text.find("backlog") != std::string::npos || text.find("the SUT took") != std::string::npos)
      found.push_back(text);
  }
  return found;
}

tare_e2e::CommandResult stream_run(std::vector<std::string> args, const std::filesystem::path& json) {
  std::vector<std::string> command{TARE_CLI, "stream", "run", "--json", json.string(), kRelaxedLateness};
  command.insert(command.end(), args.begin(), args.end());
  return run_command(command);
}

TEST(StreamRun, AggregationMatchesTheOracleWithExactCounts) {
  const auto json_path = scratch_dir() / "stream_aggregate.json";
  const auto hdr_path = scratch_dir() / "stream_aggregate.hlog";
  const auto r = stream_run({"--rate", "20k", "--duration", "2s", "--window", "100ms", "--hdr-log", hdr_path.string()},
                            json_path);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto j = read_json(json_path);
  EXPECT_EQ(j["schema"], "tare.stream.run/1");
  EXPECT_TRUE(j["complete"].get<bool>());
  EXPECT_EQ(j["counts"]["generated"], 40000);  // the schedule: 20k/s for exactly 2 s
  EXPECT_EQ(j["counts"]["taken"], 40000);
  EXPECT_EQ(j["verification"]["status"], "match") << j["verification"]["message"];
  EXPECT_EQ(j["verification"]["expected_results"], j["counts"]["outputs"]);
  EXPECT_GT(j["counts"]["outputs"].get<int>(), 0);
  // No verdict is asserted: this SUT has no service cost, so its capacity is the machine's
  // share of CPU, which a busy machine decides (the known-cost tests below judge verdicts).
  EXPECT_NE(r.out.find("match the oracle"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("event-time"), std::string::npos);
  EXPECT_NE(r.out.find("processing-time"), std::string::npos);

  // The HDR log holds every output's two latencies, tagged, readable by HdrHistogram tools.
  std::ifstream in(hdr_path);
  const auto log = tare::stream::read_hdr_log(in);
  std::int64_t event_time = 0, processing_time = 0;
  ASSERT_FALSE(log.intervals.empty());
  for (const auto& interval : log.intervals) {
    (interval.tag == "event-time" ? event_time : processing_time) += interval.histogram.total_count();
    EXPECT_TRUE(interval.tag == "event-time" || interval.tag == "processing-time") << interval.tag;
  }
  EXPECT_EQ(event_time, j["counts"]["outputs"].get<std::int64_t>());
  EXPECT_EQ(processing_time, event_time);
}

// Identity: every event comes out once, unchanged, so the outputs are exactly the events.
TEST(StreamRun, IdentityPassesEveryEventOnce) {
  const auto json_path = scratch_dir() / "stream_identity.json";
  const auto r = stream_run({"--rate", "5k", "--duration", "2s", "--query", "identity", "--generators", "2",
                             "--sut-workers", "2"},
                            json_path);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto j = read_json(json_path);
  EXPECT_TRUE(j["complete"].get<bool>());
  EXPECT_EQ(j["config"]["query"], "identity");
  EXPECT_EQ(j["counts"]["generated"], 10000);
  EXPECT_EQ(j["counts"]["taken"], 10000);
  EXPECT_EQ(j["counts"]["outputs"], 10000);
  EXPECT_EQ(j["verification"]["status"], "match") << j["verification"]["message"];
  EXPECT_EQ(j["verification"]["expected_results"], 10000);
}

TEST(StreamRun, SlidingJoinOverTwoGeneratorsAndTwoWorkersMatchesTheOracle) {
  const auto json_path = scratch_dir() / "stream_join.json";
  const auto r = stream_run({"--rate", "10k", "--duration", "2s", "--query", "join", "--window", "200ms/100ms",
                             "--users", "uniform:20", "--products", "uniform:10", "--generators", "2",
                             "--sut-workers", "2"},
                            json_path);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto j = read_json(json_path);
  EXPECT_EQ(j["counts"]["generated"], 20000);
  EXPECT_EQ(j["verification"]["status"], "match") << j["verification"]["message"];
  EXPECT_GT(j["counts"]["outputs"].get<int>(), 0);
}

// Out-of-order events (--disorder): a tenth of the events carry an event time up to 30 ms
// before their due time. The oracle runs the model SUT's lateness rule over each source's
// order, so the check stays exact: with no lateness allowed, the late events whose window had
// closed are dropped, and the results still match the oracle (which leaves out exactly those);
// with a lateness above the largest delay every late event is taken and the sums are the
// oracle's over all events. Both runs send the same events, so the late events are the same.
nlohmann::json disordered_run(const std::string& allowed_lateness, const std::string& name) {
  const auto json_path = scratch_dir() / name;
  const auto r = stream_run({"--rate", "10k", "--duration", "2s", "--window", "20ms", "--products", "uniform:20",
                             "--seed", "42", "--disorder", "0.1:30ms", "--allowed-lateness", allowed_lateness},
                            json_path);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("late events (oracle): "), std::string::npos) << r.out;
  return read_json(json_path);
}

TEST(StreamRun, LateEventsAreDroppedOrAcceptedAsTheOraclePredicts) {
  const auto strict = disordered_run("0", "stream_late_strict.json");
  const auto lenient = disordered_run("40ms", "stream_late_lenient.json");
  for (const auto* j : {&strict, &lenient}) {
    EXPECT_EQ((*j)["counts"]["generated"], 20000);
    EXPECT_EQ((*j)["verification"]["status"], "match") << (*j)["verification"]["message"];
    EXPECT_EQ((*j)["config"]["disorder"]["max_delay_ns"], 30'000'000);
  }
  const auto& strict_late = strict["verification"]["late_events"];
  const auto& lenient_late = lenient["verification"]["late_events"];
  // About 2000 events move back by up to 30 ms over 20 ms windows: most miss their window.
  EXPECT_GT(strict_late["dropped"].get<int>(), 500);
  EXPECT_GT(strict_late["accepted"].get<int>(), 0);
  EXPECT_EQ(lenient_late["dropped"], 0);
  EXPECT_EQ(lenient_late["accepted"].get<int>(), strict_late["accepted"].get<int>() + strict_late["dropped"].get<int>());
  EXPECT_EQ(lenient["config"]["allowed_lateness_ns"], 40'000'000);
}

// Two generators (two connections, each in its own order) and two workers on a sliding join:
// a late event can miss its older window and still enter the newer one; the rule, run per
// connection, keeps the oracle exact.
TEST(StreamRun, LateEventsOverTwoGeneratorsOnASlidingJoinMatchTheOracle) {
  const auto json_path = scratch_dir() / "stream_late_join.json";
  const auto r = stream_run({"--rate", "10k", "--duration", "2s", "--query", "join", "--window", "40ms/20ms", "--users",
                             "uniform:20", "--products", "uniform:10", "--generators", "2", "--sut-workers", "2",
                             "--disorder", "0.2:50ms", "--allowed-lateness", "10ms"},
                            json_path);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto j = read_json(json_path);
  EXPECT_EQ(j["verification"]["status"], "match") << j["verification"]["message"];
  EXPECT_GT(j["verification"]["late_events"]["dropped"].get<int>(), 0);
  EXPECT_GT(j["verification"]["late_events"]["accepted"].get<int>(), 0);
}

// Karimov et al.'s central claim: the stall is visible only from the driver. The SUT pauses
// its input 300 ms every second at half its capacity; events wait in the driver's queue, so
// event-time latency shows the pause, while processing-time latency (from the SUT's ingest)
// does not. A small credit keeps the SUT's own buffers (which processing time does see)
// small; only the window open when a stall begins can carry it into processing time (its
// keys' last inputs came before the stall, its end after), one 5 ms window in 200 a second.
// The measured window, [1 s, 3 s), is two whole periods: the events of each period's first
// 0.6 s (the stall and the drain at the spare 10k/s) wait, from 300 ms down to nothing.
TEST(StreamRun, PeriodicStallShowsInEventTimeLatencyOnly) {
  const auto json_path = scratch_dir() / "stream_stall.json";
  const auto r = stream_run({"--rate", "10k", "--duration", "3s", "--warmup", "1s", "--window", "5ms", "--products",
                             "uniform:10", "--sut-cost", "50us", "--sut-credit", "100", "--sut-stall-every", "1s",
                             "--sut-stall", "300ms"},
                            json_path);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto j = read_json(json_path);
  // Event time shows the stall: its p99 at least half the stall. Processing time does not:
  // its median stays a fraction of event time's (compared at the median, because a busy
  // machine delays the SUT's own threads too, and that lands in the tail of both). Here
  // the two medians are about 7 apart (50 ms, as 60% of the events wait up to 300 ms,
  // against a window plus the credit's 5 ms of work); were the queue's wait in processing
  // time too, they would be alike.
  EXPECT_GE(j["event_time_latency_ns"]["p99"].get<double>(), 150e6) << r.out;
  EXPECT_LE(j["processing_time_latency_ns"]["p50"].get<double>(), j["event_time_latency_ns"]["p50"].get<double>() / 3)
      << r.out;
  EXPECT_GE(j["evidence"]["backlog_max"].get<double>(), 1000) << r.out;  // ~0.3 s of input queued
  EXPECT_EQ(j["verification"]["status"], "match");
}

// Overload: the SUT takes 50k/s and is offered 80k/s. The backlog grows, the verdict says
// so, and processing-time latency stays small while event-time latency grows.
TEST(StreamRun, OverloadIsUnsustainableWhileProcessingTimeLooksHealthy) {
  const auto json_path = scratch_dir() / "stream_overload.json";
  const auto r = stream_run({"--rate", "80k", "--duration", "2s", "--window", "10ms", "--sut-cost", "20us"}, json_path);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto j = read_json(json_path);
  EXPECT_EQ(j["verdict"], "unsustainable") << r.out;
  EXPECT_NE(j["reasons"].dump().find("backlog grew"), std::string::npos) << j["reasons"].dump();
  // Backlog grows at offered - capacity = 30k/s: at least that less sampling noise (the SUT
  // takes no more than its capacity), at most the offered rate (a SUT starved by a busy
  // machine takes less, never nothing is generated).
  EXPECT_GE(j["evidence"]["backlog_slope_per_s"].get<double>(), 25000) << r.out;
  EXPECT_LE(j["evidence"]["backlog_slope_per_s"].get<double>(), 80000) << r.out;
  EXPECT_GE(j["event_time_latency_ns"]["p99"].get<double>(), 500e6) << r.out;
  EXPECT_LE(j["processing_time_latency_ns"]["p50"].get<double>(), j["event_time_latency_ns"]["p50"].get<double>() / 5)
      << r.out;
  // Every event was eventually taken (the run drains), so the results are still checked.
  EXPECT_EQ(j["verification"]["status"], "match");
}

// Karimov et al.'s fluctuating load: a square wave that overloads the SUT half of the time
// (24k/s against a capacity of 20k/s for 0.5 s, then 6k/s) is sustainable over whole
// periods (no backlog grows, everything is taken), and the backlog peaks at the known
// (24k - 20k) * 0.5 s = 2000 events less what the SUT holds itself (its credit, 100, and
// the at most 64 a worker has taken: 1836 at least). The driver runs at normal priority:
// on two CPUs with other work busy, a generator at real-time priority starves the SUT's
// threads (docs/stream.md), and this test is about the SUT's backlog.
TEST(StreamRun, SquareWaveOverWholePeriodsIsSustainableWithTheKnownPeakBacklog) {
  const auto json_path = scratch_dir() / "stream_square.json";
  const auto r = stream_run({"--rate", "square:6k,24k,1s", "--duration", "4s", "--warmup", "1s", "--window", "10ms",
                             "--sut-cost", "50us", "--sut-credit", "100", "--sample", "10ms", "--no-realtime"},
                            json_path);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto j = read_json(json_path);
  EXPECT_TRUE(capacity_reasons(j).empty()) << r.out;
  // Within 10% below 1836 (the SUT cannot take more than its capacity). A busy machine can
  // only delay the SUT's threads and add to the peak (3,804 was seen beside other tests), so
  // the bound above is what a SUT that took nothing for a whole high half-period would leave.
  EXPECT_GE(j["evidence"]["backlog_max"].get<double>(), 1650) << r.out;
  EXPECT_LE(j["evidence"]["backlog_max"].get<double>(), 12000) << r.out;
  EXPECT_EQ(j["counts"]["generated"], 60000);  // 4 periods of 12000 + 3000 events
}

// A warming-up SUT (half its capacity for its first second) under 80% of its full capacity:
// the backlog peaks at (16k - 10k) * 1 s = 6000 events, then drains; with the transient
// inside the warmup no backlog grows. At normal priority, as above.
TEST(StreamRun, SlowStartIsAbsorbedByTheWarmupWithTheKnownPeakBacklog) {
  const auto json_path = scratch_dir() / "stream_slow_start.json";
  const auto r = stream_run({"--rate", "16k", "--duration", "6s", "--warmup", "3s", "--window", "10ms", "--sut-cost",
                             "50us", "--sut-credit", "100", "--sut-slow-start", "1s", "--sut-slow-factor", "2",
                             "--sample", "10ms", "--no-realtime"},
                            json_path);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto j = read_json(json_path);
  EXPECT_TRUE(capacity_reasons(j).empty()) << r.out;
  // As above: 10% below at most; above, at most what a SUT that took nothing for the whole
  // slow second would leave.
  EXPECT_GE(j["evidence"]["backlog_max"].get<double>(), 5400) << r.out;
  EXPECT_LE(j["evidence"]["backlog_max"].get<double>(), 16000) << r.out;
}

// A search's console output and exit code, and its JSON.
struct Search {
  tare_e2e::CommandResult command;
  nlohmann::json json;
};

Search sustainable_search(const std::vector<std::string>& args, const std::string& json_name) {
  const auto json_path = scratch_dir() / json_name;
  std::vector<std::string> command{TARE_CLI, "stream", "sustainable", "--json", json_path.string(), kRelaxedLateness};
  command.insert(command.end(), args.begin(), args.end());
  Search search{run_command(command), {}};
  if (std::filesystem::exists(json_path)) search.json = read_json(json_path);
  return search;
}

// The search found a rate, searching one bracket down to the tolerance, and ran its two
// confirmation trials, at that rate and at 90% of it. Their verdicts are not judged: the
// rate found lies within a few percent of the capacity, and on a machine busy with other
// work the trial there can be judged unsustainable (the SUT's threads wait for a CPU): the
// command then says NOT CONFIRMED and exits 1, and what it found is reported all the same.
void expect_found(const Search& s) {
  const auto& r = s.command;
  ASSERT_TRUE(s.json.is_object()) << r.out << r.err;
  EXPECT_EQ(s.json["schema"], "tare.stream.sustainable/1");
  const auto& result = s.json["result"];
  const bool confirmed = result["status"] == "found";
  ASSERT_TRUE(confirmed || result["status"] == "not confirmed") << r.out << r.err;
  EXPECT_EQ(r.exit_code, confirmed ? 0 : 1) << r.out << r.err;
  EXPECT_EQ(s.json["confirmation"]["confirmed"], confirmed);
  EXPECT_EQ(r.out.find("NOT CONFIRMED") == std::string::npos, confirmed) << r.out;
  EXPECT_NE(r.out.find("sustainable throughput:"), std::string::npos) << r.out;

  ASSERT_EQ(s.json["repeats"].size(), 1u);
  const auto& search = s.json["repeats"][0];
  const double found = result["sustainable_rate"], failed = search["unsustainable_rate"];
  EXPECT_DOUBLE_EQ(search["sustainable_rate"].get<double>(), found);
  EXPECT_TRUE(search["converged"].get<bool>()) << r.out;
  EXPECT_GT(failed, found);
  EXPECT_LT((failed - found) / found, 0.05) << r.out;  // --tolerance 5%, the default
  EXPECT_DOUBLE_EQ(s.json["confirmation"]["at_rate"]["rate"].get<double>(), found);
  EXPECT_NEAR(s.json["confirmation"]["at_90_percent"]["rate"].get<double>(), 0.9 * found, 1) << r.out;
}

// A SUT with a known per-event cost: one worker at 200 us per event takes exactly 5k/s. A
// slow SUT, so that its capacity and not the machine's is what the search finds: at 5k/s
// the driver and the SUT's threads need little CPU. A small credit keeps what the SUT holds
// (and takes in bursts) small beside a trial's 8000 events. The tests of this suite judge
// one search (ctest runs them in one process: tests/e2e/CMakeLists.txt).
const Search& known_cost_search() {
  static const Search search = sustainable_search(
      {"--probe", "10k", "--trial", "2s", "--sut-cost", "200us", "--sut-credit", "100", "--window", "10ms"},
      "stream_sustainable.json");
  return search;
}

TEST(StreamSustainableKnownCost, FindsTheCapacityOfAKnownCostSutWithinTenPercent) {
  const auto& [r, j] = known_cost_search();
  expect_found(known_cost_search());
  if (HasFatalFailure()) return;
  const double found = j["result"]["sustainable_rate"];
  EXPECT_GE(found, 4500) << r.out;
  EXPECT_LE(found, 5500) << r.out;
  EXPECT_EQ(j["probe"]["verdict"], "unsustainable");
  EXPECT_NEAR(j["probe"]["drain_rate"].get<double>(), 5000, 500) << r.out;
}

// Issue 16: with a credit of 100 the SUT holds up to 264 events of its own, enough to absorb
// a 1.6% overload (80 events/s) for a whole 2 s trial while the driver's backlog stays flat;
// the search then passed 5,078/s and reported [5,078, 5,250], which excludes the truth. The
// verdict now counts work held in the SUT (the rise of the typical output's latency), and
// the interval's low end allows for the verdict's 1% slack, so it holds 5,000. The upper
// end may sit below 5,000 when a loaded machine delays the driver's and the SUT's threads:
// near capacity that delay looks like an overload's rising latency, and the trial fails.
// Load can only fail a trial, never pass one above capacity, so the low end is exact and
// the high end allows 10% (beside two busy loops and compiles, 4.4% was seen; the bug was on
// the other side).
void expect_interval_holds(const nlohmann::json& j, double truth, const std::string& out) {
  EXPECT_LE(j["result"]["ci_low"].get<double>(), truth) << out;
  EXPECT_GE(j["result"]["ci_high"].get<double>(), 0.9 * truth) << out;
}

TEST(StreamSustainableKnownCost, TheIntervalHoldsTheCapacityOfAKnownCostSut) {
  const auto& [r, j] = known_cost_search();
  expect_found(known_cost_search());
  if (HasFatalFailure()) return;
  EXPECT_DOUBLE_EQ(j["config"]["sut_capacity_per_s"].get<double>(), 5000);
  EXPECT_NE(r.out.find("capacity 5k/s: 1 worker at 200 µs per event"), std::string::npos) << r.out;
  expect_interval_holds(j, 5000, r.out);
}

// Keys hashed over 2 workers: the busiest worker's share of the 100 products sets the
// capacity (2 x 2,500/s would be 5,000/s evenly spread). The tool prints that capacity and
// the search's interval holds it.
TEST(StreamSustainable, TheBusiestWorkerSetsTheCapacityOfPartitionedKeys) {
  const auto search =
      sustainable_search({"--probe", "10k", "--trial", "2s", "--sut-cost", "400us", "--sut-workers", "2",
                          "--sut-credit", "100", "--window", "10ms"},
                         "stream_sustainable_partitioned.json");
  expect_found(search);
  if (HasFatalFailure()) return;
  const auto& [r, j] = search;
  const double share = j["config"]["sut_busiest_worker_share"];
  const double truth = 2500 / share;
  EXPECT_GT(share, 0.5);
  EXPECT_NEAR(j["config"]["sut_capacity_per_s"].get<double>(), truth, 1e-6);
  EXPECT_NE(r.out.find("the busiest serving"), std::string::npos) << r.out;
  // The interval holds the busiest worker's capacity: its low end allows for the verdict's
  // slack at that worker and for the random key split, which in a 1.6 s window hides an
  // overload of up to 1.8% (without it, beside two busy processes, 4,910/s once passed and
  // the interval began above the truth).
  expect_interval_holds(j, truth, r.out);
}

// Issue 16's stall case with the default windows, keys and credit: one FIFO server (200 us
// per event) at 0.6 of its capacity, stalled 0.5 s every 5 s. Per event, the latency falls
// from 0.5 s linearly to 0 over the 1.25 s a stall and its drain take, so event-time p90 and
// p99 are 0.30 s and 0.48 s over whole periods (the measured window [2.5 s, 12.5 s) holds
// two stalls and their drains; one period alone is too few events beside two busy loops,
// where its p90 was once 9.7% off and two periods' 5.3% at most). The default 10 ms windows
// are small beside those, so they come out within 10% and no warning names them; the p50
// (a few ms, set by the windows themselves) is below ten windows, and the warning says so
// with the option to change.
TEST(StreamRun, StallPercentilesWithDefaultWindowsMeanWhatTheySay) {
  const auto json_path = scratch_dir() / "stream_stall_default.json";
  const auto r = stream_run({"--rate", "3k", "--duration", "12.5s", "--warmup", "2.5s", "--sut-cost", "200us",
                             "--sut-stall-every", "5s", "--sut-stall", "500ms"},
                            json_path);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto j = read_json(json_path);
  EXPECT_EQ(j["config"]["window_ns"], 10'000'000);
  EXPECT_NEAR(j["event_time_latency_ns"]["p90"].get<double>(), 0.30e9, 0.03e9) << r.out;
  EXPECT_NEAR(j["event_time_latency_ns"]["p99"].get<double>(), 0.48e9, 0.048e9) << r.out;
  const std::string warnings = j["warnings"].dump();
  EXPECT_EQ(warnings.find("p99 "), std::string::npos) << warnings;
  if (j["warnings"].empty()) return;
  EXPECT_NE(warnings.find("use --window "), std::string::npos) << warnings;
  EXPECT_NE(r.out.find("warning: event-time percentiles can be off by up to a window"), std::string::npos) << r.out;
}

// The same stall read through 1 s windows: the windows are coarser than the latencies, and
// the report says so, naming --window and a value that would do.
TEST(StreamRun, CoarseWindowsAgainstAStallAreWarnedAbout) {
  const auto json_path = scratch_dir() / "stream_stall_coarse.json";
  const auto r = stream_run({"--rate", "3k", "--duration", "3s", "--warmup", "1s", "--window", "1s", "--sut-cost",
                             "200us", "--sut-stall-every", "2s", "--sut-stall", "500ms"},
                            json_path);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto j = read_json(json_path);
  ASSERT_EQ(j["warnings"].size(), 1u) << r.out;
  EXPECT_NE(j["warnings"][0].get<std::string>().find("use --window "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("warning: event-time percentiles can be off by up to a window (1 s)"), std::string::npos)
      << r.out;
}

// ---- bad input ---------------------------------------------------------------------------

void expect_usage_error(const std::vector<std::string>& args, const std::string& message) {
  std::vector<std::string> command{TARE_CLI, "stream"};
  command.insert(command.end(), args.begin(), args.end());
  const auto r = run_command(command);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(StreamBadInput, OneLineAndExitTwo) {
  expect_usage_error({"run", "--rate", "0"}, "--rate 0: expected a whole number of events per second");
  expect_usage_error({"run", "--rate", "fast"}, "--rate fast");
  expect_usage_error({"run", "--rate", "1k", "--duration", "-2s"}, "--duration -2s");
  expect_usage_error({"run", "--rate", "1k", "--window", "1s/300ms"}, "multiple of the slide");
  expect_usage_error({"run", "--rate", "1k", "--duration", "1s", "--warmup", "2s"}, "--warmup 2s");
  expect_usage_error({"run", "--rate", "square:1k,2k"}, "square:LOW,HIGH,PERIOD");
  expect_usage_error({"run", "--rate", "1k", "--products", "zipf:10"}, "--products zipf:10");
  expect_usage_error({"run", "--rate", "1k", "--sut", "nowhere"}, "expected HOST:PORT");
  expect_usage_error({"run", "--rate", "1k", "--done-timeout", "soon"}, "--done-timeout soon");
  expect_usage_error({"sustainable", "--probe", "1k", "--done-timeout", "0"}, "--done-timeout 0");
  expect_usage_error({"run", "--rate", "1k", "--disorder", "1.5:10ms"}, "--disorder");
  expect_usage_error({"run", "--rate", "1k", "--disorder", "0.1:-5ms"}, "--disorder");
  expect_usage_error({"run", "--rate", "1k", "--disorder", "0.1"}, "--disorder 0.1: expected FRACTION:DELAY");
  expect_usage_error({"sustainable", "--probe", "1k", "--disorder", "-0.1:5ms"}, "--disorder");
  expect_usage_error({"run", "--rate", "1k", "--allowed-lateness", "-1s"}, "--allowed-lateness");
  expect_usage_error({"run"}, "--rate is required");
  expect_usage_error({"sustainable", "--trial", "2s"}, "--probe is required");
}

TEST(StreamBadInput, UnreachableSutIsAOneLineError) {
  const auto r = run_command({TARE_CLI, "stream", "run", "--rate", "1k", "--duration", "1s", "--sut", "127.0.0.1:1"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("cannot connect to 127.0.0.1:1"), std::string::npos) << r.err;
}

// A process whose stdout the test reads line by line.
struct Child {
  pid_t pid = -1;
  FILE* out = nullptr;
};

Child start_with_pipe(const std::vector<std::string>& args) {
  const tare_e2e::PipedChild child = tare_e2e::start_piped(args);
  EXPECT_GE(child.out, 0);
  return Child{child.pid, child.out >= 0 ? fdopen(child.out, "r") : nullptr};
}

std::string read_line(FILE* in) {
  char line[512];
  return fgets(line, sizeof line, in) ? std::string(line) : std::string();
}

int exit_status_of(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}


// The model SUT started on its own (its log on a file): the late events it says it accepted
// and dropped are the oracle's counts, for the same seed as LateEventsAreDropped... above.
TEST(StreamRun, TheModelSutCountsTheLateEventsTheOraclePredicts) {
  const auto err_path = scratch_dir() / "stream_late_sut.err";
  const auto json_path = scratch_dir() / "stream_late_sut.json";
  Child sut = start_with_pipe(
      {"/bin/sh", "-c", std::string("exec ") + TARE_CLI + " stream sut --listen 127.0.0.1:0 2>" + err_path.string()});
  ASSERT_NE(sut.out, nullptr);
  const std::string line = read_line(sut.out);
  ASSERT_EQ(line.rfind("listening on ", 0), 0u) << line;
  const std::string address = line.substr(13, line.find('\n') - 13);
  const auto r = stream_run({"--sut", address, "--rate", "10k", "--duration", "2s", "--window", "20ms", "--products",
                             "uniform:20", "--seed", "42", "--disorder", "0.1:30ms"},
                            json_path);
  if (r.exit_code != 0) kill(sut.pid, SIGTERM);  // it serves one run: it would wait for it
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(exit_status_of(sut.pid), 0);
  fclose(sut.out);
  const auto j = read_json(json_path);
  EXPECT_EQ(j["verification"]["status"], "match") << j["verification"]["message"];
  const auto& late = j["verification"]["late_events"];
  const std::string counted = std::to_string(late["accepted"].get<int>()) + " late events accepted, " +
                              std::to_string(late["dropped"].get<int>()) + " dropped";
  EXPECT_GT(late["dropped"].get<int>(), 0);
  EXPECT_NE(slurp(err_path).find(counted), std::string::npos) << slurp(err_path) << " vs " << counted;
}

// The SUT goes away mid-run, after taking events: the driver says so in one line, exits
// non-zero, and writes what it measured, marked incomplete.
TEST(StreamBadInput, SutDisconnectingMidRunKeepsPartialResults) {
  ScriptedSut sut;
  const auto json_path = scratch_dir() / "stream_disconnect.json";
  const pid_t driver = tare_e2e::spawn_quiet({TARE_CLI, "stream", "run", "--rate", "5k", "--duration", "30s", "--sut",
                                              sut.address(), "--json", json_path.string()});
  sut.accept_driver();
  ASSERT_TRUE(sut.first_events()) << "the driver sent no events";
  sut.disconnect();
  EXPECT_EQ(exit_status_of(driver), 1);
  const auto j = read_json(json_path);
  EXPECT_FALSE(j["complete"].get<bool>());
  EXPECT_NE(j["incomplete_reason"].get<std::string>().find("mid-run"), std::string::npos) << j["incomplete_reason"];
  EXPECT_GT(j["counts"]["generated"].get<int>(), 0);
  EXPECT_GT(j["counts"]["taken"].get<int>(), 0);
  EXPECT_EQ(j["verification"]["status"], "skipped");
}

// Ctrl-C ends the run; what was measured is written, marked incomplete.
TEST(StreamBadInput, InterruptKeepsPartialResults) {
  const auto json_path = scratch_dir() / "stream_interrupt.json";
  Child driver = start_with_pipe({TARE_CLI, "stream", "run", "--rate", "5k", "--duration", "30s", "--json",
                                  json_path.string()});
  // The first line is printed once Ctrl-C is handled: whenever it comes from then on, the
  // run ends as interrupted and keeps what it has.
  const std::string header = read_line(driver.out);
  EXPECT_NE(header.find("tare stream run"), std::string::npos) << header;
  kill(driver.pid, SIGINT);
  EXPECT_EQ(exit_status_of(driver.pid), 1);
  fclose(driver.out);
  const auto j = read_json(json_path);
  EXPECT_FALSE(j["complete"].get<bool>());
  EXPECT_EQ(j["incomplete_reason"], "interrupted");
}

// A SUT that breaks the protocol ends the run with a clear error, never a crash.
TEST(StreamBadInput, MalformedFramesFromTheSutEndTheRunWithAnError) {
  ScriptedSut sut;
  const auto json_path = scratch_dir() / "stream_malformed.json";
  const pid_t driver = tare_e2e::spawn_quiet({TARE_CLI, "stream", "run", "--rate", "1k", "--duration", "10s", "--sut",
                                              sut.address(), "--json", json_path.string()});
  sut.accept_driver();
  const std::uint8_t garbage[] = {3, 0, 0, 0, 99, 1, 2, 3};  // a frame of unknown type 99
  sut.send(garbage);
  EXPECT_EQ(exit_status_of(driver), 1);
  const auto j = read_json(json_path);
  EXPECT_FALSE(j["complete"].get<bool>());
  EXPECT_NE(j["incomplete_reason"].get<std::string>().find("protocol error from the SUT"), std::string::npos)
      << j["incomplete_reason"];
}

}  // namespace

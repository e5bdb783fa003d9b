// What a finished run takes in from the runs before it, against a history kept in memory
// (the seam results::RunHistory): which benchmarks' past scores are asked for, on which
// machine, and which source each interval across runs then names.
#include "runner/between_runs.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "system/speed_history.hpp"

namespace between_runs_wiring {

using tare::results::PastScore;
using tare::results::SpreadSource;

constexpr std::int64_t kNow = 1'800'000'000;

class MemoryHistory : public tare::results::RunHistory {
 public:
  std::vector<tare::results::SpeedReading> readings;
  std::map<std::string, std::vector<PastScore>> scores;  // by benchmark name
  mutable std::vector<std::string> asked;                 // "machine|benchmark", in order

  void record(const tare::results::Run&) override {}
  std::vector<tare::results::SpeedReading> speed_readings(const std::string& machine) const override {
    std::vector<tare::results::SpeedReading> mine;
    for (const auto& r : readings)
      if (r.machine == machine) mine.push_back(r);
    return mine;
  }
  std::vector<PastScore> past_scores(const std::string& machine, const tare::results::Benchmark& b) const override {
    asked.push_back(machine + "|" + b.name);
    const auto it = scores.find(b.name);
    return it == scores.end() ? std::vector<PastScore>{} : it->second;
  }
  std::string location() const override { return "memory"; }
};

tare::results::Run run_of(std::initializer_list<const char*> names) {
  tare::results::Run run;
  run.context.host = "box";
  run.context.cpu.model = "cpu";
  run.context.cpu.cores = 2;
  run.context.reference_ns = 4.0;
  for (const char* name : names) {
    tare::results::Benchmark b;
    b.name = name;
    b.score = 100;
    b.ci = tare::results::Interval{0.95, 99.5, 100.5};
    run.benchmarks.push_back(b);
  }
  return run;
}

// Readings of the machine's speed 0.3% apart, enough to know it.
std::vector<tare::results::SpeedReading> steady_machine(const std::string& machine, int n = 8) {
  std::vector<tare::results::SpeedReading> r;
  for (int i = 0; i < n; ++i) r.push_back({kNow - 600 * (n - i), machine, 4.0 * (1 + 0.003 * (i % 3 - 1))});
  return r;
}

// Past scores 2% apart: a benchmark that moves far more than the machine's reference.
std::vector<PastScore> moving(int n) {
  std::vector<PastScore> s;
  for (int i = 0; i < n; ++i) s.push_back({kNow - 600 * (n - i), 100 * (1 + 0.02 * (i % 3 - 1)), 0.1, 5});
  return s;
}

TEST(WeighBetweenRuns, EachScoredBenchmarkIsWeighedByItsOwnPastRunsOnThisMachine) {
  const std::string machine = tare::system::machine_key("box", "cpu", 2);
  MemoryHistory history;
  history.readings = steady_machine(machine);
  history.scores["own"] = moving(8);
  history.scores["new"] = moving(2);
  auto run = run_of({"own", "new", "failed"});
  run.benchmarks[2].ok = false;
  run.benchmarks[2].score.reset();
  run.benchmarks[2].ci.reset();
  tare::runner::weigh_between_runs(run, history, kNow);

  EXPECT_EQ(run.context.between_runs.history, "memory");
  EXPECT_EQ(run.context.between_runs.runs, 9);
  // Asked for the scored benchmarks only, on this machine.
  EXPECT_EQ(history.asked, (std::vector<std::string>{machine + "|own", machine + "|new"}));

  const auto& own = run.benchmarks[0];
  ASSERT_TRUE(own.across_runs);
  ASSERT_TRUE(own.ci_across_runs);
  // 2% apart where the machine moved 0.3%: its own runs contradict the machine's speed.
  EXPECT_EQ(own.across_runs->source, SpreadSource::own_history);
  EXPECT_EQ(own.across_runs->runs, 8);
  EXPECT_GT(own.across_runs->between_run_sd, 0.01);
  EXPECT_LT(own.ci_across_runs->low, 97);

  const auto& fresh = run.benchmarks[1];
  ASSERT_TRUE(fresh.across_runs);
  EXPECT_EQ(fresh.across_runs->source, SpreadSource::machine_speed);
  EXPECT_EQ(fresh.across_runs->runs, 2);
  EXPECT_EQ(fresh.across_runs->between_run_sd, run.context.between_runs.relative_sd);
  EXPECT_GT(fresh.ci_across_runs->low, 98.5);  // the machine's 0.3% widens little

  EXPECT_FALSE(run.benchmarks[2].across_runs);
  EXPECT_FALSE(run.benchmarks[2].ci_across_runs);
}

TEST(WeighBetweenRuns, AnOwnHistoryServesWhileTheMachinesSpeedIsNotKnownYet) {
  const std::string machine = tare::system::machine_key("box", "cpu", 2);
  MemoryHistory history;
  history.readings = steady_machine(machine, 2);  // three with this run's: too few
  history.scores["own"] = moving(6);
  history.scores["new"] = moving(4);
  auto run = run_of({"own", "new"});
  tare::runner::weigh_between_runs(run, history, kNow);
  EXPECT_LT(run.context.between_runs.relative_sd, 0);
  ASSERT_TRUE(run.benchmarks[0].across_runs);
  EXPECT_EQ(run.benchmarks[0].across_runs->source, SpreadSource::own_history);
  EXPECT_EQ(run.benchmarks[0].across_runs->degrees_of_freedom, 5);
  EXPECT_TRUE(run.benchmarks[0].ci_across_runs);
  // Neither known: this run's own interval is the headline.
  EXPECT_FALSE(run.benchmarks[1].across_runs);
  EXPECT_FALSE(run.benchmarks[1].ci_across_runs);
}

TEST(WeighBetweenRuns, ARunWithoutItsReferenceReadingIsLeftAsItIs) {
  MemoryHistory history;
  history.scores["own"] = moving(8);
  auto run = run_of({"own"});
  run.context.reference_ns = 0;
  tare::runner::weigh_between_runs(run, history, kNow);
  EXPECT_TRUE(history.asked.empty());
  EXPECT_FALSE(run.benchmarks[0].ci_across_runs);
  EXPECT_EQ(run.context.between_runs.history, "");
}

}  // namespace between_runs_wiring

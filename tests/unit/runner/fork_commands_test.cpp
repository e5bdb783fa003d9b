// What a fork asks of its worker, command by command: a real worker process (the nops
// benchmark) started through a launcher that records every command the runner sends.
#include "runner/fork.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "registry/registry.hpp"
#include "runner/launcher.hpp"
#include "worker/protocol.hpp"

namespace {

using tare::runner::WorkerChannel;
using tare::worker::Command;

// Passes everything to a worker the local launcher started, keeping each command sent.
class RecordingChannel final : public WorkerChannel {
 public:
  RecordingChannel(std::unique_ptr<WorkerChannel> inner, std::vector<Command>& sent)
      : inner_(std::move(inner)), sent_(sent) {}
  int pid() const override { return inner_->pid(); }
  std::string description() const override { return inner_->description(); }
  void send(const std::string& command) override {
    if (const auto parsed = tare::worker::parse_command(command)) sent_.push_back(*parsed);
    inner_->send(command);
  }
  std::string read_line() override { return inner_->read_line(); }
  void wait_for_exit() override { inner_->wait_for_exit(); }

 private:
  std::unique_ptr<WorkerChannel> inner_;
  std::vector<Command>& sent_;
};

class RecordingLauncher final : public tare::runner::Launcher {
 public:
  explicit RecordingLauncher(std::vector<Command>& sent) : sent_(sent) {}
  std::unique_ptr<WorkerChannel> start(const tare::runner::WorkerCommand& command, double timeout_seconds) const override {
    return std::make_unique<RecordingChannel>(tare::runner::local_launcher().start(command, timeout_seconds), sent_);
  }

 private:
  std::vector<Command>& sent_;
};

struct NopsFork {
  tare::detail::BenchmarkSpec spec;
  tare::registry::Instance instance;
  std::vector<Command> sent;
  RecordingLauncher launcher{sent};
  tare::runner::ForkPlan plan;

  NopsFork() {
    spec.name = "nops.block";
    instance.spec = &spec;
    instance.name = spec.name;
    plan.launcher = &launcher;
    plan.executable = TARE_NOPS_BENCH;
    plan.clock_resolution_ns = 1;
    plan.clock_overhead_ns = 20;
    plan.min_samples = 1;
  }

  tare::results::Fork run() { return tare::runner::run_fork(instance, plan); }

  // Measures for `measure_ns` after a warmup (and a watch) of at most `warmup_ns`.
  void lasting(double measure_ns, double warmup_ns) {
    plan.measure_ns = measure_ns;
    plan.warmup_max_ns = plan.horizon_ns = warmup_ns;
  }

  template <class Kind>
  std::vector<std::size_t> positions() const {
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < sent.size(); ++i)
      if (std::holds_alternative<Kind>(sent[i])) at.push_back(i);
    return at;
  }
};

// A short run's fork (3.3 ms measured after at most 20 ms of warmup): the reference workload
// once, after the measured samples and before "finish".
TEST(ForkCommands, ABriefForkTimesTheReferenceOnceAfterItsMeasurement) {
  NopsFork f;
  f.lasting(3.3e6, 20e6);
  ASSERT_TRUE(tare::runner::reads_reference_once(f.plan));
  const tare::results::Fork fork = f.run();
  ASSERT_TRUE(fork.ok) << fork.error;
  const auto references = f.positions<tare::worker::TimeReference>();
  ASSERT_EQ(references.size(), 1u);
  ASSERT_GE(f.sent.size(), 2u);
  EXPECT_EQ(references.front(), f.sent.size() - 2);
  EXPECT_TRUE(std::holds_alternative<tare::worker::Finish>(f.sent.back()));
  EXPECT_GT(f.positions<tare::worker::TakeSamples>().back(), f.positions<tare::worker::BeginMeasurement>().front());
  EXPECT_LT(f.positions<tare::worker::TakeSamples>().back(), references.front());
  EXPECT_EQ(fork.reference_before_ns, 0.0);
  EXPECT_GT(fork.reference_after_ns, 0.0);
}

// A fork of 100 ms or more (warmup bound and measurement): before the calibration's first
// command and after the measurement.
TEST(ForkCommands, ALongerForkTimesTheReferenceBeforeAndAfter) {
  NopsFork f;
  f.lasting(5e6, 95e6);
  ASSERT_FALSE(tare::runner::reads_reference_once(f.plan));
  const tare::results::Fork fork = f.run();
  ASSERT_TRUE(fork.ok) << fork.error;
  const auto references = f.positions<tare::worker::TimeReference>();
  ASSERT_EQ(references.size(), 2u);
  EXPECT_EQ(references.front(), 0u);
  EXPECT_EQ(references.back(), f.sent.size() - 2);
  EXPECT_GT(fork.reference_before_ns, 0.0);
  EXPECT_GT(fork.reference_after_ns, 0.0);
}

// Single shot reads it twice after its one cold call, however brief: before, it would warm
// what the call is meant to find cold.
TEST(ForkCommands, ASingleShotForkTimesTheReferenceTwiceAfterItsCall) {
  NopsFork f;
  f.instance.mode = tare::Mode::ss;
  f.lasting(3.3e6, 20e6);
  const tare::results::Fork fork = f.run();
  ASSERT_TRUE(fork.ok) << fork.error;
  const auto references = f.positions<tare::worker::TimeReference>();
  ASSERT_EQ(references.size(), 2u);
  EXPECT_GT(references.front(), f.positions<tare::worker::TakeSamples>().back());
}

}  // namespace

// How often each warning that judges measured data fires, on synthetic runs with known
// truth (fixed seeds), driven through the real path: analyze_fork on every fork, then
// summarize. A warning must stay silent on a steady, unimodal stream with realistic noise
// (lognormal samples with some dependence and interrupts, processes a few percent apart,
// noisy reference readings) in at least 95% of runs, and fire on the problem it is about in
// at least 90%. The rates measured here are the ones docs/statistics.md quotes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "analysis/drift.hpp"
#include "analysis/fork_analysis.hpp"
#include "analysis/summarize.hpp"
#include "registry/native_body.hpp"
#include "stats/descriptive.hpp"
#include "support/full_scale.hpp"

using tare::results::Benchmark;
using tare::results::Fork;
using tare::results::Sample;
using tare::results::WarningCode;

namespace {

// Sanitizer builds run the library at -O0 and many times slower: fewer runs there (the
// bars are the same; the rates are estimated less precisely).
#if defined(TARE_SANITIZE)
constexpr int kRuns = 20;
#else
constexpr int kRuns = 200;
#endif

constexpr double kOpNs = 50;         // the operation's true time per op
constexpr double kReferenceNs = 2.6;  // the reference workload's true time per iteration
constexpr int kWarmupSamples = 10;   // steady warmup samples before the measurement

// What one synthetic run looks like. The defaults are the steady stream.
struct Shape {
  int min_forks = 5, max_forks = 15;
  int min_samples = 20, max_samples = 50;
  double sample_sd = 0.03;       // lognormal noise of one sample (relative)
  double lag1 = 0.2;             // AR(1) dependence of that noise
  double interrupt_rate = 0.01;  // samples hit by an interrupt: 10-50% slower
  double process_sd = 0.03;      // the speed of each process (relative SD): layout and placement luck
  double mode_gap = 0;           // two-speed processes: each is this much slower with probability 1/2
  int slow_processes = 0;        // processes disturbed throughout: 20-30% slower
  // A change of speed inside every fork: until `change_at` (a fraction of the measured
  // samples; the warmup comes before it) the fork runs at (1 + `before_change`) times its
  // steady speed.
  double change_at = 0, before_change = 0;
  double disturbed_rate = 0.01;  // samples other work preempted: the wait is 2-50% of the sample
  double disturbed_low = 0.02, disturbed_high = 0.5;
  double reference_sd = 0.02;           // noise of a reference reading
  double reference_spike_rate = 0.2;   // a reading slowed 5-30% by a transient neighbour
  double drift = 0;        // the machine slows linearly by this much from the first fork to the last
  double sensitivity = 1;  // how much of the machine's slowing the benchmark feels (the reference: all)
  double cpu_share = 0.995;     // CPU time / wall time of an undisturbed sample
  double floor_share = 0.02;    // the empty-operation floor, relative to the operation
};

class Generator {
 public:
  Generator(const Shape& shape, std::uint64_t seed) : shape_(shape), rng_(seed) {}

  std::vector<Fork> run() {
    const int n = uniform_int(shape_.min_forks, shape_.max_forks);
    std::vector<Fork> forks;
    for (int i = 0; i < n; ++i) {
      const double machine = 1 + shape_.drift * (n > 1 ? static_cast<double>(i) / (n - 1) : 0);
      double speed = std::exp(normal(shape_.process_sd)) * std::pow(machine, shape_.sensitivity);
      if (shape_.mode_gap > 0 && uniform(0, 1) < 0.5) speed *= 1 + shape_.mode_gap;
      if (i < shape_.slow_processes) speed *= 1 + uniform(0.2, 0.3);
      forks.push_back(fork(speed, machine));
    }
    std::shuffle(forks.begin(), forks.end(), rng_);  // slow processes anywhere, drift stays in the references
    return forks;
  }

 private:
  Fork fork(double speed, double machine) {
    const int measured = uniform_int(shape_.min_samples, shape_.max_samples);
    const int change = kWarmupSamples + static_cast<int>(shape_.change_at * measured);
    Fork f;
    double noise = normal(shape_.sample_sd);
    for (int i = 0; i < kWarmupSamples + measured; ++i) {
      noise = shape_.lag1 * noise + std::sqrt(1 - shape_.lag1 * shape_.lag1) * normal(shape_.sample_sd);
      double per_op = kOpNs * speed * std::exp(noise);
      if (i < change) per_op *= 1 + shape_.before_change;
      if (uniform(0, 1) < shape_.interrupt_rate) per_op *= 1 + uniform(0.1, 0.5);
      (i < kWarmupSamples ? f.warmup : f.samples).push_back(sample(per_op));
    }
    f.floor_ns_per_op = kOpNs * shape_.floor_share;
    f.reference_before_ns = reference(machine);
    f.reference_after_ns = reference(machine);
    return f;
  }

  Sample sample(double per_op) {
    Sample s;
    s.ops = 1000;
    const double running = per_op * 1000;
    s.cpu_ns = running * shape_.cpu_share;
    s.wait_ns = running * uniform(0, 0.002);  // a quiet machine's wakeups
    if (uniform(0, 1) < shape_.disturbed_rate) {
      s.wait_ns = running * uniform(shape_.disturbed_low, shape_.disturbed_high);
      s.preemptions = 1;
    }
    s.ns = running + s.wait_ns;
    return s;
  }

  double reference(double machine) {
    double r = kReferenceNs * machine * std::exp(normal(shape_.reference_sd));
    if (uniform(0, 1) < shape_.reference_spike_rate) r *= 1 + uniform(0.05, 0.3);
    return r;
  }

  double normal(double sd) { return std::normal_distribution<double>(0, sd)(rng_); }
  double uniform(double low, double high) { return std::uniform_real_distribution<double>(low, high)(rng_); }
  int uniform_int(int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng_); }

  Shape shape_;
  std::mt19937_64 rng_;
};

struct Harness {
  tare::detail::BenchmarkSpec spec;
  tare::registry::Instance instance;
  tare::analysis::SummaryContext context;

  Harness() {
    spec.name = "synthetic.op";
    spec.body = tare::registry::make_native_body<tare::NoState>([] {});
    instance.spec = &spec;
    instance.name = spec.name;
    instance.mode = tare::Mode::avgt;
    context.clock_cost_ns = 20;
    context.checkpoint = true;  // no bootstrap: no warning reads it, and it is the slow part
  }

  // One run as the runner would summarise it: every fork analysed, the run's reference
  // time the median over its forks (a run of this one benchmark), then the summary.
  Benchmark summarize(std::vector<Fork> forks) {
    tare::analysis::ForkAnalysisInput input;
    input.clock_resolution_ns = 20;
    std::vector<double> references;
    for (Fork& f : forks) {
      tare::analysis::analyze_fork(f, input);
      references.push_back(tare::analysis::reference_ns(f));
    }
    Benchmark b;
    b.name = spec.name;
    b.unit = "ns/op";
    b.stop_reason = tare::results::StopReason::target_ci;
    b.forks = std::move(forks);
    context.run_reference_ns = tare::stats::median(references);
    tare::analysis::summarize(b, instance, context);
    return b;
  }
};

// A kind of finding: its name for the printout, and the codes that say it.
struct Kind {
  std::string name;
  std::vector<WarningCode> codes;
};

bool found(const Benchmark& b, const Kind& kind) {
  return std::any_of(b.warnings.begin(), b.warnings.end(), [&](const tare::results::Warning& w) {
    return std::find(kind.codes.begin(), kind.codes.end(), w.code) != kind.codes.end();
  });
}

const Kind kProcessDependent{"process dependent", {WarningCode::process_dependent}};
const Kind kTwoModes{"two modes", {WarningCode::two_modes}};
const Kind kFarApart{"forks far apart", {WarningCode::forks_far_apart}};
const Kind kUnsteady{"no steady state", {WarningCode::unsteady_forks, WarningCode::unsteady_score}};
const Kind kSlowdown{"slowdown", {WarningCode::slowdown}};
const Kind kDrift{"machine drift", {WarningCode::machine_drift}};
const Kind kDisturbed{"disturbed samples", {WarningCode::disturbed_samples}};
const Kind kWaits{"waits", {WarningCode::waits}};
const Kind kOptimisedAway{"optimised away", {WarningCode::optimised_away}};

// The share of `kRuns` runs shaped like `shape` in which `fires` holds.
template <class Judge>
double rate_of(const Shape& shape, std::uint64_t seed, Judge fires) {
  Generator generator(shape, seed);
  Harness harness;
  int fired = 0;
  for (int r = 0; r < kRuns; ++r) fired += fires(harness.summarize(generator.run())) ? 1 : 0;
  const double rate = static_cast<double>(fired) / kRuns;
  std::printf("    %-60s %5.1f%%\n", ::testing::UnitTest::GetInstance()->current_test_info()->name(), 100 * rate);
  return rate;
}

double warning_rate(const Shape& shape, const Kind& warning, std::uint64_t seed) {
  return rate_of(shape, seed, [&](const Benchmark& b) { return found(b, warning); });
}

// The steady stream's runs, summarised once for every warning's false-alarm rate.
const std::vector<Benchmark>& steady_runs() {
  static const std::vector<Benchmark> runs = [] {
    Generator generator(Shape{}, 100);
    Harness harness;
    std::vector<Benchmark> out;
    for (int r = 0; r < kRuns; ++r) {
      out.push_back(harness.summarize(generator.run()));
      for (Fork& f : out.back().forks) f.samples.clear();  // only the warnings are read
    }
    return out;
  }();
  return runs;
}

double steady_rate(const Kind& warning) {
  const auto& runs = steady_runs();
  const auto fired = std::count_if(runs.begin(), runs.end(), [&](const Benchmark& b) { return found(b, warning); });
  const double rate = static_cast<double>(fired) / static_cast<double>(runs.size());
  std::printf("    %-60s %5.1f%%\n", ("steady: " + warning.name).c_str(), 100 * rate);
  return rate;
}

constexpr double kFalseAlarmBar = 0.05;
constexpr double kDetectionBar = 0.90;

// One check per warning: silent on the steady stream, loud on its problem.
void expect_calibrated(const Kind& warning, const Shape& problem, std::uint64_t seed) {
  SCOPED_TRACE(warning.name);
  EXPECT_LE(steady_rate(warning), kFalseAlarmBar) << "false alarms on a steady stream";
  EXPECT_GE(warning_rate(problem, warning, seed), kDetectionBar) << "misses its planted problem";
}

}  // namespace

TEST(WarningRates, ASteadyStreamRaisesNoWarningAtAll) {
  const auto& runs = steady_runs();
  const auto any = std::count_if(runs.begin(), runs.end(), [](const Benchmark& b) { return !b.warnings.empty(); });
  const double rate = static_cast<double>(any) / static_cast<double>(runs.size());
  std::printf("    %-60s %5.1f%%\n", "steady: any warning", 100 * rate);
  EXPECT_LE(rate, kFalseAlarmBar);
}

TEST(WarningRates, DependentSamplesSwitchTheWithinForkVarianceToBatchMeans) {
  TARE_SIMULATION_OF_RATES();
  Shape independent;
  independent.lag1 = 0;
  independent.min_samples = 100;
  independent.max_samples = 200;
  Shape dependent = independent;
  dependent.lag1 = 0.5;
  const auto batch_means = [](const Benchmark& b) { return b.within_fork_method == "batch means"; };
  EXPECT_LE(rate_of(independent, 300, batch_means), kFalseAlarmBar);
  EXPECT_GE(rate_of(dependent, 301, batch_means), kDetectionBar);
}

TEST(WarningRates, PerProcessLuck) {
  Shape lucky;
  lucky.process_sd = 0.12;
  lucky.min_forks = 10;  // a run whose processes differ this much misses ±1% and runs long
  lucky.max_forks = 20;
  expect_calibrated(kProcessDependent, lucky, 400);
}

TEST(WarningRates, TwoSpeedProcesses) {
  Shape two_speeds;
  two_speeds.process_sd = 0.01;
  two_speeds.mode_gap = 0.10;
  two_speeds.min_forks = 12;  // likewise
  two_speeds.max_forks = 20;
  expect_calibrated(kTwoModes, two_speeds, 500);
}

TEST(WarningRates, AFewDisturbedProcessesAreNotTwoModes) {
  Shape two_slow;
  two_slow.slow_processes = 2;
  EXPECT_LE(warning_rate(two_slow, kTwoModes, 550), kFalseAlarmBar);
}

TEST(WarningRates, AProcessFarFromTheOthers) {
  Shape one_slow;
  one_slow.slow_processes = 1;
  one_slow.min_forks = 8;
  one_slow.max_forks = 20;
  expect_calibrated(kFarApart, one_slow, 600);
}

TEST(WarningRates, AChangeOfSpeedLateInEveryFork) {
  Shape late;
  late.change_at = 0.75;
  late.before_change = -0.2;  // 20% faster until three quarters of the measurement
  expect_calibrated(kUnsteady, late, 700);
}

TEST(WarningRates, ForksThatStartFastThenSettleSlower) {
  Shape slowdown;
  slowdown.change_at = 0.3;
  slowdown.before_change = -0.15;
  expect_calibrated(kSlowdown, slowdown, 800);
}

// A slow start that reaches into the measurement is warmup, cut off where it ends: not a
// change of speed late in the fork, nor one that settled slower.
TEST(WarningRates, ASlowStartIsNotAnUnsteadyFork) {
  Shape slow_start;
  slow_start.change_at = 0.3;
  slow_start.before_change = 0.2;
  const double unsteady = rate_of(slow_start, 900, [](const Benchmark& b) {
    return found(b, kUnsteady) || found(b, kSlowdown);
  });
  EXPECT_LE(unsteady, kFalseAlarmBar);
}

TEST(WarningRates, DriftThatMovedTheScoreBeyondItsInterval) {
  Shape drifting;
  drifting.drift = 0.2;
  drifting.process_sd = 0.02;
  drifting.min_forks = 10;
  drifting.max_forks = 20;
  expect_calibrated(kDrift, drifting, 1000);
}

// The reference workload moved, the benchmark did not feel it (memory-bound code, a
// neighbour that takes only the reference's resources): nothing moved the score.
TEST(WarningRates, DriftTheBenchmarkDidNotFeelIsNoWarning) {
  Shape reference_only;
  reference_only.drift = 0.2;
  reference_only.sensitivity = 0;
  EXPECT_LE(warning_rate(reference_only, kDrift, 1100), kFalseAlarmBar);
}

TEST(WarningRates, DisturbedSamplesThatWouldHaveMovedTheScore) {
  Shape busy;
  busy.disturbed_rate = 0.3;
  busy.disturbed_low = 0.3;
  busy.disturbed_high = 1.0;
  expect_calibrated(kDisturbed, busy, 1200);
}

TEST(WarningRates, ABenchmarkThatWaits) {
  Shape waiting;
  waiting.cpu_share = 0.5;
  expect_calibrated(kWaits, waiting, 1300);
}

TEST(WarningRates, AnOperationAtTheFloor) {
  Shape empty;
  empty.floor_share = 0.9;
  expect_calibrated(kOptimisedAway, empty, 1400);
}

#include "runner/fork.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "runner/calibration.hpp"
#include "runner/worker_process.hpp"
#include "stats/trend.hpp"
#include "worker/layout.hpp"
#include "worker/protocol.hpp"

namespace tare::runner {
namespace {

results::Sample read_sample(WorkerProcess& worker) {
  const std::string line = worker.read_line();
  auto sample = worker::parse_sample(line);
  if (!sample) throw WorkerFailure("worker " + std::to_string(worker.pid()) + " sent a malformed sample: " + line);
  return *sample;
}

std::vector<results::Sample> take_samples(WorkerProcess& worker, std::uint64_t invocations, std::uint64_t count) {
  worker.send("sample " + std::to_string(invocations) + " " + std::to_string(count));
  std::vector<results::Sample> samples;
  samples.reserve(count);
  for (std::uint64_t i = 0; i < count; ++i) samples.push_back(read_sample(worker));
  return samples;
}

double per_invocation_ns(const results::Sample& s, std::uint64_t ops_per_invocation, int threads) {
  const double invocations = static_cast<double>(s.ops) / static_cast<double>(ops_per_invocation * threads);
  return invocations > 0 ? s.ns / invocations : s.ns;
}

// Calibrates the batch; the calibration samples are part of the fork's history (warmup).
std::uint64_t calibrate(WorkerProcess& worker, const ForkPlan& plan, results::Fork& fork) {
  const BatchCalibrator calibrator(plan.sample_target_ns);
  std::uint64_t invocations = 1;
  for (;;) {
    results::Sample sample = take_samples(worker, invocations, 1).front();
    fork.warmup.push_back(sample);
    const auto next = calibrator.next(invocations, sample.ns);
    if (!next) return invocations;
    invocations = *next;
  }
}

// Warms up until the last kWarmupWindow samples show no trend, or the time bound passes.
// Samples so long that the bound passes before a full window are tested as they are, if
// there are enough of them for a trend test; otherwise the fork is "unchecked".
void warm_up(WorkerProcess& worker, const registry::Instance& instance, const ForkPlan& plan, std::uint64_t invocations,
             results::Fork& fork) {
  constexpr std::size_t kWindow = kWarmupWindow;
  constexpr std::size_t kFewestForATrend = 6;
  const std::size_t first = fork.warmup.size();
  double spent = 0;
  bool checked_once = false;
  for (;;) {
    // Chunks of up to 5 samples, fewer when samples are long, so the bound is not overshot.
    const double sample_ns = std::max(fork.warmup.back().ns, 1.0);
    const auto chunk = static_cast<std::uint64_t>(std::clamp((plan.warmup_max_ns - spent) / sample_ns, 1.0, 5.0));
    for (auto& s : take_samples(worker, invocations, chunk)) {
      spent += s.ns;
      fork.warmup.push_back(std::move(s));
    }
    const std::size_t n = fork.warmup.size() - first;
    const bool out_of_time = spent >= plan.warmup_max_ns;
    if (n < kWindow && !out_of_time) continue;
    const std::size_t size = std::min(n, kWindow);
    if (size < kFewestForATrend) {
      fork.steady_class = "unchecked";
      return;
    }
    std::vector<double> window;
    for (std::size_t i = fork.warmup.size() - size; i < fork.warmup.size(); ++i)
      window.push_back(sample_value(fork.warmup[i], instance.mode, instance.threads));
    if (stats::trend_test(window).steady) {
      // The window that showed the steady state stays in warmup too: measurement starts
      // only after the evidence, never on samples chosen because they looked steady.
      fork.steady_class = checked_once ? "warmup" : "flat";
      return;
    }
    checked_once = true;
    if (out_of_time) {
      fork.steady_class = "no steady state";
      return;
    }
  }
}

}  // namespace

double sample_value(const results::Sample& sample, Mode mode, int threads) {
  if (sample.ops == 0) return 0;
  if (mode == Mode::thrpt) return sample.ns > 0 ? static_cast<double>(sample.ops) * 1e9 / sample.ns : 0;
  return sample.ns * threads / static_cast<double>(sample.ops);
}

namespace {

// The worker's first words: set up, and with the memory layout it was asked for.
void expect_ready(WorkerProcess& worker, results::Fork& fork) {
  const std::string hello = worker.read_line();
  const auto ready = worker::parse_ready(hello);
  if (!ready) throw WorkerFailure("worker " + std::to_string(worker.pid()) + " did not start properly: " + hello);
  fork.setup_ns = ready->setup_ns;
  if (ready->env_pad != fork.layout.env_pad_bytes || ready->stack_offset != fork.layout.stack_offset_bytes ||
      ready->heap_offset != fork.layout.heap_offset_bytes)
    throw WorkerFailure("worker " + std::to_string(worker.pid()) + " applied a different memory layout than asked (" +
                        hello + "): is it the same build?");
}

void begin_measurement(WorkerProcess& worker) {
  worker.send("begin");
  worker.read_line();
}

// Single shot: the one cold invocation is the fork's only sample.
void measure_single_shot(WorkerProcess& worker, const registry::Instance& instance, results::Fork& fork) {
  begin_measurement(worker);
  fork.ops_per_sample = instance.spec->ops_per_invocation;
  fork.samples = take_samples(worker, 1, 1);
  fork.steady_class = "single shot";
}

// Calibrate, warm up, measure the floor, then the samples (batches, or single calls in
// sample mode).
void measure_steady(WorkerProcess& worker, const registry::Instance& instance, const ForkPlan& plan,
                    results::Fork& fork) {
  const std::uint64_t opi = instance.spec->ops_per_invocation;
  const std::uint64_t invocations = calibrate(worker, plan, fork);
  fork.ops_per_sample = invocations * opi * static_cast<std::uint64_t>(instance.threads);
  warm_up(worker, instance, plan, invocations, fork);

  worker.send("floor " + std::to_string(invocations));
  const std::string floor_line = worker.read_line();
  if (floor_line.size() < 3 || floor_line[0] != 'f') throw WorkerFailure("worker sent a malformed floor: " + floor_line);
  fork.floor_ns_per_op = std::strtod(floor_line.c_str() + 2, nullptr);

  begin_measurement(worker);
  const auto min_samples = static_cast<double>(plan.min_samples);
  if (instance.mode == Mode::sample) {
    // Every invocation is its own sample; each costs about 2 µs of harness work around it.
    const double call_ns = per_invocation_ns(fork.warmup.back(), opi, instance.threads);
    const auto calls = static_cast<std::uint64_t>(std::clamp(plan.measure_ns / (call_ns + 2000.0), min_samples, 20000.0));
    fork.samples = take_samples(worker, 1, calls);
  } else {
    const double sample_ns = std::max(fork.warmup.back().ns, 1.0);
    const auto count = static_cast<std::uint64_t>(std::clamp(plan.measure_ns / sample_ns, min_samples, 10000.0));
    fork.samples = take_samples(worker, invocations, count);
  }
}

// Trial teardown (timed by the worker), resource usage, and a clean exit.
void finish(WorkerProcess& worker, results::Fork& fork) {
  worker.send("finish");
  const std::string bye = worker.read_line();
  const auto finished = worker::parse_finished(bye);
  if (!finished) throw WorkerFailure("worker sent a malformed teardown report: " + bye);
  fork.teardown_ns = finished->teardown_ns;
  fork.resources = finished->resources;
  worker.wait_for_exit();
}

}  // namespace

results::Fork run_fork(const registry::Instance& instance, const ForkPlan& plan) {
  results::Fork fork;
  fork.layout = worker::derive_layout(plan.layout_seed);
  try {
    worker::WorkerSpec spec;
    spec.benchmark = instance.spec->name;
    spec.params = instance.params;
    spec.threads = instance.threads;
    spec.tsc_ghz = plan.tsc_ghz;
    spec.layout_seed = plan.layout_seed;
    WorkerProcess worker(plan.executable, worker::to_args(spec), fork.layout.env_pad_bytes, plan.timeout_seconds);
    fork.pid = worker.pid();
    expect_ready(worker, fork);
    if (instance.mode == Mode::ss) measure_single_shot(worker, instance, fork);
    else measure_steady(worker, instance, plan, fork);
    fork.steady_first_index = static_cast<int>(fork.warmup.size());
    finish(worker, fork);
  } catch (const WorkerFailure& failure) {
    fork.ok = false;
    fork.error = failure.what();
    return fork;
  }
  double sum = 0;
  for (const auto& s : fork.samples) {
    fork.measured_ns += s.ns;
    sum += sample_value(s, instance.mode, instance.threads);
  }
  fork.mean = fork.samples.empty() ? 0 : sum / static_cast<double>(fork.samples.size());
  return fork;
}

}  // namespace tare::runner

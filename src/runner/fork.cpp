#include "runner/fork.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "runner/calibration.hpp"
#include "runner/fork_analysis.hpp"
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

// The typical recent sample: the median of the last five, so that one disturbed sample
// does not halve (or double) the number of samples the measurement takes.
results::Sample typical_recent(const std::vector<results::Sample>& warmup) {
  const std::size_t k = std::min<std::size_t>(5, warmup.size());
  std::vector<results::Sample> recent(warmup.end() - static_cast<std::ptrdiff_t>(k), warmup.end());
  std::nth_element(recent.begin(), recent.begin() + static_cast<std::ptrdiff_t>(k / 2), recent.end(),
                   [](const results::Sample& a, const results::Sample& b) { return a.ns < b.ns; });
  return recent[k / 2];
}

double per_invocation_ns(const results::Sample& s, std::uint64_t ops_per_invocation, int threads) {
  const double invocations = static_cast<double>(s.ops) / static_cast<double>(ops_per_invocation * threads);
  return invocations > 0 ? s.ns / invocations : s.ns;
}

// Calibrates the batch, starting from `invocations`; the calibration samples are part of
// the fork's history (warmup).
std::uint64_t calibrate(WorkerProcess& worker, const ForkPlan& plan, results::Fork& fork,
                        std::uint64_t invocations = 1) {
  const BatchCalibrator calibrator(plan.sample_target_ns);
  for (;;) {
    results::Sample sample = take_samples(worker, invocations, 1).front();
    fork.warmup.push_back(sample);
    const auto next = calibrator.next(invocations, sample.ns);
    if (!next) return invocations;
    invocations = *next;
  }
}

// Warms up until the last kWarmupWindow samples show no trend, or the time bound passes.
// This only decides when to start measuring; whether and where the fork reached a steady
// state is judged afterwards on the whole series (fork_analysis), with changepoints.
void warm_up(WorkerProcess& worker, const registry::Instance& instance, const ForkPlan& plan, std::uint64_t invocations,
             results::Fork& fork) {
  constexpr std::size_t kWindow = kWarmupWindow;
  const std::size_t first = fork.warmup.size();
  double spent = 0;
  for (;;) {
    // Chunks of up to 5 samples, fewer when samples are long, so the bound is not overshot.
    const double sample_ns = std::max(fork.warmup.back().ns, 1.0);
    const auto chunk = static_cast<std::uint64_t>(std::clamp((plan.warmup_max_ns - spent) / sample_ns, 1.0, 5.0));
    for (auto& s : take_samples(worker, invocations, chunk)) {
      spent += s.ns;
      fork.warmup.push_back(std::move(s));
    }
    if (spent >= plan.warmup_max_ns) return;
    if (fork.warmup.size() - first < kWindow) continue;
    std::vector<double> window;
    for (std::size_t i = fork.warmup.size() - kWindow; i < fork.warmup.size(); ++i)
      window.push_back(sample_value(fork.warmup[i], instance.mode, instance.threads));
    // The window that showed the steady state stays in warmup too: measurement starts
    // only after the evidence, never on samples chosen because they looked steady.
    if (stats::trend_test(window).steady) return;
  }
}

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

double time_reference(WorkerProcess& worker) {
  worker.send("reference");
  const std::string line = worker.read_line();
  if (line.size() < 3 || line[0] != 'r') throw WorkerFailure("worker sent a malformed reference time: " + line);
  return std::strtod(line.c_str() + 2, nullptr);
}

void begin_measurement(WorkerProcess& worker) {
  worker.send("begin");
  worker.read_line();
}

// Single shot: the one cold invocation is the fork's only sample.
// The reference workload runs only afterwards, twice: before, it would warm the caches
// the cold call is meant to find cold.
void measure_single_shot(WorkerProcess& worker, const registry::Instance& instance, results::Fork& fork) {
  begin_measurement(worker);
  fork.ops_per_sample = instance.spec->ops_per_invocation;
  fork.samples = take_samples(worker, 1, 1);
  fork.reference_before_ns = time_reference(worker);
  fork.reference_after_ns = time_reference(worker);
}

// Calibrate, warm up, measure the floor, then the samples (batches, or single calls in
// sample mode).
// Returns how many of the warmup samples were calibration (other batch sizes).
std::size_t measure_steady(WorkerProcess& worker, const registry::Instance& instance, const ForkPlan& plan,
                           results::Fork& fork) {
  const std::uint64_t opi = instance.spec->ops_per_invocation;
  fork.reference_before_ns = time_reference(worker);
  std::uint64_t invocations = calibrate(worker, plan, fork);
  const std::size_t calibration_samples = fork.warmup.size();
  warm_up(worker, instance, plan, invocations, fork);
  // An operation that sped up many times over while warming (caches filled, pages mapped)
  // leaves samples far below the target, where the clock weighs more: calibrate once more
  // from here, and warm up again at the new batch size.
  if (typical_recent(fork.warmup).ns < plan.sample_target_ns / 3) {
    invocations = calibrate(worker, plan, fork, invocations);
    warm_up(worker, instance, plan, invocations, fork);
  }
  fork.ops_per_sample = invocations * opi * static_cast<std::uint64_t>(instance.threads);

  worker.send("floor " + std::to_string(invocations));
  const std::string floor_line = worker.read_line();
  if (floor_line.size() < 3 || floor_line[0] != 'f') throw WorkerFailure("worker sent a malformed floor: " + floor_line);
  fork.floor_ns_per_op = std::strtod(floor_line.c_str() + 2, nullptr);

  begin_measurement(worker);
  const auto min_samples = static_cast<double>(plan.min_samples);
  if (instance.mode == Mode::sample) {
    // Every invocation is its own sample; each costs about 2 µs of harness work around it.
    const double call_ns = per_invocation_ns(typical_recent(fork.warmup), opi, instance.threads);
    const auto calls = static_cast<std::uint64_t>(std::clamp(plan.measure_ns / (call_ns + 2000.0), min_samples, 20000.0));
    fork.samples = take_samples(worker, 1, calls);
  } else {
    const double sample_ns = std::max(typical_recent(fork.warmup).ns, 1.0);
    const auto count = static_cast<std::uint64_t>(std::clamp(plan.measure_ns / sample_ns, min_samples, 10000.0));
    fork.samples = take_samples(worker, invocations, count);
  }
  fork.reference_after_ns = time_reference(worker);
  return calibration_samples;
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
  ForkAnalysisInput analysis;
  analysis.mode = instance.mode;
  analysis.threads = instance.threads;
  analysis.clock_resolution_ns = plan.clock_resolution_ns;
  analysis.delta = plan.steady_band;
  const auto start = std::chrono::steady_clock::now();
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
    else analysis.calibration_samples = measure_steady(worker, instance, plan, fork);
    finish(worker, fork);
  } catch (const WorkerFailure& failure) {
    fork.ok = false;
    fork.error = failure.what();
    return fork;
  }
  fork.wall_ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  analyze_fork(fork, analysis);
  return fork;
}

}  // namespace tare::runner

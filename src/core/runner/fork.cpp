#include "runner/fork.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <cstdlib>
#include <string>
#include <vector>

#include "analysis/calibration.hpp"
#include "analysis/disturbance.hpp"
#include "analysis/fork_analysis.hpp"
#include "analysis/slow_start.hpp"
#include "analysis/warmup.hpp"
#include "runner/alloc_library.hpp"
#include "runner/fork_steps.hpp"
#include "runner/launcher.hpp"
#include "worker/layout.hpp"
#include "worker/protocol.hpp"

namespace tare::runner {
namespace {

// Single shot: the one cold call is the fork's only sample: one invocation, or the batch
// the benchmark fixed (Google Benchmark's Iterations(N): exactly N iterations per process).
// The reference workload runs only afterwards, twice: before, it would warm the caches
// the cold call is meant to find cold.
void measure_single_shot(WorkerChannel& worker, const registry::Instance& instance, results::Fork& fork) {
  begin_measurement(worker);
  const std::uint64_t invocations = std::max<std::uint64_t>(instance.spec->settings.invocations, 1);
  fork.ops_per_sample = invocations * instance.spec->ops_per_invocation * static_cast<std::uint64_t>(instance.threads);
  fork.samples = take_samples(worker, invocations, 1);
  fork.reference_before_ns = time_reference(worker);
  fork.reference_after_ns = time_reference(worker);
}

// Samples other work disturbed are left out of the score: take others in their place, at
// most as many again as were asked for (a machine busy throughout must not make the fork
// endless; the samples then say how much was disturbed).
void replace_disturbed(WorkerChannel& worker, std::uint64_t invocations, int threads,
                       std::vector<results::Sample>& samples) {
  const std::size_t wanted = samples.size();
  std::size_t taken = 0;
  for (;;) {
    const auto disturbed = analysis::count_disturbed(samples, threads);
    if (!disturbed) return;
    const std::size_t undisturbed = samples.size() - static_cast<std::size_t>(*disturbed);
    if (undisturbed >= wanted || taken >= wanted) return;
    const std::size_t more = std::min(wanted - undisturbed, wanted - taken);
    for (auto& s : take_samples(worker, invocations, more)) samples.push_back(std::move(s));
    taken += more;
  }
}

// Warms up (bounded as the plan and the benchmark say) at the batch size `invocations`;
// the first fork of a benchmark warms up to the horizon, and twice as far when its speed
// was still changing in the later half.
void warm_up_as_planned(WorkerChannel& worker, const registry::Instance& instance, const ForkPlan& plan,
                          const analysis::ForkAnalysisInput& fork_input, std::uint64_t invocations, bool measures_nothing,
                          results::Fork& fork) {
  WarmupBounds bounds;
  bounds.most_wall_ns = plan.to_horizon ? std::max(plan.warmup_max_ns, plan.horizon_ns) : plan.warmup_max_ns;
  // The least warmup is time the benchmark timed. A loop that reached the cap measures next
  // to nothing (the compiler deleted it) and would never time that much: there is nothing
  // to warm, and Google Benchmark too stops warming at its iteration cap.
  if (measures_nothing) return warm_up(worker, instance.mode, instance.threads, bounds, invocations, fork);
  bounds.least_timed_ns = instance.spec->settings.warmup_min_ms * 1e6;
  // The horizon is an age of the process: a slow start is one by the process's age.
  bounds.least_age_ns = plan.to_horizon ? plan.horizon_ns : plan.warmup_until_age_ns;
  warm_up(worker, instance.mode, instance.threads, bounds, invocations, fork);
  if (plan.to_horizon && analysis::looks_beyond_horizon(fork, fork_input)) {
    bounds.most_wall_ns = bounds.least_age_ns = 2 * plan.horizon_ns;
    warm_up(worker, instance.mode, instance.threads, bounds, invocations, fork);
  }
}

// Whether the fork's first sample may turn out to be its whole measurement
// (analysis::first_sample_serves): one measured sample is enough, the batch is calibrated,
// and no profiler counts the measurement (its counts begin once, at the measured samples).
bool first_sample_may_serve(const registry::Instance& instance, const ForkPlan& plan) {
  return plan.min_samples <= 1 && instance.mode != Mode::sample && instance.spec->settings.invocations == 0 &&
         plan.perf_events.empty() && plan.alloc_library.empty();
}

// The first sample of the calibration, of one invocation, taken as a measured one: when it
// lasted as long as the fork asks, it is the fork's measurement (true), with no warmup; else
// it is the calibration's first sample, and the measurement begins again after the warmup.
bool first_sample_measured(WorkerChannel& worker, const registry::Instance& instance, const ForkPlan& plan,
                           results::Fork& fork) {
  begin_measurement(worker);
  results::Sample first = take_samples(worker, 1, 1).front();
  const analysis::FirstSampleBounds bounds{plan.measure_ns, plan.warmup_max_ns, plan.warmup_until_age_ns};
  if (!analysis::first_sample_serves(first, bounds, instance.threads)) {
    fork.warmup.push_back(std::move(first));
    return false;
  }
  fork.ops_per_sample = instance.spec->ops_per_invocation * static_cast<std::uint64_t>(instance.threads);
  fork.samples.push_back(std::move(first));
  fork.floor_ns_per_op = measure_floor(worker, 1);
  fork.reference_after_ns = time_reference(worker);
  return true;
}

// Calibrate, warm up, measure the floor, then the samples (batches, or single calls in
// sample mode). Fills fork_input.calibration_samples: how many of the warmup samples were
// calibration (other batch sizes). The reference workload is timed before and after, or
// after only in a brief fork (reads_reference_once). A first sample that lasted the fork's
// whole measurement and warmup is its measurement (first_sample_measured).
void measure_steady(WorkerChannel& worker, const registry::Instance& instance, const ForkPlan& plan,
                      analysis::ForkAnalysisInput& fork_input, results::Fork& fork) {
  const std::uint64_t opi = instance.spec->ops_per_invocation;
  if (!reads_reference_once(plan)) fork.reference_before_ns = time_reference(worker);
  // A benchmark may fix its batch size (Google Benchmark's Iterations): no calibration.
  const std::uint64_t fixed = instance.spec->settings.invocations;
  const std::uint64_t cap = fixed > 0 ? fixed : invocation_cap(worker, plan.sample_target_ns, opi);
  std::uint64_t invocations = fixed;
  if (first_sample_may_serve(instance, plan)) {
    if (first_sample_measured(worker, instance, plan, fork)) return;
    // The calibration goes on from the first sample.
    const auto next =
        analysis::BatchCalibrator(plan.sample_target_ns, cap).next(1, analysis::wall_span_ns(fork.warmup.back()));
    invocations = next ? calibrate(worker, plan.sample_target_ns, cap, fork, *next) : 1;
  } else if (fixed == 0) {
    invocations = calibrate(worker, plan.sample_target_ns, cap, fork);
  }
  fork_input.calibration_samples = fork.warmup.size();
  const bool measures_nothing = fixed == 0 && invocations >= cap;
  warm_up_as_planned(worker, instance, plan, fork_input, invocations, measures_nothing, fork);
  // An operation that sped up many times over while warming (caches filled, pages mapped)
  // leaves samples far below the target, where the clock weighs more: calibrate once more
  // from here, and warm up again at the new batch size.
  if (fixed == 0 && analysis::typical_span_ns(fork.warmup) < plan.sample_target_ns / 3) {
    invocations = calibrate(worker, plan.sample_target_ns, cap, fork, invocations);
    warm_up_as_planned(worker, instance, plan, fork_input, invocations, measures_nothing, fork);
  }
  // On a CPU other work takes turns on, a sample is disturbed whenever a turn falls inside
  // it; samples a quarter as long fit between turns more often (the clock's error stays
  // under 0.4% of them). Once, and not for a batch the benchmark fixed.
  if (fixed == 0 && invocations >= 4 && analysis::mostly_disturbed(fork.warmup, analysis::kWarmupWindow, instance.threads)) {
    invocations = calibrate(worker, plan.sample_target_ns / 4, cap, fork, invocations / 4);
    warm_up_as_planned(worker, instance, plan, fork_input, invocations, measures_nothing, fork);
  }
  fork.ops_per_sample = invocations * opi * static_cast<std::uint64_t>(instance.threads);

  // The empty loop's cost per op is the same at any large batch; at the cap (ten samples'
  // worth of it) the floor's five runs would take fifty samples' time.
  fork.floor_ns_per_op = measure_floor(worker, measures_nothing ? std::max<std::uint64_t>(cap / 10, 1) : invocations);

  begin_measurement(worker);
  const analysis::MeasurementPlan measurement{plan.measure_ns, plan.min_samples, measures_nothing};
  // In sample mode every invocation is its own sample.
  const std::uint64_t batch = instance.mode == Mode::sample ? 1 : invocations;
  const std::uint64_t count = instance.mode == Mode::sample
                                  ? analysis::calls_to_measure(fork.warmup, measurement, opi, instance.threads)
                                  : analysis::batches_to_measure(fork.warmup, measurement);
  fork.samples = take_samples(worker, batch, count);
  replace_disturbed(worker, batch, instance.threads, fork.samples);
  fork.reference_after_ns = time_reference(worker);
}

}  // namespace

bool reads_reference_once(const ForkPlan& plan) { return plan.warmup_max_ns + plan.measure_ns < kBriefForkNs; }

namespace {

// How long the fork may take samples at most (its calibration and warmup, the horizon's
// second look, and every measured sample replaced once), for a worker that plans how long
// a call of the benchmark's function lasts (the Google Benchmark layer's).
double span_of(const ForkPlan& plan) {
  const double warmup = std::max(plan.to_horizon ? 2 * plan.horizon_ns : plan.warmup_max_ns, plan.warmup_until_age_ns);
  return warmup + 2 * plan.measure_ns;
}

// The worker reads its counters in the order it was sent them: name each reading.
void name_perf_readings(const ForkPlan& plan, results::Fork& fork) {
  if (fork.perf_readings.size() != plan.perf_event_names.size())
    throw WorkerFailure("worker sent " + std::to_string(fork.perf_readings.size()) + " perf counts for " +
                        std::to_string(plan.perf_event_names.size()) + " events");
  for (std::size_t i = 0; i < fork.perf_readings.size(); ++i) fork.perf_readings[i].event = plan.perf_event_names[i];
}

}  // namespace

results::Fork run_fork(const registry::Instance& instance, ForkPlan plan) {
  // The benchmark's own settings win over the run's.
  const auto& settings = instance.spec->settings;
  if (settings.measure_ms > 0) plan.measure_ns = settings.measure_ms * 1e6;
  if (settings.warmup_max_ms > 0) plan.warmup_max_ns = settings.warmup_max_ms * 1e6;
  if (settings.horizon_ms > 0) plan.horizon_ns = settings.horizon_ms * 1e6;
  plan.warmup_max_ns = std::max(plan.warmup_max_ns, settings.warmup_min_ms * 1e6);
  plan.horizon_ns = std::max(plan.horizon_ns, settings.warmup_min_ms * 1e6);
  plan.sample_target_ns = analysis::target_sample_ns(plan.clock_resolution_ns, plan.clock_overhead_ns, plan.measure_ns);
  results::Fork fork;
  fork.layout = worker::derive_layout(plan.layout_seed);
  analysis::ForkAnalysisInput fork_input;
  fork_input.mode = instance.mode;
  fork_input.threads = instance.threads;
  fork_input.clock_resolution_ns = plan.clock_resolution_ns;
  fork_input.delta = plan.steady_band;
  const auto start = std::chrono::steady_clock::now();
  try {
    worker::WorkerSpec spec;
    spec.benchmark = instance.spec->name;
    spec.occurrence = registry::occurrence(*instance.spec);
    spec.params = instance.params;
    spec.threads = instance.threads;
    spec.tsc_ghz = plan.tsc_ghz;
    spec.layout_seed = plan.layout_seed;
    spec.perf_events = plan.perf_events;
    spec.count_allocations = !plan.alloc_library.empty();
    spec.span_ns = span_of(plan);
    spec.invocation_ns = plan.invocation_ns;
    std::vector<std::string> environment;
    if (spec.count_allocations) environment.push_back(preload_variable(plan.alloc_library, std::getenv("LD_PRELOAD")));
    const std::unique_ptr<WorkerChannel> channel = plan.launcher->start(
        {plan.executable, worker::to_args(spec), fork.layout.env_pad_bytes, {}, std::move(environment), {}},
        plan.timeout_seconds);
    WorkerChannel& worker = *channel;
    fork.pid = worker.pid();
    expect_ready(worker, fork);
    const Placement placement = worker.placement();
    fork.node = placement.node;
    fork.slurm_step = placement.slurm_step;
    if (instance.mode == Mode::ss) measure_single_shot(worker, instance, fork);
    else measure_steady(worker, instance, plan, fork_input, fork);
    finish(worker, fork);
    name_perf_readings(plan, fork);
  } catch (const WorkerFailure& failure) {
    fork.ok = false;
    fork.error = failure.what();
    return fork;
  } catch (const BenchmarkSkipped& skipped) {
    fork.ok = false;
    fork.skipped = fork.error = skipped.what();
    return fork;
  }
  fork.wall_ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  // How far the first fork looked: its process's age at the end of its warmup.
  if (plan.to_horizon && instance.mode != Mode::ss && !fork.warmup.empty())
    fork.slow_start = analysis::judge_slow_start(fork, fork_input, fork.warmup.back().age_ns);
  analysis::analyze_fork(fork, fork_input);
  return fork;
}

}  // namespace tare::runner

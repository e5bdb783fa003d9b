#include "runner/fork_steps.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <variant>

#include "analysis/calibration.hpp"
#include "analysis/warmup.hpp"
#include "worker/protocol.hpp"

namespace tare::runner {
namespace {

// The worker's next reply, read as `parse` reads it; a line that is not that reply is the
// worker breaking the protocol.
template <class Parse>
auto read_reply(WorkerChannel& worker, Parse parse) {
  const std::string line = worker.read_line();
  try {
    return parse(line);
  } catch (const worker::ProtocolError& e) {
    throw WorkerFailure(worker.description() + " sent " + e.what());
  }
}

}  // namespace

void request_samples(WorkerChannel& worker, std::uint64_t invocations, std::uint64_t count) {
  worker.send(worker::to_line(worker::TakeSamples{invocations, count}));
}

results::Sample read_sample(WorkerChannel& worker) {
  return read_reply(worker, worker::parse_sample);
}

std::vector<results::Sample> take_samples(WorkerChannel& worker, std::uint64_t invocations, std::uint64_t count) {
  request_samples(worker, invocations, count);
  std::vector<results::Sample> samples;
  samples.reserve(count);
  for (std::uint64_t i = 0; i < count; ++i) samples.push_back(read_sample(worker));
  return samples;
}

std::uint64_t invocation_cap(WorkerChannel& worker, double sample_target_ns, std::uint64_t ops_per_invocation) {
  // 2^16 iterations of the empty loop: tens of microseconds, enough to know its order.
  constexpr std::uint64_t kProbe = std::uint64_t{1} << 16;
  constexpr double kLeastIterationNs = 0.01;  // a clock that read 0 must not lift the bound
  const double iteration_ns =
      std::max(measure_floor(worker, kProbe) * static_cast<double>(ops_per_invocation), kLeastIterationNs);
  return static_cast<std::uint64_t>(std::max(1.0, std::ceil(10 * sample_target_ns / iteration_ns)));
}

// Calibrates the batch, starting from `invocations`, until a sample spans the target
// (analysis::wall_span_ns: a paused timer's batch stops growing once it lasts the target as
// time passes); the calibration samples are part of the fork's history (warmup).
std::uint64_t calibrate(WorkerChannel& worker, double sample_target_ns, std::uint64_t max_invocations,
                        results::Fork& fork, std::uint64_t invocations) {
  const analysis::BatchCalibrator calibrator(sample_target_ns, max_invocations);
  for (;;) {
    results::Sample sample = take_samples(worker, invocations, 1).front();
    fork.warmup.push_back(sample);
    const auto next = calibrator.next(invocations, analysis::wall_span_ns(sample));
    if (!next) return invocations;
    invocations = *next;
  }
}

// Warms up until the last kWarmupWindow samples show no trend, or the time bound passes.
// This only decides when to start measuring; whether and where the fork reached a steady
// state is judged afterwards on the whole series (fork_analysis), with changepoints. The
// bound is on time as it passes (a benchmark that pauses its timer takes far longer than
// its samples say), calibration included; the minimum (MinWarmUpTime) is on the samples'
// own time.
void warm_up(WorkerChannel& worker, Mode mode, int threads, const WarmupBounds& bounds, std::uint64_t invocations,
             results::Fork& fork) {
  const std::size_t first = fork.warmup.size();
  // The bound holds the fork's time before the measurement: calibration counts.
  const double before = fork.warmup.empty() ? 0 : analysis::passed_ns(fork.warmup);
  double timed = 0;
  for (const auto& s : fork.warmup) timed += s.ns;
  const auto start = std::chrono::steady_clock::now();
  const auto wall = [&] {
    return before + std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  };
  // The process's age at the last sample (the samples' own time where it is not stamped).
  const auto age = [&] {
    return !fork.warmup.empty() && fork.warmup.back().age_ns >= 0 ? fork.warmup.back().age_ns : timed;
  };
  const auto owed = [&] {
    return timed < bounds.least_timed_ns || age() < bounds.least_age_ns;
  };
  if (wall() >= bounds.most_wall_ns && !owed()) return;
  double wall_per_sample = fork.warmup.empty() ? bounds.most_wall_ns : std::max(analysis::last_passed_ns(fork.warmup), 1.0);
  for (;;) {
    // Chunks of up to 5 samples, fewer when samples are long, so the bound is not overshot.
    // (A fork that did not calibrate itself, the second of a pair, starts with one sample.)
    const double chunk_start = wall();
    const auto chunk = static_cast<std::uint64_t>(std::clamp((bounds.most_wall_ns - chunk_start) / wall_per_sample, 1.0, 5.0));
    for (auto& s : take_samples(worker, invocations, chunk)) {
      timed += s.ns;
      fork.warmup.push_back(std::move(s));
    }
    wall_per_sample = std::max((wall() - chunk_start) / static_cast<double>(chunk), 1.0);
    if (owed()) continue;
    if (wall() >= bounds.most_wall_ns) return;
    if (analysis::warmup_settled(fork.warmup, first, mode, threads)) return;
  }
}

// The worker's first words: set up, and with the memory layout it was asked for.
void expect_ready(WorkerChannel& worker, results::Fork& fork) {
  const std::string hello = worker.read_line();
  worker::Ready ready;
  try {
    ready = worker::parse_ready(hello);
  } catch (const worker::ProtocolError&) {
    throw WorkerFailure(worker.description() + " did not start properly: " + hello);
  }
  // The worker's own word: under Slurm the process started here is srun, not the worker.
  fork.pid = ready.pid;
  fork.setup_ns = static_cast<double>(ready.setup_ns);
  if (ready.env_pad != fork.layout.env_pad_bytes || ready.stack_offset != fork.layout.stack_offset_bytes ||
      ready.heap_offset != fork.layout.heap_offset_bytes)
    throw WorkerFailure(worker.description() + " applied a different memory layout than asked (" + hello +
                        "): is it the same build?");
}

double time_reference(WorkerChannel& worker) {
  worker.send(worker::to_line(worker::TimeReference{}));
  return read_reply(worker, worker::parse_reference).ns_per_iteration;
}

void begin_measurement(WorkerChannel& worker) {
  worker.send(worker::to_line(worker::BeginMeasurement{}));
  read_reply(worker, worker::parse_begun);
}

double measure_floor(WorkerChannel& worker, std::uint64_t invocations) {
  worker.send(worker::to_line(worker::TimeFloor{invocations}));
  return read_reply(worker, worker::parse_floor).ns_per_op;
}

// Trial teardown (timed by the worker), resource usage, and a clean exit.
void finish(WorkerChannel& worker, results::Fork& fork) {
  worker.send(worker::to_line(worker::Finish{}));
  // Annotations, allocations and perf counts when there are any, then the teardown report.
  for (;;) {
    const worker::FinishReply reply = read_reply(worker, worker::parse_finish_reply);
    if (const auto* annotations = std::get_if<worker::Annotations>(&reply)) {
      fork.annotations = annotations->text;
    } else if (const auto* allocations = std::get_if<results::Allocations>(&reply)) {  // --prof alloc
      fork.allocations = *allocations;
    } else if (const auto* counts = std::get_if<worker::PerfCounts>(&reply)) {  // --prof perf
      fork.perf_ops = counts->ops;
      fork.perf_readings = counts->readings;
    } else {
      const auto& teardown = std::get<worker::Teardown>(reply);
      fork.teardown_ns = static_cast<double>(teardown.teardown_ns);
      fork.resources = teardown.resources;
      for (const results::Sample& sample : fork.samples) fork.resources.ops += sample.ops;
      break;
    }
  }
  worker.wait_for_exit();
}

}  // namespace tare::runner

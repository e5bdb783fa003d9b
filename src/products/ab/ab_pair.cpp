#include "ab/ab_pair.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/calibration.hpp"
#include "analysis/disturbance.hpp"
#include "analysis/estimates.hpp"
#include "analysis/fork_analysis.hpp"
#include "analysis/slow_start.hpp"
#include "analysis/warmup.hpp"
#include "runner/fork_steps.hpp"
#include "runner/launcher.hpp"
#include "stats/descriptive.hpp"
#include "worker/layout.hpp"
#include "worker/protocol.hpp"

namespace tare::ab {
namespace {

using Series = std::vector<results::Sample> results::Fork::*;

// One side of a pair: its worker and what it measured.
struct PairSide {
  runner::WorkerChannel& worker;
  results::Fork& fork;
};

// The two sides in the order they take every step: the first is started first, samples
// first in each round, times the calibration and finishes first. Which build goes first is
// drawn for each pair (from its layout seed), so that whatever the order gives goes to
// either build at random, independently from pair to pair: the last state built or cache
// filled, and the physical memory the previous pair's processes left (A/A on a hash map of
// 10^6 entries with the order fixed: every pair of a run 1-2% apart, one way in one run and
// the other way in the next, so runs named directions).
struct Order {
  PairSide first, second;
};

bool first_is_candidate(std::uint64_t layout_seed) { return ((layout_seed >> 17) & 1) != 0; }

results::Sample one_sample(PairSide& side, std::uint64_t invocations) {
  return runner::take_samples(side.worker, invocations, 1).front();
}

// A sample of both sides started together: both requests go out before either is read.
void both_at_once(Order& o, std::uint64_t invocations, Series series) {
  runner::request_samples(o.first.worker, invocations, 1);
  runner::request_samples(o.second.worker, invocations, 1);
  (o.first.fork.*series).push_back(runner::read_sample(o.first.worker));
  (o.second.fork.*series).push_back(runner::read_sample(o.second.worker));
}

// One round of both sides, sample by sample, so that whatever the machine does hits both
// alike. Lock-step: A B B A (a linear drift within a round hits both sides equally); duet:
// both at once, the two samples started together; single shot: one cold call of each.
void pair_round(Order& o, std::uint64_t invocations, bool duet, bool single_shot, Series series) {
  if (duet) return both_at_once(o, invocations, series);
  (o.first.fork.*series).push_back(one_sample(o.first, invocations));
  (o.second.fork.*series).push_back(one_sample(o.second, invocations));
  if (single_shot) return;
  (o.second.fork.*series).push_back(one_sample(o.second, invocations));
  (o.first.fork.*series).push_back(one_sample(o.first, invocations));
}

// The first call of both sides at once (on the CPU they share, taking turns), as a native
// benchmark's state is built by both processes as they start: a Google Benchmark function
// builds its state in its first call, and built one after the other, the side built second
// had it fresher in the shared caches (a 64 MiB chase ran 2-7% faster on whichever build was
// calibrated second) and took its memory from what the first had left.
void first_calls_together(Order& o) { both_at_once(o, 1, &results::Fork::warmup); }

// One batch size for both sides, so that fixed costs per sample weigh the same: grown on the
// first side until a sample spans the target (analysis::wall_span_ns, a paused timer's
// untimed parts included), every step taken by the second side too, so
// that both come to the warmup with the same history.
std::uint64_t calibrate_pair(Order& o, double sample_target_ns, std::uint64_t cap) {
  const analysis::BatchCalibrator calibrator(sample_target_ns, cap);
  first_calls_together(o);
  std::uint64_t invocations = 1;
  for (;;) {
    const results::Sample sample = one_sample(o.first, invocations);
    o.first.fork.warmup.push_back(sample);
    o.second.fork.warmup.push_back(one_sample(o.second, invocations));
    const auto next = calibrator.next(invocations, analysis::wall_span_ns(sample));
    if (!next) return invocations;
    invocations = *next;
  }
}

// The process's age at its last sample (0 before any).
double last_age_ns(const results::Fork& fork) {
  return fork.warmup.empty() ? 0 : std::max(fork.warmup.back().age_ns, 0.0);
}

// Warms both sides up together, round by round as they will be measured, until both have
// settled (and both processes are `least_age_ns` old) or the bound passed. Warmed one after
// the other, the side warmed last had the caches the two share to itself when the
// measurement began: on a hash map of 10^6 entries it was 4-5% faster in every pair,
// whichever build it was.
void warm_up_pair(Order& o, const Listed& b, std::uint64_t invocations, double most_wall_ns, double least_age_ns,
                  bool duet) {
  results::Fork& x = o.first.fork;
  results::Fork& y = o.second.fork;
  const std::size_t first_x = x.warmup.size(), first_y = y.warmup.size();
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    pair_round(o, invocations, duet, false, &results::Fork::warmup);
    const double wall_ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    if (wall_ns >= most_wall_ns) return;
    if (std::min(last_age_ns(x), last_age_ns(y)) < least_age_ns) continue;
    if (analysis::warmup_settled(x.warmup, first_x, b.mode, b.threads) &&
        analysis::warmup_settled(y.warmup, first_y, b.mode, b.threads))
      return;
  }
}

// What a side's watch saw, judged as a run's first fork is (its calibration samples apart).
results::SlowStart judged_start(const results::Fork& side, const Listed& b, std::size_t calibration_samples) {
  analysis::ForkAnalysisInput input;
  input.mode = b.mode;
  input.threads = b.threads;
  input.calibration_samples = calibration_samples;
  return analysis::judge_slow_start(side, input, last_age_ns(side));
}

// The first pair's watch: both processes warmed up until they are the horizon old, twice
// that when either side's speed still changed late; the longer slow start of the two.
results::SlowStart watch_pair(Order& o, const Listed& b, std::uint64_t invocations, const PairWatch& watch, bool duet,
                              std::size_t calibration) {
  results::SlowStart first, second;
  for (const double horizon : {watch.horizon_ns, 2 * watch.horizon_ns}) {
    warm_up_pair(o, b, invocations, 2 * horizon, horizon, duet);
    first = judged_start(o.first.fork, b, calibration);
    second = judged_start(o.second.fork, b, calibration);
    if (!first.near_horizon && !second.near_horizon) break;
  }
  return first.warmup_ms >= second.warmup_ms ? first : second;
}

// Calibration, the warmup (with the first pair's watch), and the rounds to measure; what the
// watch saw.
std::optional<results::SlowStart> prepare_pair(Order& o, const AbOptions& options, const Listed& b,
                                               const Setup& setup, const PairWatch& watch,
                                               std::uint64_t& invocations, std::uint64_t& rounds) {
  const std::uint64_t cap = runner::invocation_cap(o.first.worker, setup.sample_target_ns, b.ops_per_invocation);
  invocations = calibrate_pair(o, setup.sample_target_ns, cap);
  const std::size_t calibration = o.first.fork.warmup.size();
  std::optional<results::SlowStart> slow_start;
  if (watch.to_horizon)
    slow_start = watch_pair(o, b, invocations, watch, options.duet, calibration);
  else
    warm_up_pair(o, b, invocations, std::max(options.warmup_max_ms * 1e6, 2 * watch.until_age_ns), watch.until_age_ns,
                 options.duet);
  const double sample_ns = std::max(analysis::typical_span_ns(o.first.fork.warmup), 1.0);
  // measure_ms of samples per side: a lock-step round takes two of each, a duet round one.
  const double per_round = options.duet ? 1 : 2;
  rounds = static_cast<std::uint64_t>(std::clamp(options.measure_ms * 1e6 / sample_ns / per_round, 2.0, 5000.0));
  return slow_start;
}

}  // namespace

Pair run_pair(const AbOptions& options, const PairBinaries& binaries, const Listed& b, const Setup& setup,
              std::uint64_t layout_seed, const PairCpus& cpus, const PairWatch& watch) {
  worker::WorkerSpec spec;
  spec.benchmark = b.family;
  spec.params = b.params;
  spec.threads = b.threads;
  spec.tsc_ghz = setup.tsc_ghz;
  spec.layout_seed = layout_seed;
  // Each side warms up and then measures for measure_ms (lock-step: in rounds of two).
  spec.span_ns = std::max({options.warmup_max_ms * 1e6, 2 * watch.horizon_ns, watch.until_age_ns}) +
                 2 * options.measure_ms * 1e6;
  results::Fork base, candidate;
  const results::Layout layout = worker::derive_layout(layout_seed);
  base.layout = candidate.layout = layout;
  const bool candidate_first = first_is_candidate(layout_seed);
  std::unique_ptr<runner::WorkerChannel> a, c;
  const auto start = [&](std::unique_ptr<runner::WorkerChannel>& w, const std::string& binary, const std::vector<int>& on) {
    w = setup.launcher->start(runner::WorkerCommand{binary, worker::to_args(spec), layout.env_pad_bytes, {}, {}, on},
                              options.timeout_seconds);
  };
  if (candidate_first) start(c, binaries.candidate, cpus.candidate);
  start(a, binaries.base, cpus.base);
  if (!candidate_first) start(c, binaries.candidate, cpus.candidate);
  runner::expect_ready(*a, base);
  runner::expect_ready(*c, candidate);

  const PairSide base_side{*a, base}, candidate_side{*c, candidate};
  Order order = candidate_first ? Order{candidate_side, base_side} : Order{base_side, candidate_side};
  std::uint64_t invocations = 1, rounds = 1;
  std::optional<results::SlowStart> slow_start;
  if (b.mode != Mode::ss) slow_start = prepare_pair(order, options, b, setup, watch, invocations, rounds);
  runner::begin_measurement(order.first.worker);
  runner::begin_measurement(order.second.worker);
  for (std::uint64_t r = 0; r < rounds; ++r)
    pair_round(order, invocations, options.duet, b.mode == Mode::ss, &results::Fork::samples);
  runner::finish(order.first.worker, order.first.fork);
  runner::finish(order.second.worker, order.second.fork);
  const auto values = analysis::paired_scored_values(base.samples, candidate.samples, b.mode, b.threads);
  return {stats::mean(values.first), stats::mean(values.second), slow_start};
}

}  // namespace tare::ab

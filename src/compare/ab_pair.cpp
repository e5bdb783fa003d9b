#include "compare/ab_pair.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "analysis/calibration.hpp"
#include "analysis/disturbance.hpp"
#include "analysis/estimates.hpp"
#include "analysis/fork_analysis.hpp"
#include "analysis/slow_start.hpp"
#include "analysis/warmup.hpp"
#include "runner/fork_steps.hpp"
#include "runner/worker_process.hpp"
#include "stats/descriptive.hpp"
#include "worker/layout.hpp"
#include "worker/protocol.hpp"

namespace tare::compare {
namespace {

using Samples = std::vector<results::Sample>;

// One round of both sides, sample by sample, so that whatever the machine does hits both
// alike. Lock-step: A B B A (a linear drift within a round hits both sides equally); duet:
// both at once, the two samples started together; single shot: one cold call of each.
void pair_round(runner::WorkerProcess& a, runner::WorkerProcess& c, std::uint64_t invocations, bool duet,
                bool single_shot, Samples& base, Samples& candidate) {
  if (duet) {
    runner::request_samples(a, invocations, 1);
    runner::request_samples(c, invocations, 1);
    base.push_back(runner::read_sample(a));
    candidate.push_back(runner::read_sample(c));
    return;
  }
  base.push_back(runner::take_samples(a, invocations, 1).front());
  candidate.push_back(runner::take_samples(c, invocations, 1).front());
  if (single_shot) return;
  candidate.push_back(runner::take_samples(c, invocations, 1).front());
  base.push_back(runner::take_samples(a, invocations, 1).front());
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
void warm_up_pair(runner::WorkerProcess& a, runner::WorkerProcess& c, const Listed& b, std::uint64_t invocations,
                  double most_wall_ns, double least_age_ns, bool duet, results::Fork& base, results::Fork& candidate) {
  const std::size_t first_base = base.warmup.size(), first_candidate = candidate.warmup.size();
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    pair_round(a, c, invocations, duet, false, base.warmup, candidate.warmup);
    const double wall_ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    if (wall_ns >= most_wall_ns) return;
    if (std::min(last_age_ns(base), last_age_ns(candidate)) < least_age_ns) continue;
    if (analysis::warmup_settled(base.warmup, first_base, b.mode, b.threads) &&
        analysis::warmup_settled(candidate.warmup, first_candidate, b.mode, b.threads))
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
results::SlowStart watch_pair(runner::WorkerProcess& a, runner::WorkerProcess& c, const Listed& b,
                              std::uint64_t invocations, const PairWatch& watch, bool duet, std::size_t calibration,
                              results::Fork& base, results::Fork& candidate) {
  results::SlowStart base_start, candidate_start;
  for (const double horizon : {watch.horizon_ns, 2 * watch.horizon_ns}) {
    warm_up_pair(a, c, b, invocations, 2 * horizon, horizon, duet, base, candidate);
    base_start = judged_start(base, b, calibration);
    candidate_start = judged_start(candidate, b, 0);
    if (!base_start.near_horizon && !candidate_start.near_horizon) break;
  }
  return base_start.warmup_ms >= candidate_start.warmup_ms ? base_start : candidate_start;
}

}  // namespace

Pair run_pair(const AbOptions& options, const PairBinaries& binaries, const Listed& b, const Setup& setup,
              std::uint64_t layout_seed, const PairCpus& cpus, const PairWatch& watch) {
  const Mode mode = b.mode;
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
  base.layout = candidate.layout = worker::derive_layout(layout_seed);
  runner::WorkerProcess a({binaries.base, worker::to_args(spec), base.layout.env_pad_bytes, {}, {}},
                          options.timeout_seconds);
  runner::WorkerProcess c({binaries.candidate, worker::to_args(spec), candidate.layout.env_pad_bytes, {}, {}},
                          options.timeout_seconds);
  // Pinned at once, so that set-up most likely touches its memory where it will be measured.
  pin(a.pid(), cpus.base);
  pin(c.pid(), cpus.candidate);
  runner::expect_ready(a, base);
  runner::expect_ready(c, candidate);

  std::uint64_t invocations = 1;
  std::uint64_t rounds = 1;
  std::optional<results::SlowStart> slow_start;
  if (mode != Mode::ss) {
    // One batch size for both sides, from the base: fixed costs per sample then weigh the same.
    const std::uint64_t cap = runner::invocation_cap(a, setup.sample_target_ns, b.ops_per_invocation);
    invocations = runner::calibrate(a, setup.sample_target_ns, cap, base);
    const std::size_t calibration = base.warmup.size();
    if (watch.to_horizon)
      slow_start = watch_pair(a, c, b, invocations, watch, options.duet, calibration, base, candidate);
    else
      warm_up_pair(a, c, b, invocations, std::max(options.warmup_max_ms * 1e6, 2 * watch.until_age_ns),
                   watch.until_age_ns, options.duet, base, candidate);
    const double sample_ns = std::max(analysis::typical_recent(base.warmup).ns, 1.0);
    // measure_ms of samples per side: a lock-step round takes two of each, a duet round one.
    const double per_round = options.duet ? 1 : 2;
    rounds = static_cast<std::uint64_t>(std::clamp(options.measure_ms * 1e6 / sample_ns / per_round, 2.0, 5000.0));
  }
  runner::begin_measurement(a);
  runner::begin_measurement(c);
  for (std::uint64_t r = 0; r < rounds; ++r)
    pair_round(a, c, invocations, options.duet, mode == Mode::ss, base.samples, candidate.samples);
  runner::finish(a, base);
  runner::finish(c, candidate);
  const auto values = analysis::paired_scored_values(base.samples, candidate.samples, mode, b.threads);
  return {stats::mean(values.first), stats::mean(values.second), slow_start};
}

}  // namespace tare::compare

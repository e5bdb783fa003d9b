#include "compare/ab_pair.hpp"

#include <algorithm>

#include "analysis/calibration.hpp"
#include "analysis/disturbance.hpp"
#include "analysis/estimates.hpp"
#include "analysis/fork_analysis.hpp"
#include "runner/fork_steps.hpp"
#include "runner/worker_process.hpp"
#include "stats/descriptive.hpp"
#include "worker/layout.hpp"
#include "worker/protocol.hpp"

namespace tare::compare {
namespace {

// Measures both sides of a pair, sample by sample, so that whatever the machine does hits
// both alike. Lock-step: A B B A, round after round (a linear drift within a round hits
// both sides equally). Duet: both at once, each round starting the two samples together.
// Single-shot mode takes one cold call of each (rounds is then 1).
void measure_pair(runner::WorkerProcess& a, runner::WorkerProcess& c, std::uint64_t invocations,
                  std::uint64_t rounds, bool duet, bool single_shot, results::Fork& base,
                  results::Fork& candidate) {
  for (std::uint64_t r = 0; r < rounds; ++r) {
    if (duet) {
      runner::request_samples(a, invocations, 1);
      runner::request_samples(c, invocations, 1);
      base.samples.push_back(runner::read_sample(a));
      candidate.samples.push_back(runner::read_sample(c));
      continue;
    }
    base.samples.push_back(runner::take_samples(a, invocations, 1).front());
    candidate.samples.push_back(runner::take_samples(c, invocations, 1).front());
    if (single_shot) break;
    candidate.samples.push_back(runner::take_samples(c, invocations, 1).front());
    base.samples.push_back(runner::take_samples(a, invocations, 1).front());
  }
}

}  // namespace

Pair run_pair(const AbOptions& options, const PairBinaries& binaries, const Listed& b, const Setup& setup,
              std::uint64_t layout_seed, const PairCpus& cpus) {
  const Mode mode = b.mode;
  worker::WorkerSpec spec;
  spec.benchmark = b.family;
  spec.params = b.params;
  spec.threads = b.threads;
  spec.tsc_ghz = setup.tsc_ghz;
  spec.layout_seed = layout_seed;
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
  if (mode != Mode::ss) {
    // One batch size for both sides, from the base: fixed costs per sample then weigh the same.
    const std::uint64_t cap = runner::invocation_cap(a, setup.sample_target_ns, b.ops_per_invocation);
    invocations = runner::calibrate(a, setup.sample_target_ns, cap, base);
    runner::WarmupBounds bounds;
    bounds.most_wall_ns = options.warmup_max_ms * 1e6;
    runner::warm_up(a, mode, b.threads, bounds, invocations, base);
    runner::warm_up(c, mode, b.threads, bounds, invocations, candidate);
    const double sample_ns = std::max(analysis::typical_recent(base.warmup).ns, 1.0);
    // measure_ms of samples per side: a lock-step round takes two of each, a duet round one.
    const double per_round = options.duet ? 1 : 2;
    rounds = static_cast<std::uint64_t>(std::clamp(options.measure_ms * 1e6 / sample_ns / per_round, 2.0, 5000.0));
  }
  runner::begin_measurement(a);
  runner::begin_measurement(c);
  measure_pair(a, c, invocations, rounds, options.duet, mode == Mode::ss, base, candidate);
  runner::finish(a, base);
  runner::finish(c, candidate);
  const auto values = analysis::paired_scored_values(base.samples, candidate.samples, mode, b.threads);
  return {stats::mean(values.first), stats::mean(values.second)};
}

}  // namespace tare::compare

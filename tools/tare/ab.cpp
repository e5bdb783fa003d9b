#include "tools/tare/ab.hpp"

#include <fmt/format.h>
#include <sched.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <random>

#include "clock/clock.hpp"
#include "registry/registry.hpp"
#include "runner/calibration.hpp"
#include "runner/estimates.hpp"
#include "runner/fork_analysis.hpp"
#include "runner/fork_steps.hpp"
#include "runner/worker_process.hpp"
#include "stats/descriptive.hpp"
#include "stats/ratio.hpp"
#include "tools/tare/capture.hpp"
#include "tools/tare/quantities.hpp"
#include "worker/layout.hpp"
#include "worker/protocol.hpp"

namespace tare::tool {
namespace {

struct Listed {
  std::string name, family, mode;
  std::vector<std::pair<std::string, std::string>> params;
  int threads = 1;
};

// The benchmarks a binary declares, from its --list-json; a usage error when it is not a
// tare benchmark binary.
std::vector<Listed> list_benchmarks(const std::string& binary, const std::optional<std::string>& filter) {
  struct stat info {};
  if (stat(binary.c_str(), &info) != 0) throw UsageError(binary + ": no such file");
  std::vector<std::string> args{"--list-json"};
  if (filter) args.insert(args.end(), {"--filter", *filter});
  const Captured listed = capture_output(binary, args);
  if (!listed.started) throw UsageError(binary + ": cannot be run");
  const auto doc = nlohmann::json::parse(listed.output, nullptr, false);
  if (listed.exit_status != 0 || doc.is_discarded() || !doc.is_array())
    throw UsageError(binary + ": not a tare benchmark binary (its --list-json gave no benchmark list)");
  std::vector<Listed> benchmarks;
  for (const auto& entry : doc) {
    Listed b;
    b.name = entry.value("name", "");
    b.family = entry.value("family", "");
    b.mode = entry.value("mode", "avgt");
    b.threads = entry.value("threads", 1);
    if (const auto params = entry.find("params"); params != entry.end() && params->is_object())
      for (const auto& [key, value] : params->items()) b.params.emplace_back(key, value.get<std::string>());
    benchmarks.push_back(std::move(b));
  }
  return benchmarks;
}

struct Pair {
  double base_mean = 0, candidate_mean = 0;
};

struct Setup {
  double tsc_ghz = 0;
  double sample_target_ns = 1e6;
};

// The CPUs this process may run on.
std::vector<int> allowed_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cpus;
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
      if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
  return cpus;
}

// Both processes of a pair on one CPU: alternating samples only cancel what the two share,
// and on a virtual machine two vCPUs run at different, independently drifting speeds
// (measured here: pair ratios scattered by ±3% across two cores). Best effort: if pinning
// fails the pair still runs.
void pin(pid_t pid, int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  sched_setaffinity(pid, sizeof set, &set);
}

// One pair of processes, driven in lock-step.
Pair run_pair(const AbOptions& options, const Listed& b, const Setup& setup, std::uint64_t layout_seed, int cpu) {
  const Mode mode = registry::parse_mode(b.mode).value_or(Mode::avgt);
  worker::WorkerSpec spec;
  spec.benchmark = b.family;
  spec.params = b.params;
  spec.threads = b.threads;
  spec.tsc_ghz = setup.tsc_ghz;
  spec.layout_seed = layout_seed;
  results::Fork base, candidate;
  base.layout = candidate.layout = worker::derive_layout(layout_seed);
  // Both alive at once: started, then set up, before either is measured.
  runner::WorkerProcess a(options.base, worker::to_args(spec), base.layout.env_pad_bytes, options.timeout_seconds);
  runner::WorkerProcess c(options.candidate, worker::to_args(spec), candidate.layout.env_pad_bytes,
                          options.timeout_seconds);
  // Single-threaded benchmarks only: a multi-threaded one needs its cores.
  if (cpu >= 0 && b.threads == 1) {
    pin(a.pid(), cpu);
    pin(c.pid(), cpu);
  }
  runner::expect_ready(a, base);
  runner::expect_ready(c, candidate);

  std::uint64_t invocations = 1;
  std::uint64_t rounds = 1;
  if (mode != Mode::ss) {
    // One batch size for both sides, from the base: fixed costs per sample then weigh the same.
    invocations = runner::calibrate(a, setup.sample_target_ns, base);
    runner::warm_up(a, mode, b.threads, options.warmup_max_ms * 1e6, invocations, base);
    runner::warm_up(c, mode, b.threads, options.warmup_max_ms * 1e6, invocations, candidate);
    const double sample_ns = std::max(runner::typical_recent(base.warmup).ns, 1.0);
    rounds = static_cast<std::uint64_t>(std::clamp(options.measure_ms * 1e6 / sample_ns / 2, 2.0, 5000.0));
  }
  runner::begin_measurement(a);
  runner::begin_measurement(c);
  // A B B A, round after round: a linear drift within each round hits both sides equally.
  for (std::uint64_t r = 0; r < rounds; ++r) {
    base.samples.push_back(runner::take_samples(a, invocations, 1).front());
    candidate.samples.push_back(runner::take_samples(c, invocations, 1).front());
    if (mode == Mode::ss) break;  // one cold call each
    candidate.samples.push_back(runner::take_samples(c, invocations, 1).front());
    base.samples.push_back(runner::take_samples(a, invocations, 1).front());
  }
  runner::finish(a, base);
  runner::finish(c, candidate);
  return {stats::mean(runner::fork_values(base, mode, b.threads)),
          stats::mean(runner::fork_values(candidate, mode, b.threads))};
}

}  // namespace

CompareReport run_ab(const AbOptions& options) {
  const auto base_list = list_benchmarks(options.base, options.filter);
  const auto candidate_list = list_benchmarks(options.candidate, options.filter);
  CompareReport report;
  report.options.threshold = options.threshold;
  report.options.seed = options.seed;
  report.method = fmt::format(
      "ratios NEW/BASE with 95% Student-t intervals over {} pairs of processes run side by side in lock-step "
      "(A B B A), one log-ratio per pair",
      options.pairs);
  std::vector<const Listed*> common;
  for (const auto& b : base_list) {
    const bool shared = std::any_of(candidate_list.begin(), candidate_list.end(),
                                    [&](const Listed& c) { return c.name == b.name; });
    if (shared) common.push_back(&b);
    else report.only_in_base.push_back(b.name);
  }
  for (const auto& c : candidate_list)
    if (std::none_of(base_list.begin(), base_list.end(), [&](const Listed& b) { return b.name == c.name; }))
      report.only_in_candidate.push_back(c.name);
  if (common.empty()) throw UsageError(options.base + " and " + options.candidate + ": no benchmark in common");

  runner::install_interrupt_handlers();
  clock::select_best();
  const auto clock = clock::characterize_active();
  const Setup setup{clock::tsc_ghz(), runner::target_sample_ns(clock.resolution_ns, clock.overhead_ns)};
  std::mt19937_64 rng(options.seed);
  const std::vector<int> cpus = allowed_cpus();
  std::size_t next_cpu = 0;  // pairs rotate over the CPUs, so every CPU's luck is sampled

  for (const Listed* b : common) {
    CompareRow row;
    row.name = b->name;
    row.unit = registry::mode_unit(registry::parse_mode(b->mode).value_or(Mode::avgt));
    std::vector<double> logs, base_means, candidate_means;
    try {
      for (int p = 0; p < options.pairs; ++p) {
        const int cpu = cpus.empty() ? -1 : cpus[next_cpu++ % cpus.size()];
        const Pair pair = run_pair(options, *b, setup, rng(), cpu);
        logs.push_back(std::log(pair.candidate_mean / pair.base_mean));
        base_means.push_back(pair.base_mean);
        candidate_means.push_back(pair.candidate_mean);
        row.pairs.emplace_back(pair.base_mean, pair.candidate_mean);
      }
    } catch (const runner::WorkerFailure& failure) {
      row.problem = std::string("a worker failed: ") + failure.what();
    }
    row.base = {stats::mean(base_means), base_means.size()};
    row.candidate = {stats::mean(candidate_means), candidate_means.size()};
    if (row.problem.empty()) row.ratio = stats::paired_ratio(logs);
    if (row.problem.empty() && !std::isfinite(row.ratio.estimate)) row.problem = "fewer than 2 pairs: no interval";
    report.rows.push_back(std::move(row));
  }
  decide_verdicts(report);
  return report;
}

}  // namespace tare::tool

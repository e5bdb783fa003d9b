#include "compare/ab.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>
#include <random>

#include "analysis/calibration.hpp"
#include "analysis/disturbance.hpp"
#include "analysis/estimates.hpp"
#include "analysis/fork_analysis.hpp"
#include "clock/clock.hpp"
#include "compare/ab_instructions.hpp"
#include "system/capture.hpp"
#include "compare/pair_cpus.hpp"
#include "compare/pair_design.hpp"
#include "compare/sequential_stop.hpp"
#include "registry/registry.hpp"
#include "report/enum_names.hpp"
#include "runner/fork_steps.hpp"
#include "runner/options.hpp"
#include "runner/progress.hpp"
#include "runner/worker_process.hpp"
#include "stats/descriptive.hpp"
#include "stats/ratio.hpp"
#include "worker/layout.hpp"
#include "worker/protocol.hpp"

namespace tare::compare {
namespace {

using system::Captured;
using system::capture_output;

struct Listed {
  std::string name, family;
  Mode mode = Mode::avgt;
  std::vector<std::pair<std::string, std::string>> params;
  int threads = 1;
  std::uint64_t ops_per_invocation = 1;
};

// A benchmark list longer than this is no list a binary of tare's writes (about 80,000
// benchmarks): the binary is flooding.
constexpr std::size_t kMaxListBytes = 16u << 20;

// Runs `binary --list-json` within the --timeout a worker gets for a reply (listing is a
// binary's first answer) and up to kMaxListBytes: a binary that hangs or floods while
// listing ends `tare ab` with one line naming it (exit 1), and leaves no process behind.
Captured capture_list(const std::string& binary, const std::vector<std::string>& args, double timeout_seconds) {
  const auto timeout = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(timeout_seconds));
  const Captured listed = capture_output(binary, args, {std::chrono::steady_clock::now() + timeout, kMaxListBytes});
  switch (listed.ending) {
    case Captured::Ending::not_started: throw runner::UsageError(listed.start_error);
    case Captured::Ending::deadline:
      throw std::runtime_error(
          fmt::format("{}: its --list-json did not finish within {:g} s (--timeout); killed", binary, timeout_seconds));
    case Captured::Ending::too_much_output:
      throw std::runtime_error(fmt::format(
          "{}: its --list-json wrote more than {} MiB, more than any benchmark list; killed", binary, kMaxListBytes >> 20));
    case Captured::Ending::interrupted:
      if (runner::interrupted()) throw runner::Interrupted();
      throw std::runtime_error(binary + ": its --list-json was interrupted by a signal; killed");
    case Captured::Ending::ended: break;
  }
  return listed;
}

// The benchmarks a binary declares, from its --list-json; a usage error when it is not a
// tare benchmark binary.
std::vector<Listed> list_benchmarks(const std::string& binary, const std::optional<std::string>& filter,
                                    double timeout_seconds) {
  struct stat info {};
  if (stat(binary.c_str(), &info) != 0) throw runner::UsageError(binary + ": no such file");
  std::vector<std::string> args{"--list-json"};
  if (filter) args.insert(args.end(), {"--filter", *filter});
  const Captured listed = capture_list(binary, args, timeout_seconds);
  const auto doc = nlohmann::json::parse(listed.output, nullptr, false);
  if (listed.exit_status != 0 || doc.is_discarded() || !doc.is_array()) {
    // The binary's own words say best what went wrong (a flag it does not take, a filter
    // that matched nothing, a crash at start-up).
    const std::string said = listed.errors.substr(0, listed.errors.find('\n'));
    if (said.empty()) throw runner::UsageError(binary + ": not a tare benchmark binary (its --list-json gave no benchmark list)");
    throw runner::UsageError(binary + ": its --list-json gave no benchmark list: " + said);
  }
  std::vector<Listed> benchmarks;
  for (const auto& entry : doc) {
    Listed b;
    b.name = entry.value("name", "");
    b.family = entry.value("family", "");
    b.mode = report::parse_mode(entry.value("mode", "avgt")).value_or(Mode::avgt);
    b.threads = entry.value("threads", 1);
    b.ops_per_invocation = entry.value("ops_per_invocation", std::uint64_t{1});
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

// One pair of processes: both alive at once, set up, calibrated to one batch, warmed up,
// then measured together.
Pair run_pair(const AbOptions& options, const Listed& b, const Setup& setup, std::uint64_t layout_seed,
              const PairCpus& cpus) {
  const Mode mode = b.mode;
  worker::WorkerSpec spec;
  spec.benchmark = b.family;
  spec.params = b.params;
  spec.threads = b.threads;
  spec.tsc_ghz = setup.tsc_ghz;
  spec.layout_seed = layout_seed;
  results::Fork base, candidate;
  base.layout = candidate.layout = worker::derive_layout(layout_seed);
  runner::WorkerProcess a({options.base, worker::to_args(spec), base.layout.env_pad_bytes, {}, {}},
                          options.timeout_seconds);
  runner::WorkerProcess c({options.candidate, worker::to_args(spec), candidate.layout.env_pad_bytes, {}, {}},
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

// The most pairs a sequential comparison runs for one benchmark (the budget usually
// stops it sooner).
constexpr std::size_t kMostPairs = 120;

// How the intervals were made, in one sentence.
std::string describe(const AbOptions& options, const PairDesign& design, std::size_t benchmarks) {
  const char* pairing = options.duet
                            ? "run at the same time on different CPUs (duet), one log-ratio per two pairs whose "
                              "sides swapped CPUs, so that a CPU's own speed cancels"
                            : "run side by side in lock-step (A B B A) on the same CPUs, one log-ratio per pair";
  const std::string shared = benchmarks > 1 ? fmt::format(", shared by the {} benchmarks (Bonferroni)", benchmarks) : "";
  if (options.pairs != 0)
    return fmt::format("ratios NEW/BASE with {:.4g}% Student-t intervals{} over {} pairs of processes {}",
                       100 * design.look_level, shared, options.pairs, pairing);
  return fmt::format(
      "ratios NEW/BASE over pairs of processes {}; pairs added until the answer was known, the interval looked at "
      "after {} {}, then a quarter more each time, at most {}, each look at {:.4g}% so that all the looks' "
      "intervals hold together at 95%{} (repeated confidence intervals); at most {:g} s per benchmark",
      pairing, design.looks.front(), options.duet ? "units of two pairs" : "pairs", design.looks.back(),
      100 * design.look_level, shared, options.budget_seconds);
}

// A duet's top level: pairs 2k and 2k+1 ran with the CPUs swapped, so the mean of their
// log-ratios no longer holds the difference between the CPUs (measured on a 2-vCPU VM: one
// vCPU 3.5% slower, which made single pairs alternate between -3% and +5%).
// The progress line of a comparison: which benchmark of how many, the time so far, and the
// last look's interval.
struct AbProgress {
  runner::Progress line;
  std::size_t benchmark = 0, benchmarks = 0;
  void show(const std::string& what) {
    line.update(fmt::format("[benchmark {}/{}, {}] {}", benchmark + 1, benchmarks,
                            runner::clock_text(line.elapsed_seconds()), what));
  }
};

std::vector<double> swap_units(const std::vector<double>& logs) {
  std::vector<double> units;
  for (std::size_t i = 0; i + 1 < logs.size(); i += 2) units.push_back((logs[i] + logs[i + 1]) / 2);
  return units;
}

// One benchmark's pairs, the interval looked at after each look of the design; in a
// sequential design, until the answer is known or the budget or the looks are spent.
void run_benchmark(const AbOptions& options, const Listed& b, const Setup& setup, const PairDesign& design,
                   std::mt19937_64& rng, const std::vector<int>& cpus, AbProgress& progress, CompareRow& row) {
  const bool sequential = options.pairs == 0;
  const std::size_t pairs_per_unit = options.duet ? 2 : 1;
  const auto start = std::chrono::steady_clock::now();
  std::vector<double> logs, base_means, candidate_means;
  for (std::size_t k = 0; k < design.looks.size(); ++k) {
    const std::size_t look = design.looks[k];
    while (logs.size() < look * pairs_per_unit) {
      const int p = static_cast<int>(logs.size());
      const Pair pair = run_pair(options, b, setup, rng(), pair_cpus(cpus, b.threads, p, options.duet));
      logs.push_back(std::log(pair.candidate_mean / pair.base_mean));
      base_means.push_back(pair.base_mean);
      candidate_means.push_back(pair.candidate_mean);
      row.pairs.emplace_back(pair.base_mean, pair.candidate_mean);
    }
    row.ratio = stats::paired_ratio(options.duet ? swap_units(logs) : logs, design.look_level);
    progress.show(fmt::format("{}: {} pairs, NEW/BASE {:.3f} [{:.3f}, {:.3f}]", b.name, logs.size(),
                              row.ratio.estimate, row.ratio.low, row.ratio.high));
    if (!sequential) continue;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto stop = sequential_stop(time_ratio(row), options.threshold, design, k, elapsed, options.budget_seconds);
    if (!stop) continue;
    row.stop = *stop;
    break;
  }
  progress.line.clear();
  row.base = {stats::mean(base_means), base_means.size()};
  row.candidate = {stats::mean(candidate_means), candidate_means.size()};
  // The intervals of all looks and benchmarks hold together at 95%; a p-value of the last
  // look alone would ignore the looks before it.
  row.ratio.level = 0.95;
  row.ratio.p_value = NAN;
}

// A duet runs the sides on different CPUs, swapping them every pair: it needs two CPUs and
// whole swaps.
void check_duet(const AbOptions& options, std::size_t cpus) {
  if (options.duet && cpus < 2)
    throw runner::UsageError(fmt::format("--duet needs two CPUs, and this process may run on {}", cpus));
  if (options.duet && options.pairs != 0 && (options.pairs % 2 != 0 || options.pairs < 4))
    throw runner::UsageError(fmt::format(
        "--duet needs an even number of pairs, at least 4 (the sides swap CPUs every pair), not {}", options.pairs));
}

// The benchmarks both builds have (in the base's order); the others go to the report's
// only_in_base and only_in_candidate.
std::vector<const Listed*> match_benchmarks(const std::vector<Listed>& base_list, const std::vector<Listed>& candidate_list,
                                            CompareReport& report) {
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
  return common;
}

// One benchmark's row: its pairs run, or why it could not be compared.
CompareRow compare_benchmark(const AbOptions& options, const Listed& b, const Setup& setup, const PairDesign& design,
                             std::mt19937_64& rng, const std::vector<int>& cpus, AbProgress& progress) {
  CompareRow row;
  row.name = b.name;
  row.unit = report::mode_unit(b.mode);
  try {
    run_benchmark(options, b, setup, design, rng, cpus, progress, row);
  } catch (const runner::WorkerFailure& failure) {
    progress.line.clear();
    row.problem = std::string("a worker failed: ") + failure.what();
  }
  if (row.problem.empty() && !std::isfinite(row.ratio.estimate)) row.problem = "fewer than 2 pairs: no interval";
  return row;
}

// The benchmarks as callgrind workers are told them (--metric instructions).
std::vector<CountedBenchmark> counted_benchmarks(const std::vector<const Listed*>& common) {
  std::vector<CountedBenchmark> counted;
  for (const Listed* b : common) {
    CountedBenchmark c;
    c.name = b->name;
    c.target.worker.benchmark = b->family;
    c.target.worker.params = b->params;
    c.target.worker.threads = b->threads;
    c.target.ops_per_invocation = b->ops_per_invocation;
    counted.push_back(std::move(c));
  }
  return counted;
}

}  // namespace

CompareReport run_ab(const AbOptions& options) {
  const std::string valgrind =
      options.metric == Metric::instructions ? runner::require_valgrind("--metric instructions") : std::string();
  const auto base_list = list_benchmarks(options.base, options.filter, options.timeout_seconds);
  const auto candidate_list = list_benchmarks(options.candidate, options.filter, options.timeout_seconds);
  CompareReport report;
  report.options.threshold = options.threshold;
  report.options.seed = options.seed;
  report.intervals_adjusted = true;
  const std::vector<int> cpus = allowed_cpus();
  check_duet(options, cpus.size());
  const std::vector<const Listed*> common = match_benchmarks(base_list, candidate_list, report);
  if (common.empty()) throw runner::UsageError(options.base + " and " + options.candidate + ": no benchmark in common");
  if (options.metric == Metric::instructions) {
    count_ab_instructions(options, valgrind, counted_benchmarks(common), report);
    return report;
  }

  const std::size_t pairs_per_unit = options.duet ? 2 : 1;
  const PairDesign design = options.pairs == 0
                                ? sequential_design(kMostPairs / pairs_per_unit, common.size())
                                : fixed_design(static_cast<std::size_t>(options.pairs) / pairs_per_unit, common.size());
  report.replicates = "pairs";
  report.method = describe(options, design, common.size());

  runner::install_interrupt_handlers();
  clock::select_best();
  const auto clock = clock::characterize_active();
  const Setup setup{clock::tsc_ghz(), analysis::target_sample_ns(clock.resolution_ns, clock.overhead_ns)};
  std::mt19937_64 rng(options.seed);
  AbProgress progress{runner::Progress(runner::progress_style(options.quiet)), 0, common.size()};

  for (const Listed* b : common) {
    if (options.duet && static_cast<std::size_t>(b->threads) > cpus.size() / 2)
      report.notes.push_back(fmt::format("{}: {} threads per side on {} CPUs per side; the two sides compete for them",
                                         b->name, b->threads, cpus.size() / 2));
    report.rows.push_back(compare_benchmark(options, *b, setup, design, rng, cpus, progress));
    ++progress.benchmark;
  }
  decide_verdicts(report);
  return report;
}

}  // namespace tare::compare

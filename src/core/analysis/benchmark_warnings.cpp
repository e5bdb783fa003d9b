#include "analysis/benchmark_warnings.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "analysis/disturbance.hpp"
#include "analysis/drift.hpp"
#include "analysis/fork_analysis.hpp"
#include "analysis/slow_start.hpp"
#include "analysis/stale_input.hpp"
#include "analysis/thread_overlap.hpp"
#include "analysis/warning_severity.hpp"
#include "stats/descriptive.hpp"
#include "stats/interval.hpp"

namespace tare::analysis {
namespace {

using results::AdviceKind;
using results::SourceApi;
using results::WarningCode;
namespace facts = results::facts;

// The per-op time of the fastest measured sample: what the operation costs when nothing
// else interferes. Interference only ever adds time (and batches are calibrated so the
// clock's error is under 1% of a sample), so on a busy machine the fastest sample stays
// near the truth where the mean and even the fast tenth do not: neighbours the kernel does
// not report (the host's other guests) slow every sample alike at times.
double fastest_ns_per_op(const std::vector<const results::Fork*>& forks, int threads) {
  double fastest = 0;
  for (const auto* fork : forks)
    for (const auto& s : fork->samples) {
      if (s.ops == 0) continue;
      const double per_op = s.ns * threads / static_cast<double>(s.ops);
      if (fastest == 0 || per_op < fastest) fastest = per_op;
    }
  return fastest;
}

// Mean time per operation over all measured samples, whatever the mode reports.
double ns_per_op(const std::vector<const results::Fork*>& forks, int threads) {
  double ns = 0, ops = 0;
  for (const auto* fork : forks)
    for (const auto& s : fork->samples) {
      ns += s.ns * threads;
      ops += static_cast<double>(s.ops);
    }
  return ops > 0 ? ns / ops : 0;
}

// One fork alone that changed speed late, or settled slower, can be the machine (a
// neighbour arrived); this many are a pattern.
constexpr int kForksToShowAPattern = 2;

// What the changepoint analysis found, in the reader's terms.
void steady_state_warnings(results::Benchmark& b, SourceApi api) {
  int ok = 0, unsteady = 0, slowdown = 0, unchecked = 0;
  for (const auto& f : b.forks) {
    if (!f.ok) continue;
    ++ok;
    unsteady += f.steady_class == results::SteadyClass::no_steady_state;
    slowdown += f.steady_class == results::SteadyClass::slowdown;
    unchecked += f.steady_class == results::SteadyClass::unchecked;
  }
  // An unsteady fork is left out of the score whether or not it is warned about.
  if (unsteady >= kForksToShowAPattern && ok - unsteady >= 2)
    warn(b, WarningCode::unsteady_forks, facts::Forks{unsteady, ok}, results::Advice{AdviceKind::measure_longer, api});
  else if (unsteady > 0 && ok - unsteady < 2)
    warn(b, WarningCode::unsteady_score, facts::Forks{unsteady, ok},
         results::Advice{AdviceKind::warm_up_and_measure_longer, api});
  if (slowdown >= kForksToShowAPattern) warn(b, WarningCode::slowdown, facts::Forks{slowdown, ok});
  if (unchecked > 0)
    warn(b, WarningCode::steady_unchecked, facts::Forks{unchecked, ok, static_cast<int>(kFewestToClassify)},
         results::Advice{AdviceKind::warm_up_and_measure_longer, api});
}

// Dependent samples and outliers inside forks are not warnings: the within-fork figures
// switch to batch means by themselves, outliers stay in, and the CI over forks is not
// affected by either. The results keep both (within_fork_method, lag1, outliers).

// The machine's speed moved (the reference workload says so), the benchmark moved with it
// (its fork means follow the reference: drift_effect), and had the whole run been at the
// slowest or fastest speed seen the score would lie outside its interval. A reference
// that moved while the benchmark did not feel it is no reason to doubt the score.
void drift_warning(results::Benchmark& b, const std::vector<const results::Fork*>& forks, Mode mode) {
  if (!b.drift || !b.ci || !b.score || *b.score == 0 || !b.drift->normalized_ci) return;
  const auto effect = drift_effect(forks, mode);
  const double half_width = (b.ci->high - b.ci->low) / 2 / std::abs(*b.score);
  if (!effect || effect->shift <= half_width) return;
  const auto& n = *b.drift->normalized_ci;
  warn(b, WarningCode::machine_drift,
       facts::MachineDrift{b.drift->movement, effect->shift, half_width, b.drift->normalized_score.value_or(0),
                           (n.high - n.low) / 2});
}

// Per-process luck: the fork means differ by more than their own samples explain, and by
// much. The interval over forks already carries ordinary differences of a few percent;
// this fires when even the lower 95% confidence bound of the spread between processes
// exceeds kProcessSpread of the score, when the process (its memory layout, its CPU) sets
// the speed as much as the code does. What helps then: more forks, not longer ones.
constexpr double kProcessSpread = 0.05;

std::optional<double> process_spread_low(const results::Benchmark& b, const std::vector<const results::Fork*>& forks,
                                         const std::vector<double>& means) {
  if (means.size() < 3 || !b.score || *b.score == 0 || !b.within_fork_variance) return std::nullopt;
  double samples = 0;
  for (const auto* f : forks) samples += static_cast<double>(f->samples.size());
  const auto n = static_cast<double>(means.size());
  // Var(fork mean) = between + within / m; its lower bound from the chi-squared interval.
  const double means_low = (n - 1) * stats::variance(means) / stats::chi_squared_quantile(0.95, n - 1);
  const double between_low = means_low - *b.within_fork_variance / (samples / n);
  return std::sqrt(std::max(0.0, between_low)) / std::abs(*b.score);
}

// Forks whose mean lies outside the 99% prediction interval (Bonferroni over the forks)
// that the others give: |x - mean of others| / (SD of others * sqrt(1 + 1/(n-1))) follows
// Student's t with n - 2 degrees of freedom when all fork means come from one normal
// distribution, so on such forks the warning fires in at most 1% of runs.
int forks_far_from_the_others(const std::vector<double>& means) {
  const std::size_t n = means.size();
  if (n < 4) return 0;
  constexpr double kAlpha = 0.01;
  const double critical =
      stats::student_t_quantile(1 - kAlpha / (2 * static_cast<double>(n)), static_cast<double>(n) - 2);
  int far = 0;
  std::vector<double> others;
  for (std::size_t k = 0; k < n; ++k) {
    others.clear();
    for (std::size_t i = 0; i < n; ++i)
      if (i != k) others.push_back(means[i]);
    const double sd = stats::stddev(others);
    const double scale = sd * std::sqrt(1 + 1 / static_cast<double>(n - 1));
    if (scale > 0 && std::abs(means[k] - stats::mean(others)) > critical * scale) ++far;
  }
  return far;
}

// Processes that disagree: two kinds of them (which says it most precisely), or a spread
// between them well beyond a few percent, or a few far from the rest.
void process_warnings(results::Benchmark& b, const std::vector<const results::Fork*>& forks,
                      const std::vector<double>& means) {
  if (b.modes.size() == 2) {
    warn(b, WarningCode::two_modes,
         facts::TwoModes{b.modes[0].forks, b.modes[0].mean, b.modes[1].forks,
                         b.modes[1].mean, b.score.value_or(0)});
    return;
  }
  if (const auto low = process_spread_low(b, forks, means); low && *low > kProcessSpread) {
    const double between = b.between_fork_variance ? std::sqrt(std::max(0.0, *b.between_fork_variance)) : 0;
    warn(b, WarningCode::process_dependent, facts::ProcessSpread{between / std::abs(*b.score), *low});
  }
  if (const int far = forks_far_from_the_others(means); far > 0 && b.median)
    warn(b, WarningCode::forks_far_apart, facts::FarForks{far, static_cast<int>(means.size()), *b.median});
}

// Other work took the CPU during samples, and had they counted the score would lie outside
// its interval: the run measured the neighbours as much as the code, and may do so again.
void disturbance_warning(results::Benchmark& b) {
  if (!b.disturbed_share || *b.disturbed_share == 0 || !b.all_samples_score || !b.score || !b.ci || *b.score == 0)
    return;
  const double half_width = (b.ci->high - b.ci->low) / 2;
  const double moved = *b.all_samples_score - *b.score;
  if (std::abs(moved) <= half_width) return;
  warn(b, WarningCode::disturbed_samples,
       facts::DisturbedSamples{*b.disturbed_share, *b.all_samples_score, moved / *b.score});
}

// Too few samples were left alone to score the code by: say so, rather than let a score
// that counts the neighbours' time pass for a measurement.
void too_disturbed_warning(results::Benchmark& b) {
  if (!b.score_disturbed) return;
  int disturbed = 0, ok = 0;
  for (const auto& f : b.forks) {
    if (!f.ok) continue;
    ++ok;
    disturbed += too_disturbed(f) ? 1 : 0;
  }
  warn(b, WarningCode::score_disturbed, facts::Forks{disturbed, ok});
}

// A slow start longer than a fork, as the first fork saw it: what every fork then waited
// out, and whether the first looked far enough.
void slow_start_warnings(results::Benchmark& b) {
  if (b.forks.empty() || !b.forks.front().slow_start) return;
  const results::SlowStart& s = *b.forks.front().slow_start;
  // One process's stretch of machine noise is no slow start: only one the second process
  // repeated is reported (the JSON keeps both).
  if (s.warmup_ms <= 0 || !s.confirmed.value_or(false)) {
    // A shorter watch than tare's own (a quick look, a Google Benchmark-length run) could
    // not see a longer slow start: said, with how to look. (The watch ends at the first
    // sample past the horizon, so a full one is never short of it.)
    if (s.horizon_ms * 1e6 < kSlowStartLookNs)
      warn(b, WarningCode::slow_start_unchecked, facts::Watch{s.horizon_ms * 1e6});
    return;
  }
  warn(b, WarningCode::slow_start,
       facts::SlowStart{s.slower, s.warmup_ms * 1e6, s.horizon_ms * 1e6, kSlowStartMargin * s.warmup_ms * 1e6});
  if (s.near_horizon) warn(b, WarningCode::slow_start_unbounded, facts::Watch{s.horizon_ms * 1e6});
}

// How the benchmark was built.
void build_warnings(results::Benchmark& b, const detail::BenchmarkSpec& spec) {
  if (!spec.optimized) warn(b, WarningCode::unoptimised_build);
  if (spec.assertions) warn(b, WarningCode::assertions_enabled);
}

// What the harness itself weighs in the score: an operation no dearer than the empty one,
// a clock read around every call.
void harness_cost_warnings(results::Benchmark& b, const registry::Instance& instance,
                           const std::vector<const results::Fork*>& forks, const SummaryContext& context) {
  const auto& spec = *instance.spec;
  const double per_op = ns_per_op(forks, instance.threads);
  if (instance.mode == Mode::avgt || instance.mode == Mode::thrpt) {
    // The floor is a best-of-five, so it is compared with the fastest sample, not the mean:
    // on a busy machine the mean of an empty operation rises well above the floor.
    const double fast = fastest_ns_per_op(forks, instance.threads);
    if (b.floor_ns_per_op > 0 && fast <= 1.25 * b.floor_ns_per_op && !spec.body->times_each_invocation())
      warn(b, WarningCode::optimised_away, facts::Cost{fast, b.floor_ns_per_op},
           results::Advice{AdviceKind::keep_the_work, spec.api});
  }
  if (spec.body->times_each_invocation() && per_op > 0 && b.timer_cost_ns_per_op >= 0.1 * per_op)
    warn(b, WarningCode::timer_cost, facts::Cost{b.timer_cost_ns_per_op, per_op});
  if (instance.mode == Mode::sample && !b.percentiles.empty()) {
    const double median_call = b.percentiles[1].second;
    if (median_call < 10 * context.clock_cost_ns)
      warn(b, WarningCode::coarse_clock, facts::Cost{median_call, context.clock_cost_ns});
  }
}

// Where the run stopped short of what was asked: the forks that ran to the end (the table
// counts them all), the scored ones, and whether the budget ran out.
facts::StoppedShort stopped_short(const results::Benchmark& b, std::size_t scored, const StopRule& rule) {
  facts::StoppedShort s;
  s.forks = static_cast<int>(std::count_if(b.forks.begin(), b.forks.end(), [](const results::Fork& f) { return f.ok; }));
  s.scored = static_cast<int>(scored);
  s.min_forks = rule.min_forks;
  s.target = rule.target_relative_half_width;
  s.budget_spent = b.stop_reason == results::StopReason::budget;
  return s;
}

// The precision asked for and not reached before the budget or the fork limit; no interval.
void precision_warnings(results::Benchmark& b, std::size_t scored, const StopRule& rule, SourceApi api) {
  const bool stopped_short_of_target =
      b.stop_reason == results::StopReason::budget || b.stop_reason == results::StopReason::max_forks;
  facts::StoppedShort s = stopped_short(b, scored, rule);
  if (b.ci && b.score && stopped_short_of_target) {
    // This run's own interval: the one more forks narrow (the interval across runs also
    // holds the machine's speed between runs, which no fork of this run can narrow).
    s.reached = (b.ci->high - b.ci->low) / 2 / std::abs(*b.score);
    // A target of 0 is none (a quick look): there is nothing to have missed.
    if (rule.target_relative_half_width > 0 && s.reached > rule.target_relative_half_width)
      warn(b, WarningCode::target_not_reached, s, results::Advice{AdviceKind::more_forks, api});
  }
  if (!b.ci) warn(b, WarningCode::no_interval, s);
  // --forks is a minimum of scored forks (forks left out of the score do not count).
  if (b.stop_reason == results::StopReason::budget && static_cast<int>(scored) < rule.min_forks)
    warn(b, WarningCode::forks_below_minimum, s);
}

// What the processes did, over every fork that ran to the end, scored or not.
struct ProcessTotals {
  double measured = 0, teardown = 0;
  double cpu = 0, left_alone = 0;  ///< CPU time and wall time of the samples other work left alone
  int threads_apart = 0;           ///< samples whose threads took turns (analysis/thread_overlap)
  long major = 0, minor = 0, involuntary = 0;
};

ProcessTotals process_totals(const results::Benchmark& b, int threads) {
  ProcessTotals t;
  double all_cpu = 0;
  for (const auto& f : b.forks) {
    if (!f.ok) continue;
    t.measured += f.measured_ns;
    t.teardown += f.teardown_ns;
    t.major += f.resources.major_faults;
    t.minor += f.resources.minor_faults;
    t.involuntary += f.resources.involuntary_switches;
    // The samples other work left alone: where they lacked the CPU, the benchmark waited
    // of its own accord.
    for (const auto& s : f.samples) {
      // Threads that took turns lacked CPUs, not work: the threads-apart warning says so.
      if (threads_ran(s, threads, true) == ThreadsRan::apart) {
        ++t.threads_apart;
        continue;
      }
      all_cpu += s.cpu_ns;
      if (!is_disturbed(s, threads).value_or(false)) {
        t.cpu += s.cpu_ns;
        t.left_alone += s.ns;
      }
    }
  }
  if (t.left_alone == 0 && t.threads_apart == 0) {  // every sample disturbed: judge them all
    t.cpu = all_cpu;
    t.left_alone = t.measured;
  }
  return t;
}

// Waiting, fresh memory, deferred costs, I/O and a busy machine, from the processes' totals.
void resource_warnings(results::Benchmark& b, const registry::Instance& instance) {
  const ProcessTotals t = process_totals(b, instance.threads);
  // Batches only: a single call's CPU time is below the CPU clock's granularity. A time the
  // operation reports itself (manual time) is not the window the CPU time was taken over.
  const bool batched = instance.mode == Mode::avgt || instance.mode == Mode::thrpt;
  const bool clock_timed = !instance.spec->body->reports_its_own_time();
  if (batched && clock_timed && t.left_alone > 0 && t.cpu > 0 && t.cpu < 0.9 * t.left_alone * instance.threads)
    warn(b, WarningCode::waits, facts::Amount{t.cpu / (t.left_alone * instance.threads)});
  // Rates per measured time mean nothing for a single shot: its one short call is a sliver
  // of the time the process's counters cover (the reference workload runs after it).
  const bool rates = instance.mode != Mode::ss && t.measured > 0;
  if (rates && static_cast<double>(t.minor) / (t.measured / 1e6) > 10)
    warn(b, WarningCode::fresh_memory, facts::Amount{static_cast<double>(t.minor) / (t.measured / 1e6)});
  if (instance.mode != Mode::ss && t.measured > 0 && t.teardown > 0.01 * t.measured)
    warn(b, WarningCode::teardown, facts::Amount{t.teardown / t.measured});
  if (t.major > 0) warn(b, WarningCode::major_faults, facts::Amount{static_cast<double>(t.major)});
  if (rates && static_cast<double>(t.involuntary) / (t.measured / 1e9) > 100)
    warn(b, WarningCode::machine_busy, facts::Amount{static_cast<double>(t.involuntary) / (t.measured / 1e9)});
}

// A fork that failed or hung ends its benchmark: the figures of the forks before it are
// kept, but a process that crashes or hangs on some runs says the code is not what was
// meant to be measured.
void failure_warning(results::Benchmark& b) {
  if (b.ok || !b.skipped.empty()) return;
  warn(b, WarningCode::failed, facts::Failure{b.error});
}

void mark_acknowledged(results::Benchmark& b, const std::vector<Warning>& known) {
  for (results::Warning& w : b.warnings)
    w.acknowledged = std::any_of(known.begin(), known.end(), [&](Warning k) { return code_of(k) == w.code; });
}

void add_each_warning(results::Benchmark& b, const registry::Instance& instance,
                      const std::vector<const results::Fork*>& forks, const SummaryContext& context) {
  build_warnings(b, *instance.spec);
  failure_warning(b);
  if (forks.empty()) return;
  harness_cost_warnings(b, instance, forks, context);
  std::vector<double> means;
  for (const auto* fork : forks) means.push_back(fork->mean);
  process_warnings(b, forks, means);
  steady_state_warnings(b, instance.spec->api);
  slow_start_warnings(b);
  disturbance_warning(b);
  too_disturbed_warning(b);
  precision_warnings(b, forks.size(), context.rule, instance.spec->api);
  drift_warning(b, forks, instance.mode);
  resource_warnings(b, instance);
}

}  // namespace

void add_warnings(results::Benchmark& b, const registry::Instance& instance,
                  const std::vector<const results::Fork*>& forks, const SummaryContext& context) {
  add_each_warning(b, instance, forks, context);
  const bool timed_as_a_whole = !instance.spec->body->times_each_invocation() && !instance.spec->body->times_itself();
  if (auto apart = threads_apart(thread_overlap(forks, instance.threads, timed_as_a_whole), instance.threads))
    warn(b, WarningCode::threads_apart, *apart);
  if (input_goes_stale(instance.spec->input, instance.mode)) warn(b, WarningCode::stale_input);
  mark_acknowledged(b, instance.spec->acknowledged);
}

}  // namespace tare::analysis

#include "runner/warnings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "report/console.hpp"
#include "runner/disturbance.hpp"
#include "runner/fork_analysis.hpp"
#include "stats/descriptive.hpp"

namespace tare::runner {
namespace {

std::string format_value(double value, const std::string& unit) { return report::format_score(value, unit); }

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

// What the changepoint analysis found, in the reader's terms.
void steady_state_warnings(results::Benchmark& b) {
  auto& w = b.warnings;
  int ok = 0, unsteady = 0, slowdown = 0, unchecked = 0;
  for (const auto& f : b.forks) {
    if (!f.ok) continue;
    ++ok;
    unsteady += f.steady_class == "no steady state";
    slowdown += f.steady_class == "slowdown";
    unchecked += f.steady_class == "unchecked";
  }
  if (unsteady > 0 && ok - unsteady >= 2)
    w.push_back(fmt::format("no steady state in {} of {} forks (a change of speed late in the measurement): those "
                            "forks are left out of the score",
                            unsteady, ok));
  else if (unsteady > 0)
    w.push_back(fmt::format("no steady state: {} of {} forks changed speed late in their measurement; the score "
                            "mixes speeds and is not to be trusted (raise --warmup-max-ms or --measure-ms)",
                            unsteady, ok));
  if (slowdown > 0)
    w.push_back(fmt::format("slowdown in {} of {} forks: they ran faster at first, then settled slower (the "
                            "slower steady state is what is measured)",
                            slowdown, ok));
  if (unchecked > 0)
    w.push_back(fmt::format("steady state unchecked in {} of {} forks: fewer than {} samples to look for changes "
                            "(samples are long; raise --warmup-max-ms or --measure-ms)",
                            unchecked, ok, kFewestToClassify));
}

// Within-fork evidence: dependence between samples and outliers. Neither changes the CI
// over forks; both say what the samples inside a fork are like.
void sample_warnings(results::Benchmark& b, const std::vector<const results::Fork*>& forks) {
  auto& w = b.warnings;
  if (b.within_fork_method == "batch means") {
    const auto dependent = std::count_if(forks.begin(), forks.end(), [](const results::Fork* f) { return f->dependent; });
    std::vector<double> lag1;
    for (const auto* f : forks) lag1.push_back(f->lag1);
    w.push_back(fmt::format("samples within a fork are autocorrelated in {} of {} forks (median lag-1 r = {:.2f}): "
                            "within-fork variance from batch means, bootstrap in blocks; the CI over forks is "
                            "unaffected",
                            dependent, forks.size(), stats::median(lag1)));
  }
  if (b.outliers && (b.outliers->effect == "moderate" || b.outliers->effect == "severe")) {
    const auto& o = *b.outliers;
    w.push_back(fmt::format("outliers inflate the within-fork variance: {} ({:.0f}%); {} severe and {} mild "
                            "outliers high, {} severe and {} mild low (kept, not dropped)",
                            o.effect, 100 * o.variance_fraction, o.high_severe, o.high_mild, o.low_severe, o.low_mild));
  }
}

void drift_warning(results::Benchmark& b) {
  if (!b.drift || !b.ci || !b.score || *b.score == 0 || !b.drift->normalized_ci) return;
  const double width = (b.ci->high - b.ci->low) / std::abs(*b.score);
  if (b.drift->movement <= width) return;
  const auto& n = *b.drift->normalized_ci;
  b.warnings.push_back(fmt::format(
      "machine speed moved {:.1f}% while this ran (reference workload), more than the CI's width ({:.1f}%): a run at "
      "another time may differ by more than the CI says; drift-normalized score {} ± {}",
      100 * b.drift->movement, 100 * width, format_value(*b.drift->normalized_score, b.unit),
      format_value((n.high - n.low) / 2, b.unit)));
}

// Other work took the CPU during samples, and had they counted the score would lie outside
// its interval: the run measured the neighbours as much as the code, and may do so again.
void disturbance_warning(results::Benchmark& b) {
  if (!b.disturbed_share || *b.disturbed_share == 0 || !b.all_samples_score || !b.score || !b.ci || *b.score == 0)
    return;
  const double half_width = (b.ci->high - b.ci->low) / 2;
  const double moved = *b.all_samples_score - *b.score;
  if (std::abs(moved) <= half_width) return;
  b.warnings.push_back(fmt::format(
      "other work took the CPU during {:.0f}% of the samples (the benchmark waited for it): they are left out of the "
      "score, which with them would be {} ({:+.1f}%); a CPU of its own (taskset) or a quieter machine avoids it",
      100 * *b.disturbed_share, format_value(*b.all_samples_score, b.unit), 100 * moved / *b.score));
}

}  // namespace

void add_warnings(results::Benchmark& b, const registry::Instance& instance,
                  const std::vector<const results::Fork*>& forks, const SummaryContext& context) {
  const auto& spec = *instance.spec;
  auto& w = b.warnings;
  if (!spec.optimized)
    w.push_back("built without optimisation (no -O): this score says little about optimised code; build Release");
  if (spec.assertions) w.push_back("built without NDEBUG: assertions are compiled into the measured code");
  if (forks.empty()) return;

  const double per_op = ns_per_op(forks, instance.threads);
  if (instance.mode == Mode::avgt || instance.mode == Mode::thrpt) {
    // The floor is a best-of-five, so it is compared with the fastest sample, not the mean:
    // on a busy machine the mean of an empty operation rises well above the floor.
    const double fast = fastest_ns_per_op(forks, instance.threads);
    if (b.floor_ns_per_op > 0 && fast <= 1.25 * b.floor_ns_per_op && !spec.body->times_each_invocation())
      w.push_back(fmt::format(
          "looks optimised away: {} per op in its fastest sample is not above the empty-operation floor ({}); "
          "return the result or consume() it, and pass inputs through opaque()",
          report::format_duration_ns(fast), report::format_duration_ns(b.floor_ns_per_op)));
  }
  if (spec.body->times_each_invocation() && per_op > 0 && b.timer_cost_ns_per_op >= 0.1 * per_op)
    w.push_back(fmt::format("per-invocation hooks time every call: the clock's cost ({} per op) is {:.0f}% of the score",
                            report::format_duration_ns(b.timer_cost_ns_per_op), 100 * b.timer_cost_ns_per_op / per_op));
  if (instance.mode == Mode::sample && !b.percentiles.empty()) {
    const double median_call = b.percentiles[1].second;
    if (median_call < 10 * context.clock_cost_ns)
      w.push_back(fmt::format("clock too coarse for the op: median call {} is under 10x the clock's cost ({}); per-call "
                              "times mostly measure the clock (use avgt for the mean)",
                              report::format_duration_ns(median_call), report::format_duration_ns(context.clock_cost_ns)));
  }

  std::vector<double> means;
  for (const auto* fork : forks) means.push_back(fork->mean);
  if (means.size() >= 3) {
    const double cv = stats::coefficient_of_variation(means);
    if (cv > 0.05) w.push_back(fmt::format("unstable across forks: fork means vary by {:.1f}% (CV)", 100 * cv));
  }
  if (b.modes.size() == 2)
    w.push_back(fmt::format("forks disagree (two modes): {} forks near {}, {} near {}; layout or placement luck "
                            "differs between processes, so the mean {} describes neither",
                            b.modes[0].forks, format_value(b.modes[0].mean, b.unit), b.modes[1].forks,
                            format_value(b.modes[1].mean, b.unit), format_value(b.score.value_or(0), b.unit)));
  else if (b.mad && *b.mad > 0 && b.median) {
    // Modified z-scores (Iglewicz & Hoaglin): robust to the very forks they look for.
    const auto far = std::count_if(means.begin(), means.end(),
                                   [&](double m) { return 0.6745 * std::abs(m - *b.median) / *b.mad > 3.5; });
    if (far > 0)
      w.push_back(fmt::format("{} of {} forks far from the others (modified z-score > 3.5): a process-level "
                              "disturbance, or luck of layout; they are kept in the score",
                              far, means.size()));
  }
  steady_state_warnings(b);
  disturbance_warning(b);
  sample_warnings(b, forks);

  if (b.ci && b.score && (b.stop_reason == "budget" || b.stop_reason == "max-forks")) {
    const double relative = (b.ci->high - b.ci->low) / 2 / std::abs(*b.score);
    if (relative > context.rule.target_relative_half_width)
      w.push_back(fmt::format("target ±{:.3g}% not reached: ±{:.3g}% after {} forks ({}); raise --budget or --max-forks",
                              100 * context.rule.target_relative_half_width, 100 * relative, forks.size(),
                              b.stop_reason == "budget" ? "budget spent" : "fork limit"));
  }
  if (!b.ci) w.push_back("only one fork succeeded: no confidence interval");
  drift_warning(b);

  // What the processes did, over every fork that ran to the end, scored or not.
  double measured = 0, teardown = 0, cpu = 0, left_alone = 0, all_cpu = 0;
  long major = 0, minor = 0, involuntary = 0;
  for (const auto& f : b.forks) {
    if (!f.ok) continue;
    const results::Fork* fork = &f;
    measured += fork->measured_ns;
    teardown += fork->teardown_ns;
    major += fork->resources.major_faults;
    minor += fork->resources.minor_faults;
    involuntary += fork->resources.involuntary_switches;
    // The samples other work left alone: where they lacked the CPU, the benchmark waited
    // of its own accord.
    for (const auto& s : fork->samples) {
      all_cpu += s.cpu_ns;
      if (!is_disturbed(s, instance.threads).value_or(false)) {
        cpu += s.cpu_ns;
        left_alone += s.ns;
      }
    }
  }
  if (left_alone == 0) {  // every sample disturbed: judge them all
    cpu = all_cpu;
    left_alone = measured;
  }
  // Batches only: a single call's CPU time is below the CPU clock's granularity.
  const bool batched = instance.mode == Mode::avgt || instance.mode == Mode::thrpt;
  if (batched && left_alone > 0 && cpu > 0 && cpu < 0.9 * left_alone * instance.threads)
    w.push_back(fmt::format("the benchmark had the CPU for only {:.0f}% of its samples' time: it waited (I/O, locks, "
                            "sleeps)",
                            100 * cpu / (left_alone * instance.threads)));
  // Rates per measured time mean nothing for a single shot: its one short call is a sliver
  // of the time the process's counters cover (the reference workload runs after it).
  const bool rates = instance.mode != Mode::ss && measured > 0;
  if (rates && static_cast<double>(minor) / (measured / 1e6) > 10)
    w.push_back(fmt::format("{:.0f} minor page faults per millisecond of measurement: the measured code keeps "
                            "touching fresh memory (allocation, first touch)",
                            static_cast<double>(minor) / (measured / 1e6)));
  if (instance.mode != Mode::ss && measured > 0 && teardown > 0.01 * measured)
    w.push_back(fmt::format("teardown took {:.1f}% of the measured time: deferred costs (frees, background work) may "
                            "fall outside the measurement",
                            100 * teardown / measured));
  if (major > 0) w.push_back(fmt::format("{} major page faults during measurement (I/O in the measured code?)", major));
  if (rates && static_cast<double>(involuntary) / (measured / 1e9) > 100)
    w.push_back(fmt::format("machine busy: {:.0f} involuntary context switches per second of measurement",
                            static_cast<double>(involuntary) / (measured / 1e9)));
}


}  // namespace tare::runner

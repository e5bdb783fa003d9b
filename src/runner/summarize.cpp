#include "runner/summarize.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/console.hpp"
#include "runner/fork.hpp"
#include "stats/descriptive.hpp"
#include "stats/hierarchy.hpp"
#include "stats/interval.hpp"
#include "stats/modes.hpp"

namespace tare::runner {
namespace {

std::string format_value(double value, const std::string& unit) { return report::format_score(value, unit); }

void estimate(results::Benchmark& b, const std::vector<const results::Fork*>& forks, const registry::Instance& instance) {
  std::vector<double> means;
  std::vector<std::vector<double>> per_fork;
  for (const auto* fork : forks) {
    means.push_back(fork->mean);
    std::vector<double> values;
    for (const auto& s : fork->samples) values.push_back(sample_value(s, instance.mode, instance.threads));
    per_fork.push_back(std::move(values));
  }
  if (means.empty()) return;
  b.score = stats::mean(means);
  b.median = stats::median(means);
  if (means.size() >= 2) {
    const auto ci = stats::mean_interval(means);
    b.ci = results::Interval{ci.level, ci.low, ci.high};
    const auto components = stats::variance_components(per_fork);
    b.between_fork_variance = components.between;
    b.within_fork_variance = components.within;
  }
}

void counters_per_op(results::Benchmark& b, const std::vector<const results::Fork*>& forks) {
  const std::size_t n = b.counter_names.size();
  if (n == 0) return;
  std::vector<double> totals(n, 0.0);
  double ops = 0;
  for (const auto* fork : forks)
    for (const auto& s : fork->samples) {
      ops += static_cast<double>(s.ops);
      for (std::size_t i = 0; i < n && i < s.counters.size(); ++i) totals[i] += s.counters[i];
    }
  b.counters_per_op.assign(n, 0.0);
  if (ops > 0)
    for (std::size_t i = 0; i < n; ++i) b.counters_per_op[i] = totals[i] / ops;
}

void percentiles(results::Benchmark& b, const std::vector<const results::Fork*>& forks, const registry::Instance& instance) {
  if (instance.mode != Mode::sample && instance.mode != Mode::ss) return;
  // Descriptive only: the distribution of single calls, pooled over forks. Inference (the
  // CI) stays at the fork level.
  std::vector<double> calls;
  for (const auto* fork : forks)
    for (const auto& s : fork->samples) calls.push_back(sample_value(s, Mode::avgt, instance.threads));
  if (calls.empty()) return;
  for (double p : {0.0, 50.0, 90.0, 99.0, 99.9, 100.0}) b.percentiles.emplace_back(p, stats::quantile(calls, p / 100));
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

void warn(results::Benchmark& b, const registry::Instance& instance, const std::vector<const results::Fork*>& forks,
          const SummaryContext& context) {
  const auto& spec = *instance.spec;
  auto& w = b.warnings;
  if (!spec.optimized)
    w.push_back("built without optimisation (no -O): this score says little about optimised code; build Release");
  if (spec.assertions) w.push_back("built without NDEBUG: assertions are compiled into the measured code");
  if (forks.empty()) return;

  const double per_op = ns_per_op(forks, instance.threads);
  if (instance.mode == Mode::avgt || instance.mode == Mode::thrpt) {
    if (b.floor_ns_per_op > 0 && per_op <= 1.25 * b.floor_ns_per_op && !spec.body->times_each_invocation())
      w.push_back(fmt::format(
          "looks optimised away: {} per op is not above the empty-operation floor ({}); return the result or "
          "consume() it, and pass inputs through opaque()",
          report::format_duration_ns(per_op), report::format_duration_ns(b.floor_ns_per_op)));
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
  const auto modes = stats::detect_bimodality(means);
  if (modes.detected)
    w.push_back(fmt::format("forks disagree (two modes): {} forks near {}, {} near {}; layout or placement luck "
                            "differs between processes",
                            modes.low_count, format_value(modes.low_mean, b.unit), modes.high_count,
                            format_value(modes.high_mean, b.unit)));

  const auto unsteady = std::count_if(forks.begin(), forks.end(), [](const results::Fork* f) {
    return f->steady_class == "no steady state";
  });
  const auto unchecked = std::count_if(forks.begin(), forks.end(), [](const results::Fork* f) {
    return f->steady_class == "unchecked";
  });
  if (unchecked > 0)
    w.push_back(fmt::format("warmup unchecked in {} of {} forks: fewer than 6 samples fit in the warmup bound (raise "
                            "--warmup-max-ms)",
                            unchecked, forks.size()));
  if (unsteady > 0)
    w.push_back(fmt::format("no steady state in {} of {} forks within the warmup bound: their samples may still "
                            "include warmup or drift",
                            unsteady, forks.size()));

  if (b.ci && b.score && (b.stop_reason == "budget" || b.stop_reason == "max-forks")) {
    const double relative = (b.ci->high - b.ci->low) / 2 / std::abs(*b.score);
    if (relative > context.rule.target_relative_half_width)
      w.push_back(fmt::format("target ±{:.3g}% not reached: ±{:.3g}% after {} forks ({}); raise --budget or --max-forks",
                              100 * context.rule.target_relative_half_width, 100 * relative, forks.size(),
                              b.stop_reason == "budget" ? "budget spent" : "fork limit"));
  }
  if (!b.ci) w.push_back("only one fork succeeded: no confidence interval");

  double measured = 0, teardown = 0, cpu = 0;
  long major = 0, minor = 0, involuntary = 0;
  for (const auto* fork : forks) {
    measured += fork->measured_ns;
    teardown += fork->teardown_ns;
    major += fork->resources.major_faults;
    minor += fork->resources.minor_faults;
    involuntary += fork->resources.involuntary_switches;
    for (const auto& s : fork->samples) cpu += s.cpu_ns;
  }
  // Batches only: a single call's CPU time is below the CPU clock's granularity.
  const bool batched = instance.mode == Mode::avgt || instance.mode == Mode::thrpt;
  if (batched && measured > 0 && cpu > 0 && cpu < 0.9 * measured * instance.threads)
    w.push_back(fmt::format("the benchmark had the CPU for only {:.0f}% of the measured time: it waited (I/O, locks, "
                            "sleeps) or was preempted",
                            100 * cpu / (measured * instance.threads)));
  if (measured > 0 && static_cast<double>(minor) / (measured / 1e6) > 10)
    w.push_back(fmt::format("{:.0f} minor page faults per millisecond of measurement: the measured code keeps "
                            "touching fresh memory (allocation, first touch)",
                            static_cast<double>(minor) / (measured / 1e6)));
  if (instance.mode != Mode::ss && measured > 0 && teardown > 0.01 * measured)
    w.push_back(fmt::format("teardown took {:.1f}% of the measured time: deferred costs (frees, background work) may "
                            "fall outside the measurement",
                            100 * teardown / measured));
  if (major > 0) w.push_back(fmt::format("{} major page faults during measurement (I/O in the measured code?)", major));
  if (measured > 0 && static_cast<double>(involuntary) / (measured / 1e9) > 100)
    w.push_back(fmt::format("machine busy: {:.0f} involuntary context switches per second of measurement",
                            static_cast<double>(involuntary) / (measured / 1e9)));
}

}  // namespace

void summarize(results::Benchmark& b, const registry::Instance& instance, const SummaryContext& context) {
  std::vector<const results::Fork*> good;
  for (const auto& fork : b.forks)
    if (fork.ok) good.push_back(&fork);
  estimate(b, good, instance);
  counters_per_op(b, good);
  percentiles(b, good, instance);
  std::vector<double> floors;
  for (const auto* fork : good)
    if (fork->floor_ns_per_op > 0) floors.push_back(fork->floor_ns_per_op);
  if (!floors.empty()) b.floor_ns_per_op = stats::median(floors);
  if (instance.spec->body->times_each_invocation()) b.timer_cost_ns_per_op = b.floor_ns_per_op;
  warn(b, instance, good, context);
}

}  // namespace tare::runner

#include "runs.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <stdexcept>

#include "access.hpp"
#include "analysis/disturbance.hpp"
#include "analysis/estimates.hpp"
#include "body.hpp"
#include "stats/complexity.hpp"
#include "stats/descriptive.hpp"

namespace tare::gbench {
namespace {

using benchmark::BenchmarkReporter;
using benchmark::Counter;
using benchmark::internal::Access;
using Run = BenchmarkReporter::Run;

// Google Benchmark's counter arithmetic (Finish): rates per second of the run's time,
// averages over threads or iterations, products with iterations, inversion last.
double finish(const CounterValue& c, double iterations, double seconds, double threads) {
  double v = c.value;
  if (c.flags & Counter::kIsRate) v /= seconds;
  if (c.flags & Counter::kAvgThreads) v /= threads;
  if (c.flags & Counter::kIsIterationInvariant) v *= iterations;
  if (c.flags & Counter::kAvgIterations) v /= iterations;
  if (c.flags & Counter::kInvert) v = 1.0 / v;
  return v;
}

// One fork as one Google Benchmark run: its measured samples, with its counters as the
// benchmark's calls reported them (finished once the run's times are fixed).
struct ForkRun {
  double real_ns_per_iteration = 0, cpu_ns_per_iteration = 0;
  /// The iterations the fork measured (its measured samples', all threads'): what its time
  /// rests on, as Google Benchmark's Iterations are what a run's time rests on.
  double measured_iterations = 0;
  /// A call's (the calls' mean that served the measured samples, all threads'): the run its
  /// counters were set in, and are finished over.
  double call_iterations = 0;
  std::map<std::string, CounterValue> counters;
  std::string label;
  std::int64_t complexity_n = 0;
  std::optional<benchmark::MemoryManager::Result> memory;
  std::int64_t memory_iterations = 0;
};

// CPU time per iteration (of all threads, as Google Benchmark divides it), over the samples
// the score rests on: while the benchmark's timer ran, so never more than the real time on
// one thread.
double cpu_ns_per_iteration(const results::Fork& fork, int threads) {
  double sum = 0;
  std::size_t n = 0;
  for (const auto* s : analysis::scored_samples(fork.samples, threads))
    if (s->ops > 0) {
      sum += s->cpu_ns / static_cast<double>(s->ops);
      ++n;
    }
  return n > 0 ? sum / static_cast<double>(n) : 0;
}

double measured_iterations(const results::Fork& fork) {
  double ops = 0;
  for (const auto& s : fork.samples) ops += static_cast<double>(s.ops);
  return ops;
}

ForkRun fork_run(const results::Fork& fork, const Instance& instance) {
  ForkRun r;
  const Reported reported = parse_reported(fork.annotations);
  r.measured_iterations = measured_iterations(fork);
  // Calls that reported no iterations (none ended): the measurement stands for the call.
  r.call_iterations = reported.iterations > 0 ? reported.iterations : r.measured_iterations;
  // tare's fork mean is the time per operation per thread (JMH's); Google Benchmark divides
  // a thread's time by the iterations of all threads. A manual time is taken as reported.
  r.real_ns_per_iteration = Access::manual_time(*instance.family) ? reported.manual_ns_per_iteration
                                                                   : fork.mean / instance.threads;
  r.cpu_ns_per_iteration = cpu_ns_per_iteration(fork, instance.threads);
  r.counters = reported.counters;
  r.label = reported.label;
  r.complexity_n = reported.complexity_n;
  r.memory = reported.memory;
  r.memory_iterations = reported.memory_iterations;
  return r;
}

Run base_run(const Instance& instance, benchmark::TimeUnit unit) {
  Run run;
  run.run_name = instance.name_parts;
  run.family_index = instance.family_index;
  run.per_family_instance_index = instance.per_family_instance_index;
  run.threads = instance.threads;
  run.time_unit = unit;
  const auto& family = *instance.family;
  run.complexity = Access::complexity(family);
  run.complexity_lambda = Access::complexity_lambda(family);
  run.statistics = &Access::statistics(family);
  return run;
}

// A run of `iterations` iterations at these times per iteration (real: per thread; CPU: all
// threads').
void set_times(Run& run, double iterations, double real_ns_per_iteration, double cpu_ns_per_iteration) {
  run.iterations = static_cast<benchmark::IterationCount>(std::llround(iterations));
  const double n = static_cast<double>(run.iterations);
  // ns * n / 1e9: back in the unit, GetAdjusted*Time gives the per-iteration figure exactly.
  run.real_accumulated_time = real_ns_per_iteration * n / 1e9;
  run.cpu_accumulated_time = cpu_ns_per_iteration * n / 1e9;
}

// Iterations at a run's times per iteration, and the seconds Google Benchmark divides a rate
// by for them (CPU time unless real or manual time is asked for): what a counter is
// finished over.
struct Span {
  double iterations = 0, seconds = 0;
};

Span span_of(double iterations, double real_ns_per_iteration, double cpu_ns_per_iteration, const Instance& instance) {
  const auto& family = *instance.family;
  const bool real = Access::real_time(family) || Access::manual_time(family);
  return {iterations, iterations * (real ? real_ns_per_iteration : cpu_ns_per_iteration) / 1e9};
}

// A counter finished as Google Benchmark finishes a run's. Its value is a call's (what the
// code set in one Google Benchmark run), so it is finished over the call: a rate is the
// value over the time that produced it, an average per iteration is over the iterations
// that did (the calls' mean, unrounded, as the value is: a per-iteration counter comes out
// exactly as the code gave it). A counter declared constant per iteration
// (kIsIterationInvariant) is finished over the row: Google Benchmark shows it as that
// value times the Iterations beside it (its rate is the same over either).
Counter finished(const CounterValue& c, const Span& call, const Span& row, const Instance& instance) {
  const Span& over = (c.flags & Counter::kIsIterationInvariant) ? row : call;
  return Counter(finish(c, over.iterations, over.seconds, instance.threads), static_cast<Counter::Flags>(c.flags),
                 c.one_k == 1024 ? Counter::kIs1024 : Counter::kIs1000);
}

// A fork's counters, finished over its calls and over its measured iterations.
Counter fork_counter(const CounterValue& c, const ForkRun& f, const Instance& instance) {
  return finished(c, span_of(f.call_iterations, f.real_ns_per_iteration, f.cpu_ns_per_iteration, instance),
                  span_of(f.measured_iterations, f.real_ns_per_iteration, f.cpu_ns_per_iteration, instance), instance);
}

void attach_memory(Run& run, const ForkRun& fork, Report& report) {
  if (!fork.memory) return;
  report.memory.push_back(std::make_shared<benchmark::MemoryManager::Result>(*fork.memory));
  run.memory_result = report.memory.back().get();
  run.allocs_per_iter =
      fork.memory_iterations > 0 ? static_cast<double>(fork.memory->num_allocs) / static_cast<double>(fork.memory_iterations) : 0;
}

struct Statistic {
  std::string name;
  std::function<double(const std::vector<double>&)> compute;
  benchmark::StatisticUnit unit;
};

// Google Benchmark's default statistics, from tare's own (stddev with n - 1, as GB's), then
// the family's.
std::vector<Statistic> statistics_of(const benchmark::internal::Benchmark& family) {
  const auto mean = [](const std::vector<double>& v) { return stats::mean(v); };
  const auto stddev = [](const std::vector<double>& v) { return v.size() < 2 ? 0.0 : stats::stddev(v); };
  std::vector<Statistic> all = {
      {"mean", mean, benchmark::kTime},
      {"median", [](const std::vector<double>& v) { return stats::median(v); }, benchmark::kTime},
      {"stddev", stddev, benchmark::kTime},
      {"cv", [=](const std::vector<double>& v) { return v.size() < 2 ? 0.0 : stddev(v) / mean(v); },
       benchmark::kPercentage}};
  for (const auto& s : Access::statistics(family)) all.push_back({s.name_, s.compute_, s.unit_});
  return all;
}

// The aggregates over a benchmark's repetitions, from their times per iteration.
std::vector<Run> aggregates_of(const std::vector<Run>& reps, const Instance& instance) {
  std::vector<double> real, cpu;  // seconds per iteration
  for (const auto& r : reps) {
    real.push_back(r.real_accumulated_time / static_cast<double>(r.iterations));
    cpu.push_back(r.cpu_accumulated_time / static_cast<double>(r.iterations));
  }
  std::vector<Run> out;
  for (const auto& stat : statistics_of(*instance.family)) {
    Run run = base_run(instance, reps.front().time_unit);
    run.run_type = Run::RT_Aggregate;
    run.repetitions = static_cast<std::int64_t>(reps.size());
    run.repetition_index = Run::no_repetition_index;
    run.aggregate_name = stat.name;
    run.aggregate_unit = stat.unit;
    run.iterations = static_cast<benchmark::IterationCount>(reps.size());
    // Times per iteration: a time statistic scaled by the iterations (the repetitions), a
    // percentage as it is.
    const double scale = stat.unit == benchmark::kTime ? static_cast<double>(reps.size()) : 1.0;
    run.real_accumulated_time = stat.compute(real) * scale;
    run.cpu_accumulated_time = stat.compute(cpu) * scale;
    for (const auto& [name, counter] : reps.front().counters) {
      std::vector<double> values;
      for (const auto& r : reps)
        if (auto it = r.counters.find(name); it != r.counters.end()) values.push_back(it->second.value);
      run.counters[name] = Counter(stat.compute(values), counter.flags, counter.oneK);
    }
    std::string label = reps.front().report_label;
    for (const auto& r : reps)
      if (r.report_label != label) label.clear();
    run.report_label = label;
    out.push_back(std::move(run));
  }
  return out;
}

stats::BigO to_stats(benchmark::BigO o) {
  switch (o) {
    case benchmark::o1: return stats::BigO::o1;
    case benchmark::oN: return stats::BigO::oN;
    case benchmark::oNSquared: return stats::BigO::oNSquared;
    case benchmark::oNCubed: return stats::BigO::oNCubed;
    case benchmark::oLogN: return stats::BigO::oLogN;
    case benchmark::oNLogN: return stats::BigO::oNLogN;
    case benchmark::oLambda: return stats::BigO::oLambda;
    default: return stats::BigO::oAuto;
  }
}

benchmark::BigO from_stats(stats::BigO o) {
  switch (o) {
    case stats::BigO::o1: return benchmark::o1;
    case stats::BigO::oN: return benchmark::oN;
    case stats::BigO::oNSquared: return benchmark::oNSquared;
    case stats::BigO::oNCubed: return benchmark::oNCubed;
    case stats::BigO::oLogN: return benchmark::oLogN;
    case stats::BigO::oNLogN: return benchmark::oNLogN;
    case stats::BigO::oLambda: return benchmark::oLambda;
    default: return benchmark::oAuto;
  }
}

// The complexity fits of a family's times per iteration: the curve is chosen on CPU time
// and then fitted to real time too, as Google Benchmark does. False when the fit is
// impossible (no complexity N set).
bool fit_family_complexity(const std::vector<Run>& runs, stats::ComplexityFit& cpu_fit, stats::ComplexityFit& real_fit) {
  std::vector<double> n, real, cpu;
  for (const auto& r : runs) {
    n.push_back(static_cast<double>(r.complexity_n));
    real.push_back(r.real_accumulated_time / static_cast<double>(r.iterations));
    cpu.push_back(r.cpu_accumulated_time / static_cast<double>(r.iterations));
  }
  const Run& first = runs.front();
  try {
    if (first.complexity == benchmark::oLambda) {
      auto* f = first.complexity_lambda;
      const auto curve = [f](double x) { return f(static_cast<benchmark::IterationCount>(x)); };
      cpu_fit = stats::fit_complexity(n, cpu, curve);
      real_fit = stats::fit_complexity(n, real, curve);
    } else {
      cpu_fit = stats::fit_complexity(n, cpu, to_stats(first.complexity));
      real_fit = stats::fit_complexity(n, real, cpu_fit.complexity);
    }
  } catch (const std::invalid_argument&) {
    return false;
  }
  return true;
}

Run big_o_run(const Run& first, const stats::ComplexityFit& cpu_fit, const stats::ComplexityFit& real_fit) {
  Run big_o;
  big_o.run_name = first.run_name;
  big_o.run_name.args.clear();  // complexity rows are the family's, not an argument's
  big_o.family_index = first.family_index;
  big_o.per_family_instance_index = first.per_family_instance_index;
  big_o.run_type = Run::RT_Aggregate;
  big_o.repetitions = first.repetitions;
  big_o.repetition_index = Run::no_repetition_index;
  big_o.threads = first.threads;
  big_o.aggregate_name = "BigO";
  big_o.aggregate_unit = benchmark::kTime;
  big_o.report_label = first.report_label;
  big_o.iterations = 0;
  big_o.real_accumulated_time = real_fit.coefficient;
  big_o.cpu_accumulated_time = cpu_fit.coefficient;
  big_o.report_big_o = true;
  big_o.complexity = first.complexity == benchmark::oLambda ? benchmark::oLambda : from_stats(cpu_fit.complexity);
  return big_o;
}

// RMS is relative: divided here by the multiplier its time unit applies when reported.
Run rms_run(const Run& big_o, benchmark::TimeUnit unit, const stats::ComplexityFit& cpu_fit,
            const stats::ComplexityFit& real_fit) {
  Run rms = big_o;
  const double multiplier = benchmark::GetTimeUnitMultiplier(unit);
  rms.aggregate_name = "RMS";
  rms.aggregate_unit = benchmark::kPercentage;
  rms.report_big_o = false;
  rms.report_rms = true;
  rms.real_accumulated_time = real_fit.rms / multiplier;
  rms.cpu_accumulated_time = cpu_fit.rms / multiplier;
  rms.time_unit = unit;
  return rms;
}

// The BigO and RMS runs of a family, from its runs' times per iteration. None without a
// complexity N set.
std::vector<Run> complexity_of(const std::vector<Run>& runs) {
  if (runs.size() < 2) return {};
  stats::ComplexityFit cpu_fit, real_fit;
  if (!fit_family_complexity(runs, cpu_fit, real_fit)) return {};
  const Run big_o = big_o_run(runs.front(), cpu_fit, real_fit);
  return {big_o, rms_run(big_o, runs.front().time_unit, cpu_fit, real_fit)};
}

// The estimate over a benchmark's forks as one run: the iterations they measured in all
// (what the score rests on, as Google Benchmark's Iterations are what its time rests on),
// the score (the mean of the forks' means) per iteration, and the CPU time over the same
// forks (those the score rests on: on one thread it is then never above the real time);
// tare's interval beside it. Counters: a rate, or a counter constant per iteration, is the
// forks' mean value finished over a mean call at the reported times (so a rate is the
// value over the time reported, as in Google Benchmark); any other counter is the mean of
// the forks' finished values (exact for a constant per iteration, whatever each fork's
// iterations).
Run estimate_run(const results::Benchmark& b, const Instance& instance, const Run& base, std::vector<ForkRun> forks) {
  Run run = base;
  if (const auto scored = analysis::scored_forks(b); !scored.empty()) {
    forks.clear();
    for (const auto* f : scored) forks.push_back(fork_run(*f, instance));
  }
  double measured = 0, call_iterations = 0, cpu = 0, real = 0;
  for (const auto& f : forks) {
    measured += f.measured_iterations;
    call_iterations += f.call_iterations;
    cpu += f.cpu_ns_per_iteration;
    real += f.real_ns_per_iteration;
    if (!f.label.empty()) run.report_label = f.label;
    if (f.complexity_n != 0) run.complexity_n = f.complexity_n;
  }
  const double n = static_cast<double>(forks.size());
  // The score is the time per operation per thread: per iteration of all threads, / threads.
  const bool manual = Access::manual_time(*instance.family);
  const double real_per_iteration = !manual && b.score ? *b.score / instance.threads : real / n;
  set_times(run, measured, real_per_iteration, cpu / n);
  const Span call = span_of(call_iterations / n, real_per_iteration, cpu / n, instance);
  const Span row = span_of(measured, real_per_iteration, cpu / n, instance);
  std::map<std::string, CounterValue> raw;
  std::map<std::string, double> finished_sum;
  for (const auto& f : forks) {
    for (const auto& [name, c] : f.counters) {
      auto& r = raw[name];
      r.value += c.value / n;
      r.flags = c.flags;
      r.one_k = c.one_k;
      finished_sum[name] += fork_counter(c, f, instance).value;
    }
  }
  for (const auto& [name, c] : raw) {
    Counter counter = finished(c, call, row, instance);
    if (!(c.flags & (Counter::kIsRate | Counter::kIsIterationInvariant))) counter.value = finished_sum[name] / n;
    run.counters[name] = counter;
  }
  // The forks the score and its interval rest on (those that reached a steady state), so
  // that a reader can recover the interval's standard error from its degrees of freedom.
  run.tare_forks = static_cast<std::int64_t>(analysis::scored_forks(b).size());
  if (b.ci) {
    const double to_unit = benchmark::GetTimeUnitMultiplier(run.time_unit) * 1e-9 / instance.threads;
    run.tare_ci_level = b.ci->level;
    run.tare_ci_low = b.ci->low * to_unit;
    run.tare_ci_high = b.ci->high * to_unit;
  }
  run.tare_steady_state = b.steady_state;
  return run;
}

// A benchmark's runs: its repetitions (one per fork), or the estimate over its forks.
void add_runs(const results::Benchmark& b, const Instance& instance, benchmark::TimeUnit unit, int repetitions,
              Report& report, std::vector<ForkRun>& forks) {
  Run run = base_run(instance, unit);
  run.repetitions = std::max(repetitions, 1);
  if (!b.ok) {
    // One error row per repetition asked for, as Google Benchmark reports each of them.
    run.error_occurred = true;
    run.error_message = b.skipped.empty() ? b.error : b.skipped;
    for (int k = 0; k < std::max(repetitions, 1); ++k) {
      run.repetition_index = k;
      report.runs.push_back(run);
    }
    return;
  }
  for (const auto& f : b.forks)
    if (f.ok) forks.push_back(fork_run(f, instance));
  if (forks.empty()) return;
  if (repetitions == 0) {
    report.runs.push_back(estimate_run(b, instance, run, forks));
    attach_memory(report.runs.back(), forks.front(), report);
    return;
  }
  for (std::size_t k = 0; k < forks.size(); ++k) {
    Run rep = run;
    rep.repetitions = static_cast<std::int64_t>(forks.size());
    rep.repetition_index = static_cast<std::int64_t>(k);
    set_times(rep, forks[k].measured_iterations, forks[k].real_ns_per_iteration, forks[k].cpu_ns_per_iteration);
    for (const auto& [name, c] : forks[k].counters) rep.counters[name] = fork_counter(c, forks[k], instance);
    rep.report_label = forks[k].label;
    rep.complexity_n = forks[k].complexity_n;
    attach_memory(rep, forks[k], report);
    report.runs.push_back(std::move(rep));
  }
}

// The flags, unless the family chose for itself; only a report with aggregates leaves its
// runs out.
void set_aggregates_only(Report& report, const ReportOptions& options, benchmark::internal::AggregationReportMode mode) {
  bool file = options.report_aggregates_only;
  bool display = options.report_aggregates_only || options.display_aggregates_only;
  if (mode != benchmark::internal::ARM_Unspecified) {
    file = (mode & benchmark::internal::ARM_FileReportAggregatesOnly) != 0;
    display = (mode & benchmark::internal::ARM_DisplayReportAggregatesOnly) != 0;
  }
  report.file_aggregates_only = file && !report.aggregates.empty();
  report.display_aggregates_only = display && !report.aggregates.empty();
}

}  // namespace

std::vector<Report> make_reports(const results::Run& run, const std::vector<Instance>& instances,
                                 const ReportOptions& options) {
  std::vector<Report> reports;
  std::vector<Run> family_runs;  // the current family's runs, for its complexity
  for (std::size_t i = 0; i < instances.size() && i < run.benchmarks.size(); ++i) {
    const Instance& instance = instances[i];
    const auto& family = *instance.family;
    // A benchmark's own Unit() wins over --benchmark_time_unit, which sets the default (as
    // in Google Benchmark).
    const auto unit = Access::time_unit(family, options.time_unit.value_or(benchmark::GetDefaultTimeUnit()));
    const int repetitions = Access::repetitions(family) > 0 ? Access::repetitions(family) : options.repetitions.value_or(0);
    Report report;
    std::vector<ForkRun> forks;
    add_runs(run.benchmarks[i], instance, unit, repetitions, report, forks);
    if (repetitions > 0 && forks.size() >= 2) report.aggregates = aggregates_of(report.runs, instance);
    if (Access::complexity(family) != benchmark::oNone)
      for (const auto& r : report.runs)
        if (!r.error_occurred) family_runs.push_back(r);
    const bool last_of_family = i + 1 == instances.size() || instances[i + 1].family != instance.family;
    if (last_of_family) {
      for (auto& r : complexity_of(family_runs)) report.aggregates.push_back(std::move(r));
      family_runs.clear();
    }
    set_aggregates_only(report, options, Access::aggregation_report_mode(family));
    reports.push_back(std::move(report));
  }
  return reports;
}

}  // namespace tare::gbench

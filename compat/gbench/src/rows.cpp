#include "rows.hpp"

#include <algorithm>
#include <cmath>

#include "access.hpp"
#include "body.hpp"
#include "stats/complexity.hpp"
#include "stats/descriptive.hpp"

namespace tare::gbench {
namespace {

using benchmark::internal::Access;

double unit_per_ns(benchmark::TimeUnit unit) {
  switch (unit) {
    case benchmark::kMicrosecond: return 1e-3;
    case benchmark::kMillisecond: return 1e-6;
    case benchmark::kSecond: return 1e-9;
    default: return 1;
  }
}
const char* unit_name(benchmark::TimeUnit unit) {
  switch (unit) {
    case benchmark::kMicrosecond: return "us";
    case benchmark::kMillisecond: return "ms";
    case benchmark::kSecond: return "s";
    default: return "ns";
  }
}

// Google Benchmark's counter arithmetic (Finish): rates per second of the run's time,
// averages over threads or iterations, products with iterations, inversion last.
double finish(const Reported::CounterValue& c, double iterations, double seconds, double threads) {
  double v = c.value;
  if (c.flags & benchmark::Counter::kIsRate) v /= seconds;
  if (c.flags & benchmark::Counter::kAvgThreads) v /= threads;
  if (c.flags & benchmark::Counter::kIsIterationInvariant) v *= iterations;
  if (c.flags & benchmark::Counter::kAvgIterations) v /= iterations;
  if (c.flags & benchmark::Counter::kInvert) v = 1.0 / v;
  return v;
}

// One fork as one Google Benchmark run.
struct ForkRun {
  double real_ns_per_iteration = 0, cpu_ns_per_iteration = 0;
  double iterations_per_run = 0;
  std::map<std::string, double> counters;
  std::string label;
  std::int64_t complexity_n = 0;
};

ForkRun fork_run(const results::Fork& fork, const Instance& instance) {
  ForkRun r;
  double cpu = 0, wall = 0;
  for (const auto& s : fork.samples) {
    cpu += s.cpu_ns;
    wall += s.ns;
  }
  const double runs = std::max<double>(1, static_cast<double>(fork.samples.size()));
  const Reported reported = parse_reported(fork.annotations);
  // tare's score is the time per operation per thread (JMH's); Google Benchmark divides a
  // thread's time by the iterations of all threads.
  r.real_ns_per_iteration = fork.mean / instance.threads;
  r.iterations_per_run = static_cast<double>(fork.ops_per_sample);
  // CPU time while the benchmark's own timer ran (as Google Benchmark counts it); else the
  // process's CPU time over the whole sample.
  const double cpu_per_run = reported.cpu_ns_per_run > 0 ? reported.cpu_ns_per_run : cpu / runs;
  r.cpu_ns_per_iteration = r.iterations_per_run > 0 ? cpu_per_run / r.iterations_per_run : 0;
  // Rates are per second of the run's time: CPU time unless real or manual time is asked for.
  const auto& family = *instance.family;
  const double seconds = (Access::real_time(family) || Access::manual_time(family) ? wall / runs : cpu_per_run) * 1e-9;
  for (const auto& [name, c] : reported.counters)
    r.counters[name] = finish(c, r.iterations_per_run, seconds, instance.threads);
  r.label = reported.label;
  r.complexity_n = reported.complexity_n;
  return r;
}

Row base_row(const Instance& instance, const std::string& time_unit) {
  Row row;
  row.name = instance.name;
  row.run_name = instance.run_name;
  row.family_index = instance.family_index;
  row.per_family_instance_index = instance.per_family_instance_index;
  row.threads = instance.threads;
  row.time_unit = time_unit;
  return row;
}

// The aggregate rows over a benchmark's repetition rows.
void add_aggregates(const std::vector<Row>& reps, const Instance& instance, std::vector<Row>& out) {
  struct Stat {
    std::string name;
    std::function<double(const std::vector<double>&)> compute;
    std::string unit;
  };
  // Google Benchmark's default statistics, from tare's own (stddev with n - 1, as GB's).
  const auto mean = [](const std::vector<double>& v) { return stats::mean(v); };
  const auto stddev = [](const std::vector<double>& v) { return stats::stddev(v); };
  std::vector<Stat> statistics = {{"mean", mean, "time"},
                             {"median", [](const std::vector<double>& v) { return stats::median(v); }, "time"},
                             {"stddev", stddev, "time"},
                             {"cv", [=](const std::vector<double>& v) { return mean(v) == 0 ? 0 : stddev(v) / mean(v); },
                              "percentage"}};
  for (const auto& s : Access::statistics(*instance.family))
    statistics.push_back({s.name, s.compute, s.unit == benchmark::kPercentage ? "percentage" : "time"});
  for (const auto& stat : statistics) {
    Row row = base_row(instance, reps.front().time_unit);
    row.name = instance.run_name + "_" + stat.name;
    row.run_type = "aggregate";
    row.repetitions = static_cast<int>(reps.size());
    row.aggregate_name = stat.name;
    row.aggregate_unit = stat.unit;
    row.iterations = static_cast<std::int64_t>(reps.size());
    std::vector<double> real, cpu;
    for (const auto& r : reps) {
      real.push_back(r.real_time);
      cpu.push_back(r.cpu_time);
    }
    row.real_time = stat.compute(real);
    row.cpu_time = stat.compute(cpu);
    for (const auto& [name, value] : reps.front().counters) {
      std::vector<double> values;
      for (const auto& r : reps)
        for (const auto& [n, v] : r.counters)
          if (n == name) values.push_back(v);
      if (values.size() == reps.size()) row.counters.emplace_back(name, stat.compute(values));
    }
    out.push_back(std::move(row));
  }
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

// The BigO and RMS rows of a family: the curve is chosen on CPU time and then fitted to
// real time too, as Google Benchmark does.
void add_complexity(const std::vector<Row>& rows, const std::vector<double>& ns, const Instance& first,
                    std::vector<Row>& out) {
  if (rows.size() < 2) return;
  std::vector<double> real, cpu;
  for (const auto& r : rows) {
    real.push_back(r.real_time);
    cpu.push_back(r.cpu_time);
  }
  const auto& family = *first.family;
  stats::ComplexityFit cpu_fit, real_fit;
  try {
    if (Access::complexity(family) == benchmark::oLambda) {
      auto* f = Access::complexity_lambda(family);
      const auto curve = [f](double n) { return f(static_cast<benchmark::IterationCount>(n)); };
      cpu_fit = stats::fit_complexity(ns, cpu, curve);
      real_fit = stats::fit_complexity(ns, real, curve);
    } else {
      cpu_fit = stats::fit_complexity(ns, cpu, to_stats(Access::complexity(family)));
      real_fit = stats::fit_complexity(ns, real, cpu_fit.complexity);
    }
  } catch (const std::invalid_argument&) {
    return;  // no complexity N set: nothing to fit
  }
  const std::string function = first.run_name.substr(0, first.run_name.find('/'));
  Row big_o = base_row(first, rows.front().time_unit);
  big_o.name = function + "_BigO";
  big_o.run_name = function;
  big_o.run_type = "aggregate";
  big_o.repetitions = rows.front().repetitions;
  big_o.aggregate_name = "BigO";
  big_o.aggregate_unit = "time";
  big_o.cpu_coefficient = cpu_fit.coefficient;
  big_o.real_coefficient = real_fit.coefficient;
  big_o.big_o = stats::big_o_string(cpu_fit.complexity);
  out.push_back(big_o);
  Row rms = big_o;
  rms.name = function + "_RMS";
  rms.aggregate_name = "RMS";
  rms.aggregate_unit = "percentage";
  rms.cpu_coefficient = rms.real_coefficient = std::nullopt;
  rms.big_o.clear();
  rms.rms = cpu_fit.rms;
  out.push_back(rms);
}

}  // namespace

std::vector<Row> make_rows(const results::Run& run, const std::vector<Instance>& instances, const RowOptions& options) {
  std::vector<Row> out;
  std::vector<Row> family_rows;  // the current family's iteration rows, for complexity
  std::vector<double> family_ns;
  const Instance* family_first = nullptr;  // complexity rows carry the family's first instance's indexes
  for (std::size_t i = 0; i < instances.size() && i < run.benchmarks.size(); ++i) {
    const Instance& instance = instances[i];
    const results::Benchmark& b = run.benchmarks[i];
    if (!family_first || family_first->family != instance.family) family_first = &instance;
    const auto unit = options.time_unit.value_or(
        Access::time_unit(*instance.family, benchmark::GetDefaultTimeUnit()));
    const double scale = unit_per_ns(unit);
    const int repetitions = Access::repetitions(*instance.family) > 0 ? Access::repetitions(*instance.family)
                                                                       : options.repetitions.value_or(0);
    std::vector<Row> rows;
    if (!b.ok) {
      Row row = base_row(instance, unit_name(unit));
      row.error = b.skipped.empty() ? b.error : b.skipped;
      row.repetitions = std::max(repetitions, 1);
      row.repetition_index = 0;
      rows.push_back(row);
    } else {
      std::vector<ForkRun> runs;
      std::vector<const results::Fork*> forks;
      for (const auto& f : b.forks)
        if (f.ok) forks.push_back(&f);
      for (const auto* f : forks) runs.push_back(fork_run(*f, instance));
      if (repetitions > 0) {
        for (std::size_t k = 0; k < runs.size(); ++k) {
          Row row = base_row(instance, unit_name(unit));
          row.repetitions = static_cast<int>(runs.size());
          row.repetition_index = static_cast<int>(k);
          row.iterations = static_cast<std::int64_t>(runs[k].iterations_per_run);
          row.real_time = runs[k].real_ns_per_iteration * scale;
          row.cpu_time = runs[k].cpu_ns_per_iteration * scale;
          row.counters.assign(runs[k].counters.begin(), runs[k].counters.end());
          row.label = runs[k].label;
          rows.push_back(row);
        }
      } else if (!runs.empty()) {
        // One row: the estimate over all forks, and tare's interval beside it.
        Row row = base_row(instance, unit_name(unit));
        row.repetition_index = 0;
        double iterations = 0, cpu = 0;
        std::map<std::string, double> counters;
        for (const auto& r : runs) {
          iterations += r.iterations_per_run;
          cpu += r.cpu_ns_per_iteration;
          for (const auto& [name, v] : r.counters) counters[name] += v / static_cast<double>(runs.size());
          if (!r.label.empty()) row.label = r.label;
        }
        const double n = static_cast<double>(runs.size());
        row.iterations = static_cast<std::int64_t>(iterations / n);
        const double per_thread = scale / instance.threads;  // as in fork_run
        row.real_time = b.score ? *b.score * per_thread : runs.front().real_ns_per_iteration * scale;
        row.cpu_time = cpu / n * scale;
        row.counters.assign(counters.begin(), counters.end());
        if (b.ci) row.ci = results::Interval{b.ci->level, b.ci->low * per_thread, b.ci->high * per_thread};
        row.forks = static_cast<int>(runs.size());
        row.steady_state = b.steady_state;
        rows.push_back(row);
      }
      if (Access::complexity(*instance.family) != benchmark::oNone)
        for (std::size_t k = 0; k < rows.size() && k < runs.size(); ++k) {
          family_rows.push_back(rows[k]);
          family_ns.push_back(static_cast<double>(runs[k].complexity_n));
        }
    }
    const bool aggregates = rows.size() >= 2 && rows.front().repetition_index && !rows.front().error;
    std::vector<Row> aggregate_rows;
    if (aggregates) add_aggregates(rows, instance, aggregate_rows);
    // With aggregates, the repetition rows may be left out (flags, or the family's own settings).
    const auto& family = *instance.family;
    const bool only_aggregates = options.report_aggregates_only || Access::report_aggregates_only(family) ||
                                 (options.for_display && (options.display_aggregates_only ||
                                                          Access::display_aggregates_only(family)));
    if (!(only_aggregates && aggregates)) out.insert(out.end(), rows.begin(), rows.end());
    out.insert(out.end(), aggregate_rows.begin(), aggregate_rows.end());
    // After a family's last instance: its complexity rows.
    const bool last_of_family = i + 1 == instances.size() || instances[i + 1].family != instance.family;
    if (last_of_family) {
      if (Access::complexity(*instance.family) != benchmark::oNone) add_complexity(family_rows, family_ns, *family_first, out);
      family_rows.clear();
      family_ns.clear();
    }
  }
  return out;
}

}  // namespace tare::gbench

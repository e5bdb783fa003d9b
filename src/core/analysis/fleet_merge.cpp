// Matching benchmarks across machines and handing each one's forks to the fleet statistics.
#include "analysis/fleet_merge.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include "stats/fleet.hpp"

namespace tare::analysis {
namespace {

std::vector<results::FleetMachine> named_machines(std::vector<results::Run> runs) {
  std::vector<results::FleetMachine> machines;
  std::map<std::string, std::size_t> seen;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    std::string name = runs[i].context.host.empty() ? "machine " + std::to_string(i + 1) : runs[i].context.host;
    if (const auto [at, added] = seen.emplace(name, i); !added)
      throw std::invalid_argument("runs " + std::to_string(at->second + 1) + " and " + std::to_string(i + 1) +
                                  " both come from host " + name + ": merge one run per machine");
    std::string error = first_failure(runs[i]);
    const bool ok = error.empty();
    machines.push_back({std::move(name), ok, std::move(error), std::move(runs[i])});
  }
  return machines;
}

// The machines the statistics are over: those that succeeded, with what they measured.
const results::Run* counted_run(const results::FleetMachine& m) { return m.ok && m.run ? &*m.run : nullptr; }

const results::Benchmark* find_benchmark(const results::Run& run, const std::string& name) {
  for (const auto& b : run.benchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

// Every benchmark name, in the order each first appears.
std::vector<std::string> benchmark_names(const std::vector<results::FleetMachine>& machines) {
  std::vector<std::string> names;
  for (const auto& m : machines)
    if (const results::Run* run = counted_run(m))
      for (const auto& b : run->benchmarks)
      if (std::find(names.begin(), names.end(), b.name) == names.end()) names.push_back(b.name);
  return names;
}

stats::MachineForks machine_forks(const results::Benchmark* b) {
  stats::MachineForks forks;
  if (b == nullptr || !b->ok) return forks;
  double samples = 0;
  for (const auto& fork : b->forks) {
    if (!fork.ok) continue;
    forks.fork_means.push_back(fork.mean);
    samples += static_cast<double>(fork.samples.size());
  }
  if (b->within_fork_variance && !forks.fork_means.empty()) {
    forks.within_fork_variance = *b->within_fork_variance;
    forks.samples_per_fork = samples / static_cast<double>(forks.fork_means.size());
  }
  return forks;
}

std::optional<double> finite_or_none(double v) { return std::isfinite(v) ? std::optional<double>(v) : std::nullopt; }

std::optional<results::Interval> fleet_ci(const stats::MeanInterval& ci) {
  if (ci.n < 2 || !std::isfinite(ci.half_width)) return std::nullopt;
  return results::Interval{ci.level, ci.low, ci.high};
}

results::MachineScore machine_score(const std::string& machine, const stats::MachineEstimate& e) {
  results::MachineScore s;
  s.machine = machine;
  s.forks = e.forks;
  s.mean = finite_or_none(e.mean);
  if (e.ci) s.ci = fleet_ci(*e.ci);
  s.shrunk_mean = finite_or_none(e.shrunk_mean);
  s.outlier_t = finite_or_none(e.outlier_t);
  s.outlier_p = finite_or_none(e.outlier_p);
  s.outlier = e.outlier;
  return s;
}

// The unit and mode every machine measured the benchmark in; they must agree.
void take_identity(results::FleetBenchmark& fleet, const results::Benchmark& b, const std::string& machine,
                   bool first) {
  if (first) {
    fleet.unit = b.unit;
    fleet.mode = b.mode;
  } else if (b.unit != fleet.unit || b.mode != fleet.mode) {
    throw std::invalid_argument("benchmark " + b.name + " is measured in " + b.unit + " on " + machine +
                                " but in " + fleet.unit + " on the machines before it");
  }
}

results::FleetBenchmark fleet_benchmark(const std::string& name, const std::vector<results::FleetMachine>& machines,
                                        double level, double false_alarm) {
  results::FleetBenchmark fleet;
  fleet.name = name;
  std::vector<stats::MachineForks> forks;
  bool first = true;
  for (const auto& m : machines) {
    const results::Run* run = counted_run(m);
    const results::Benchmark* b = run ? find_benchmark(*run, name) : nullptr;
    if (b != nullptr) take_identity(fleet, *b, m.name, std::exchange(first, false));
    forks.push_back(machine_forks(b));
  }
  const stats::FleetEstimate estimate = stats::estimate_fleet(forks, level, false_alarm);
  fleet.machines = estimate.machines;
  fleet.forks = estimate.forks;
  fleet.false_alarm = false_alarm;
  if (estimate.machines > 0) fleet.mean = finite_or_none(estimate.fleet.mean);
  fleet.ci = fleet_ci(estimate.fleet);
  fleet.variance = {finite_or_none(estimate.variance.within_fork), finite_or_none(estimate.variance.between_forks),
                    finite_or_none(estimate.variance.between_machines)};
  for (std::size_t i = 0; i < machines.size(); ++i)
    fleet.per_machine.push_back(machine_score(machines[i].name, estimate.per_machine[i]));
  return fleet;
}

}  // namespace

std::string first_failure(const results::Run& run) {
  for (const auto& b : run.benchmarks)
    if (!b.ok && b.skipped.empty()) return b.name + ": " + b.error;
  return "";
}

void add_fleet_statistics(results::Fleet& fleet, double level, double false_alarm) {
  fleet.benchmarks.clear();
  for (const std::string& name : benchmark_names(fleet.machines))
    fleet.benchmarks.push_back(fleet_benchmark(name, fleet.machines, level, false_alarm));
}

results::Fleet merge_fleet(std::vector<results::Run> runs, double level, double false_alarm) {
  results::Fleet fleet;
  fleet.machines = named_machines(std::move(runs));
  add_fleet_statistics(fleet, level, false_alarm);
  return fleet;
}

}  // namespace tare::analysis

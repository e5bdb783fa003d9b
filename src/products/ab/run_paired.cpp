#include "ab/run_paired.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>

#include "ab/sequential_stop.hpp"
#include "runner/fork_steps.hpp"
#include "stats/descriptive.hpp"
#include "stats/ratio.hpp"

namespace tare::ab {
namespace {

// A duet's top level: pairs 2k and 2k+1 ran with the CPUs swapped, so the mean of their
// log-ratios no longer holds the difference between the CPUs (measured on a 2-vCPU VM: one
// vCPU 3.5% slower, which made single pairs alternate between -3% and +5%).
std::vector<double> swap_units(const std::vector<double>& logs) {
  std::vector<double> units;
  for (std::size_t i = 0; i + 1 < logs.size(); i += 2) units.push_back((logs[i] + logs[i + 1]) / 2);
  return units;
}

// The interval at the last look, after the progress line's pair count.
std::string interval_so_far(const compare::CompareRow& row, std::size_t pairs) {
  if (pairs == 0) return "";
  return fmt::format("; NEW/BASE {:.3f} [{:.3f}, {:.3f}]", row.ratio.estimate, row.ratio.low, row.ratio.high);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::vector<double> run_paired(AbRun& run, const PairBinaries& binaries, const Listed& b, compare::CompareRow& row) {
  const AbOptions& options = run.options;
  const PairDesign& design = run.plan.design;
  const bool sequential = options.pairs == 0;
  const std::size_t pairs_per_unit = options.duet ? 2 : 1;
  const auto start = std::chrono::steady_clock::now();
  std::vector<double> logs, units, base_means, candidate_means;
  for (std::size_t k = 0; k < design.looks.size(); ++k) {
    const std::size_t look = design.looks[k];
    const std::string so_far = interval_so_far(row, logs.size());
    while (logs.size() < look * pairs_per_unit) {
      const int p = static_cast<int>(logs.size());
      run.show_pair(b.name, logs.size(), seconds_since(start), so_far);
      const Pair pair = run_pair(options, binaries, b, run.setup, run.rng(), pair_cpus(run.cpus, b.threads, p, options.duet),
                                 pair_watch(options, row));
      if (pair.slow_start) row.slow_start = pair.slow_start;
      logs.push_back(std::log(pair.candidate_mean / pair.base_mean));
      base_means.push_back(pair.base_mean);
      candidate_means.push_back(pair.candidate_mean);
      row.pairs.emplace_back(pair.base_mean, pair.candidate_mean);
    }
    units = options.duet ? swap_units(logs) : logs;
    row.ratio = stats::paired_ratio(units, design.look_level);
    if (!sequential) continue;
    const auto stop = sequential_stop(compare::time_ratio(row), options.threshold, design, k, seconds_since(start),
                                      options.budget_seconds);
    if (!stop) continue;
    row.stop = *stop;
    break;
  }
  run.line.clear();
  row.base = {stats::mean(base_means), base_means.size()};
  row.candidate = {stats::mean(candidate_means), candidate_means.size()};
  // The intervals of all looks and benchmarks hold together at 95%; a p-value of the last
  // look alone would ignore the looks before it.
  row.ratio.level = 0.95;
  row.ratio.p_value = NAN;
  return units;
}

}  // namespace tare::ab

#include "ab/run_variants.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

#include "stats/descriptive.hpp"
#include "stats/ratio.hpp"

namespace tare::ab {

std::size_t rounds_per_variant(int pairs, std::size_t variants, bool duet) {
  // Placement moves a function by several percent between layouts, a pair's own noise by
  // far less: one more variant narrows the interval more than one more pair of a variant.
  constexpr std::size_t kDefaultRounds = 1;
  std::size_t rounds = pairs == 0 ? kDefaultRounds : (static_cast<std::size_t>(pairs) + variants - 1) / variants;
  rounds = std::max<std::size_t>(rounds, 1);
  if (duet && rounds % 2 != 0) ++rounds;
  return rounds;
}

std::vector<double> run_variants(AbRun& run, const Builds& builds, const Listed& b, compare::CompareRow& row) {
  const AbOptions& options = run.options;
  const std::size_t variants = builds.base.size();
  const std::size_t rounds = rounds_per_variant(options.pairs, variants, options.duet);
  std::vector<std::vector<double>> logs(variants);
  std::vector<double> base_means, candidate_means;
  std::vector<std::size_t> order(variants);
  std::iota(order.begin(), order.end(), std::size_t{0});
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t r = 0; r < rounds; ++r) {
    // A shuffled order each round: no variant is always measured first after a pause, or
    // always at the same point of a slow drift.
    std::shuffle(order.begin(), order.end(), run.rng);
    for (const std::size_t k : order) {
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      run.show_pair(b.name, row.pairs.size(), seconds,
                    fmt::format(" (round {}/{}, layout variant {}/{})", r + 1, rounds, k + 1, variants));
      // Within a variant, round r's parity decides the duet's CPUs: its pairs swap them.
      const PairCpus cpus = pair_cpus(run.cpus, b.threads, static_cast<int>(r), options.duet);
      const Pair pair =
          run_pair(options, {builds.base[k], builds.candidate[k]}, b, run.setup, run.rng(), cpus, pair_watch(options, row));
      if (pair.slow_start) row.slow_start = pair.slow_start;
      logs[k].push_back(std::log(pair.candidate_mean / pair.base_mean));
      base_means.push_back(pair.base_mean);
      candidate_means.push_back(pair.candidate_mean);
      row.pairs.emplace_back(pair.base_mean, pair.candidate_mean);
    }
  }
  run.line.clear();
  std::vector<double> units;
  for (const auto& l : logs) units.push_back(stats::mean(l));
  row.ratio = stats::paired_ratio(units, run.plan.design.look_level);
  row.ratio.level = 0.95;  // the intervals of all benchmarks hold together at 95%
  row.ratio.p_value = NAN;
  row.base = {stats::mean(base_means), variants};
  row.candidate = {stats::mean(candidate_means), variants};
  return units;
}

}  // namespace tare::ab

// The cost of tare's own statistics, measured with tare:
//  - analysis.classify_fork/n=...: PELT and Barrett's classes over one fork's series of n
//    values with no change in it (PELT's worst case: nothing to prune). The runner does this
//    once per fork; series longer than 1000 are judged on block means.
//  - analysis.estimate/samples=...: everything estimate() does for one benchmark of 20
//    forks: t interval, sign-test median, variance components, outliers, modes and the
//    hierarchical bootstrap (mean and median). The runner does this once per benchmark at
//    the end of a run (checkpoints skip the bootstrap).
#include <tare/tare.hpp>

#include <random>
#include <vector>

#include "analysis/estimates.hpp"
#include "stats/steady_state.hpp"

namespace {

struct Series {
  std::vector<double> values;
  explicit Series(const tare::Params& p) {
    std::mt19937_64 rng(1);
    std::normal_distribution<double> noise(100, 1);
    for (std::size_t i = 0; i < p.get<std::size_t>("n"); ++i) values.push_back(noise(rng));
  }
};

struct Forks {
  tare::results::Benchmark benchmark;
  explicit Forks(const tare::Params& p) {
    std::mt19937_64 rng(2);
    std::normal_distribution<double> noise(0, 1);
    const auto samples = p.get<std::size_t>("samples");
    for (int k = 0; k < 20; ++k) {
      tare::results::Fork fork;
      const double level = 100 + noise(rng);
      double sum = 0;
      for (std::size_t i = 0; i < samples; ++i) {
        const double per_op = level + noise(rng);
        fork.samples.push_back(tare::results::Sample{1000, per_op * 1000, 0, {}});
        sum += per_op;
      }
      fork.mean = sum / static_cast<double>(samples);
      benchmark.forks.push_back(fork);
    }
  }
};

}  // namespace

TARE_BENCHMARKS {
  tare::group<Series>("analysis").param("n", {100, 1000}).bench("classify_fork", [](Series& s) {
    return tare::stats::classify_fork(s.values).steady_begin;
  });
  tare::group<Forks>("analysis").param("samples", {100, 1000}).bench("estimate", [](Forks& f) {
    tare::results::Benchmark b = f.benchmark;
    tare::analysis::estimate(b, tare::analysis::scored_forks(b), tare::Mode::avgt, 1, 7);
    return b.bootstrap->median.low;
  });
}

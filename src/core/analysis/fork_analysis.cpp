#include "analysis/fork_analysis.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <vector>

#include "analysis/disturbance.hpp"
#include "stats/descriptive.hpp"
#include "stats/independence.hpp"
#include "stats/steady_state.hpp"

namespace tare::analysis {

double sample_value(const results::Sample& sample, Mode mode, int threads) {
  if (sample.ops == 0) return 0;
  if (mode == Mode::thrpt) return sample.ns > 0 ? static_cast<double>(sample.ops) * 1e9 / sample.ns : 0;
  return sample.ns * threads / static_cast<double>(sample.ops);
}

namespace {

// Time per operation whatever the mode reports: warmup is a question about time (lower is
// faster), and Barrett's classes are defined on times.
double time_per_op(const results::Sample& s, int threads) { return sample_value(s, Mode::avgt, threads); }

void classify(results::Fork& fork, const ForkAnalysisInput& input) {
  const auto located = locate_steady_state(fork, input);
  if (!located) {
    fork.steady_class = results::SteadyClass::unchecked;
    return;
  }
  fork.steady_class = fork_class(located->kind);
  fork.outliers = static_cast<int>(located->outliers);
  fork.changepoints.clear();
  for (std::size_t cp : located->changepoints) fork.changepoints.push_back(static_cast<int>(cp));

  // Cut the warmup where the evidence says, if it reaches into the measurement. With no
  // steady state there is no such point: the samples stay as they are, and the fork says so.
  if (located->kind != stats::SeriesShape::no_steady_state && located->steady_begin > fork.warmup.size()) {
    const std::size_t cut = std::min(located->steady_begin - fork.warmup.size(), fork.samples.size() / 2);
    fork.warmup.insert(fork.warmup.end(), std::make_move_iterator(fork.samples.begin()),
                       std::make_move_iterator(fork.samples.begin() + static_cast<std::ptrdiff_t>(cut)));
    fork.samples.erase(fork.samples.begin(), fork.samples.begin() + static_cast<std::ptrdiff_t>(cut));
  }
}

}  // namespace

std::optional<SteadyLocation> locate_steady_state(const results::Fork& fork, const ForkAnalysisInput& input) {
  // In sample mode the warmup was timed in batches and the measurement call by call: two
  // different distributions, so only the measured calls form one series.
  const std::size_t first =
      input.mode == Mode::sample ? fork.warmup.size() : std::min(input.calibration_samples, fork.warmup.size());
  std::vector<double> series;
  for (std::size_t i = first; i < fork.warmup.size(); ++i) series.push_back(time_per_op(fork.warmup[i], input.threads));
  for (const auto& s : fork.samples) series.push_back(time_per_op(s, input.threads));
  if (series.size() < kFewestToClassify) return std::nullopt;

  // PELT costs O(n^2) when nothing changes; a fork of 10,000 samples (or 20,000 calls in
  // sample mode) would take seconds. Longer series are judged on the means of consecutive
  // blocks, at most kMaxSeries of them: changes are then located to within a block.
  const std::size_t block = (series.size() + kMaxSeries - 1) / kMaxSeries;
  const std::vector<double> judged = block == 1 ? series : stats::batch_means(series, block).means;

  stats::SteadyStateOptions options;
  options.delta = input.delta;
  const auto& last = fork.samples.empty() ? fork.warmup.back() : fork.samples.front();
  const std::uint64_t ops = std::max<std::uint64_t>(last.ops, 1);
  options.quantization = input.clock_resolution_ns * input.threads / static_cast<double>(ops * block);
  // The steady state must cover at least half of the measurement; a change later than
  // that leaves too little steady data to trust.
  options.last_window = std::max<std::size_t>(1, fork.samples.size() / 2 / block);
  const stats::SteadyState steady = stats::classify_fork(judged, options);

  SteadyLocation located;
  located.kind = steady.kind;
  located.steady_begin = first + steady.steady_begin * block;
  for (std::size_t cp : steady.changepoints) located.changepoints.push_back(first + cp * block);
  located.outliers = steady.outliers.size() * block;
  return located;
}

results::SteadyClass fork_class(stats::SeriesShape kind) {
  switch (kind) {
    case stats::SeriesShape::flat: return results::SteadyClass::flat;
    case stats::SeriesShape::warmup: return results::SteadyClass::warmup;
    case stats::SeriesShape::slowdown: return results::SteadyClass::slowdown;
    case stats::SeriesShape::no_steady_state: return results::SteadyClass::no_steady_state;
  }
  return results::SteadyClass::unchecked;
}

std::optional<stats::SeriesShape> series_shape(results::SteadyClass steady_class) {
  switch (steady_class) {
    case results::SteadyClass::flat: return stats::SeriesShape::flat;
    case results::SteadyClass::warmup: return stats::SeriesShape::warmup;
    case results::SteadyClass::slowdown: return stats::SeriesShape::slowdown;
    case results::SteadyClass::no_steady_state: return stats::SeriesShape::no_steady_state;
    case results::SteadyClass::unchecked:
    case results::SteadyClass::single_shot: return std::nullopt;
  }
  return std::nullopt;
}

void analyze_fork(results::Fork& fork, const ForkAnalysisInput& input) {
  if (input.mode == Mode::ss) fork.steady_class = results::SteadyClass::single_shot;
  else classify(fork, input);
  fork.steady_first_index = static_cast<int>(fork.warmup.size());

  fork.measured_ns = 0;
  for (const auto& s : fork.samples) fork.measured_ns += s.ns;
  // The score rests on the samples other work left alone; the mean of all of them is kept
  // beside it when they differ.
  const std::vector<double> values = scored_values(fork.samples, input.mode, input.threads);
  fork.mean = values.empty() ? 0 : stats::mean(values);
  fork.disturbed_samples = count_disturbed(fork.samples, input.threads).value_or(-1);
  fork.all_samples_mean.reset();
  if (values.size() < fork.samples.size()) {
    double all = 0;
    for (const auto& s : fork.samples) all += sample_value(s, input.mode, input.threads);
    fork.all_samples_mean = all / static_cast<double>(fork.samples.size());
  }

  const stats::IndependenceTest independence = stats::ljung_box(values);
  fork.lag1 = independence.lag1;
  fork.dependent = independence.dependent;
}

}  // namespace tare::analysis

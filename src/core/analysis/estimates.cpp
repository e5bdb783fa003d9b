#include "analysis/estimates.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "analysis/disturbance.hpp"
#include "analysis/fork_analysis.hpp"
#include "stats/bootstrap.hpp"
#include "stats/descriptive.hpp"
#include "stats/hierarchy.hpp"
#include "stats/independence.hpp"
#include "stats/interval.hpp"
#include "stats/modes.hpp"
#include "stats/robust.hpp"
#include "stats/steady_state.hpp"

namespace tare::analysis {
namespace {

bool reached_steady_state(const results::Fork& f) {
  return f.steady_class != results::SteadyClass::no_steady_state;
}

results::Interval interval(double level, double low, double high) { return results::Interval{level, low, high}; }

// Variance components. Under autocorrelation the spread of single samples understates how
// much a fork's mean wanders, so the within-fork term becomes the long-run variance from
// batch means (Var(fork mean) ~ within / samples either way), and between = S2^2 - within/m.
void variances(results::Benchmark& b, const std::vector<std::vector<double>>& per_fork,
               const std::vector<double>& means, bool dependent) {
  if (!dependent) {
    const auto components = stats::variance_components(per_fork);
    b.within_fork_variance = components.within;
    b.between_fork_variance = components.between;
    b.within_fork_method = "samples";
    return;
  }
  double long_run = 0, samples = 0;
  for (const auto& values : per_fork) {
    long_run += stats::batch_means(values).long_run_variance;
    samples += static_cast<double>(values.size());
  }
  const auto n = static_cast<double>(per_fork.size());
  b.within_fork_variance = long_run / n;
  b.between_fork_variance = stats::variance(means) - *b.within_fork_variance / (samples / n);
  b.within_fork_method = "batch means";
}

void bootstrap(results::Benchmark& b, const std::vector<std::vector<double>>& per_fork, bool dependent,
               std::uint64_t seed) {
  std::size_t total = 0;
  for (const auto& values : per_fork) total += values.size();
  if (per_fork.size() < 2 || total == 0) return;
  stats::BootstrapOptions options;
  // About 4 million draws at most (2,000 resamples up to 2,000 samples, fewer beyond, never
  // under 200): a benchmark's summary stays well under a second (bench/analysis.cpp).
  options.resamples = std::clamp<std::size_t>(4'000'000 / total, 200, 2000);
  options.seed = seed;
  options.block_length = dependent ? stats::default_block_length(total / per_fork.size()) : 1;
  const auto mean = stats::hierarchical_bootstrap_mean(per_fork, options);
  const auto median = stats::hierarchical_bootstrap_median(per_fork, options);
  if (mean.resamples == 0) return;
  results::Bootstrap result;
  result.mean = interval(mean.level, mean.low, mean.high);
  result.median = interval(median.level, median.low, median.high);
  result.resamples = static_cast<int>(mean.resamples);
  result.block_length = static_cast<int>(options.block_length);
  b.bootstrap = result;
}

// Tukey counts summed over forks (fences per fork: forks may sit at different levels), and
// the median over forks of the share of variance that outliers explain.
void outliers(results::Benchmark& b, const std::vector<std::vector<double>>& per_fork) {
  results::Outliers out;
  std::vector<double> fractions;
  for (const auto& values : per_fork) {
    if (values.size() < 4) continue;
    const auto fences = stats::tukey_fences(values);
    out.low_severe += static_cast<int>(fences.low_severe_count);
    out.low_mild += static_cast<int>(fences.low_mild_count);
    out.high_mild += static_cast<int>(fences.high_mild_count);
    out.high_severe += static_cast<int>(fences.high_severe_count);
    fractions.push_back(stats::outlier_variance(stats::mean(values), stats::stddev(values), values.size()));
  }
  if (fractions.empty()) return;
  out.variance_fraction = stats::median(fractions);
  out.effect = stats::to_string(stats::outlier_effect(out.variance_fraction));
  b.outliers = out;
}

// Across every successful fork, scored or not: inconsistency is itself the finding.
std::string steady_state_across(const results::Benchmark& b) {
  std::vector<stats::SeriesShape> classes;
  std::string other;
  for (const auto& f : b.forks) {
    if (!f.ok) continue;
    if (auto c = series_shape(f.steady_class)) classes.push_back(*c);
    // The results' names for the two classes stats has none of (report/enum_names.hpp).
    else other = f.steady_class == results::SteadyClass::single_shot ? "single shot" : "unchecked";
  }
  return classes.empty() ? other : stats::classify_forks(classes);
}

// Two modes are two kinds of process, each a real share of them: at least kFewestInMode
// forks and a fifth of all. One or two forks apart from the rest are processes disturbed
// throughout (a warning calls them far from the others), and the mean still describes the
// rest; heavy-tailed fork means would otherwise pass for two modes.
constexpr std::size_t kFewestInMode = 3;
bool each_mode_holds_enough(const stats::Bimodality& modes) {
  const std::size_t smaller = std::min(modes.low_count, modes.high_count);
  const std::size_t all = modes.low_count + modes.high_count;
  return smaller >= kFewestInMode && 5 * smaller >= all;
}

}  // namespace

std::vector<const results::Fork*> scored_forks(const results::Benchmark& b) {
  std::vector<const results::Fork*> ok, steady, left_alone;
  for (const auto& f : b.forks) {
    if (!f.ok) continue;
    ok.push_back(&f);
    if (!reached_steady_state(f)) continue;
    steady.push_back(&f);
    if (!too_disturbed(f)) left_alone.push_back(&f);
  }
  if (left_alone.size() >= 2) return left_alone;
  return steady.size() >= 2 ? steady : ok;
}

bool rests_on_disturbed_forks(const results::Benchmark& b) {
  const auto scored = scored_forks(b);
  return std::any_of(scored.begin(), scored.end(), [](const results::Fork* f) { return too_disturbed(*f); });
}

std::vector<double> fork_values(const results::Fork& fork, Mode mode, int threads) {
  return scored_values(fork.samples, mode, threads);
}

void estimate(results::Benchmark& b, const std::vector<const results::Fork*>& forks, Mode mode, int threads,
              std::uint64_t seed, bool with_bootstrap) {
  b.steady_state = steady_state_across(b);
  std::vector<double> means;
  std::vector<std::vector<double>> per_fork;
  std::size_t dependent_forks = 0;
  for (const auto* fork : forks) {
    means.push_back(fork->mean);
    per_fork.push_back(fork_values(*fork, mode, threads));
    if (fork->dependent) ++dependent_forks;
  }
  if (means.empty()) return;
  b.score = stats::mean(means);
  b.median = stats::median(means);
  b.mad = stats::mad(means);
  if (mode != Mode::ss) outliers(b, per_fork);
  if (means.size() < 2) return;

  const auto ci = stats::mean_interval(means);
  b.ci = interval(ci.level, ci.low, ci.high);
  b.ci_method = "student-t over fork means";
  if (const auto m = stats::median_sign_interval(means); m.available) b.median_ci = interval(m.level, m.low, m.high);

  const bool dependent = dependent_forks > 0 &&
                         static_cast<double>(dependent_forks) >= kDependentShare * static_cast<double>(forks.size());
  if (mode == Mode::ss) {
    // One cold call per fork: all the variance is between forks.
    b.between_fork_variance = stats::variance(means);
  } else {
    variances(b, per_fork, means, dependent);
    if (with_bootstrap) bootstrap(b, per_fork, dependent, seed);
  }

  if (const auto modes = stats::detect_bimodality(means); modes.detected && each_mode_holds_enough(modes)) {
    b.modes = {{modes.low_mean, static_cast<int>(modes.low_count)}, {modes.high_mean, static_cast<int>(modes.high_count)}};
  }
}

}  // namespace tare::analysis

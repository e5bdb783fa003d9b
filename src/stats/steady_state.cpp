#include "stats/steady_state.hpp"

#include <algorithm>
#include <cmath>

#include "stats/changepoints.hpp"
#include "stats/descriptive.hpp"

namespace tare::stats {

const char* to_string(SteadyClass c) {
  switch (c) {
    case SteadyClass::flat: return "flat";
    case SteadyClass::warmup: return "warmup";
    case SteadyClass::slowdown: return "slowdown";
    case SteadyClass::no_steady_state: return "no steady state";
  }
  return "";
}

namespace {

// Runs of at least this many consecutive outliers on the same side are a change of level,
// not disturbances (shared machines produce bursts of two to four disturbed samples). Barrett's window (200 of 2000 iterations) never judges the first and
// last 100 values, so a warmup at the start or a change at the end always reaches PELT;
// tare's series are short and its window is clamped to the ends, where a few slow first
// samples or a late slowdown would otherwise be filtered away as "outliers".
constexpr std::size_t kLevelRun = 5;

std::vector<std::size_t> without_level_runs(std::span<const double> xs, std::vector<std::size_t> outliers) {
  const double mid = median(xs);
  std::vector<std::size_t> kept;
  std::size_t i = 0;
  while (i < outliers.size()) {
    if (!std::isfinite(xs[outliers[i]])) {  // never data, whatever its neighbours
      kept.push_back(outliers[i++]);
      continue;
    }
    std::size_t j = i + 1;
    const bool high = xs[outliers[i]] > mid;
    while (j < outliers.size() && outliers[j] == outliers[j - 1] + 1 && std::isfinite(xs[outliers[j]]) &&
           (xs[outliers[j]] > mid) == high)
      ++j;
    if (j - i < kLevelRun) kept.insert(kept.end(), outliers.begin() + static_cast<std::ptrdiff_t>(i),
                                       outliers.begin() + static_cast<std::ptrdiff_t>(j));
    i = j;
  }
  return kept;
}

}  // namespace

SteadyState classify_fork(std::span<const double> xs, const SteadyStateOptions& options) {
  SteadyState result;
  const std::size_t n = xs.size();
  if (n < 4) {
    result.steady_mean = mean(xs);
    return result;
  }
  const double q = std::max(options.quantization, 0.0);

  // Outliers only stay out of changepoint detection: one spike must not become a
  // two-changepoint segment of its own, but it was still measured, so it counts in the mean.
  result.outliers = without_level_runs(xs, rolling_outliers(xs, options.outlier_window, q));
  std::vector<std::size_t> kept;  // kept[k]: input index of the k-th value PELT sees
  std::vector<double> filtered;
  kept.reserve(n);
  filtered.reserve(n);
  std::size_t next_outlier = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (next_outlier < result.outliers.size() && result.outliers[next_outlier] == i) {
      ++next_outlier;
      continue;
    }
    kept.push_back(i);
    filtered.push_back(xs[i]);
  }

  ChangepointOptions cp_options;
  cp_options.penalty = options.penalty;
  cp_options.variance_floor = q * q / 12.0;  // the variance of uniform rounding error
  const auto changepoints = pelt_meanvar(filtered, cp_options);
  for (std::size_t k : changepoints) result.changepoints.push_back(kept[k]);
  const auto segs = segments(filtered, changepoints);

  if (segs.size() >= 2) {
    // Segments are compared by their medians (Barrett et al. compare means): PELT also cuts
    // where only the variance changes, e.g. where bursts of disturbed samples come and go,
    // and such bursts move a segment's mean by a few percent without changing the speed.
    std::vector<double> level;
    for (const Segment& seg : segs)
      level.push_back(median(std::span<const double>(filtered).subspan(seg.begin, seg.end - seg.begin)));
    double fastest = std::abs(level.front());
    for (const double l : level) fastest = std::min(fastest, std::abs(l));
    // Barrett's code widens the band to max(v, Δ), v the last segment's variance, with
    // times in seconds. Variance is not in the unit of a level, so tare takes the standard
    // deviation: a shift smaller than the steady segment's own sample-to-sample spread is
    // not a different speed. A clock cannot resolve less than its quantum: q.
    const double band = std::max({options.delta * fastest, std::sqrt(segs.back().variance), q});
    const std::size_t last_window = options.last_window > 0 ? options.last_window : n / 4;
    const double steady = level.back();
    for (std::size_t i = segs.size() - 1; i-- > 0;) {
      if (std::abs(level[i] - steady) <= band) continue;
      const std::size_t end = result.changepoints[i];  // input index where segment i ends
      if (n - end < last_window) {
        result.kind = SteadyClass::no_steady_state;
        result.steady_begin = result.changepoints.back();
      } else {
        // Times: an earlier segment below the band ran faster than the steady state.
        result.kind = level[i] < steady ? SteadyClass::slowdown : SteadyClass::warmup;
        result.steady_begin = end;
      }
      break;
    }
  }
  result.steady_mean = mean(xs.subspan(result.steady_begin));
  return result;
}

std::string classify_forks(std::span<const SteadyClass> classes) {
  if (classes.empty()) return "";
  const SteadyClass first = classes.front();
  if (std::all_of(classes.begin(), classes.end(), [&](SteadyClass c) { return c == first; })) {
    return to_string(first);
  }
  // Forks that warm up and forks that start out steady both reach a steady state.
  const bool good = std::all_of(classes.begin(), classes.end(), [](SteadyClass c) {
    return c == SteadyClass::flat || c == SteadyClass::warmup;
  });
  return good ? "good inconsistent" : "bad inconsistent";
}

}  // namespace tare::stats

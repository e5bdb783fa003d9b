#include "stats/steady_state.hpp"

#include <algorithm>
#include <cmath>

#include "stats/changepoints.hpp"
#include "stats/descriptive.hpp"

namespace tare::stats {

const char* to_string(SeriesShape c) {
  switch (c) {
    case SeriesShape::flat: return "flat";
    case SeriesShape::warmup: return "warmup";
    case SeriesShape::slowdown: return "slowdown";
    case SeriesShape::no_steady_state: return "no steady state";
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

// The values changepoint detection sees, and where each came from in the input.
struct ValuesWithoutOutliers {
  std::vector<std::size_t> input_index;  // input_index[k]: input index of the k-th value
  std::vector<double> values;
};

ValuesWithoutOutliers set_aside_outliers(std::span<const double> xs, const std::vector<std::size_t>& outliers) {
  ValuesWithoutOutliers kept;
  kept.input_index.reserve(xs.size());
  kept.values.reserve(xs.size());
  std::size_t next_outlier = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (next_outlier < outliers.size() && outliers[next_outlier] == i) {
      ++next_outlier;
      continue;
    }
    kept.input_index.push_back(i);
    kept.values.push_back(xs[i]);
  }
  return kept;
}

// Segments are compared by their medians (Barrett et al. compare means): PELT also cuts
// where only the variance changes, e.g. where bursts of disturbed samples come and go,
// and such bursts move a segment's mean by a few percent without changing the speed.
std::vector<double> segment_medians(std::span<const double> values, const std::vector<Segment>& segs) {
  std::vector<double> level;
  for (const Segment& seg : segs) level.push_back(median(values.subspan(seg.begin, seg.end - seg.begin)));
  return level;
}

// Barrett's code widens the band to max(v, Δ), v the last segment's variance, with
// times in seconds. Variance is not in the unit of a level, so tare takes the standard
// deviation: a shift smaller than the steady segment's own sample-to-sample spread is
// not a different speed. A clock cannot resolve less than its quantum: q.
double equivalence_band(const std::vector<double>& level, const Segment& last, double delta, double q) {
  double fastest = std::abs(level.front());
  for (const double l : level) fastest = std::min(fastest, std::abs(l));
  return std::max({delta * fastest, std::sqrt(last.variance), q});
}

// The latest segment outside the band around the last one decides the class and where the
// steady state begins; none: the fork stays flat from its first value.
void judge_segments(const std::vector<double>& level, double band, std::size_t n, std::size_t last_window,
                    SteadyState& result) {
  const double steady = level.back();
  for (std::size_t i = level.size() - 1; i-- > 0;) {
    if (std::abs(level[i] - steady) <= band) continue;
    const std::size_t end = result.changepoints[i];  // input index where segment i ends
    if (n - end < last_window) {
      result.kind = SeriesShape::no_steady_state;
      result.steady_begin = result.changepoints.back();
    } else {
      // Times: an earlier segment below the band ran faster than the steady state.
      result.kind = level[i] < steady ? SeriesShape::slowdown : SeriesShape::warmup;
      result.steady_begin = end;
    }
    return;
  }
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
  const ValuesWithoutOutliers kept = set_aside_outliers(xs, result.outliers);

  ChangepointOptions cp_options;
  cp_options.penalty = options.penalty;
  cp_options.variance_floor = q * q / 12.0;  // the variance of uniform rounding error
  const auto changepoints = pelt_meanvar(kept.values, cp_options);
  for (std::size_t k : changepoints) result.changepoints.push_back(kept.input_index[k]);
  const auto segs = segments(kept.values, changepoints);

  if (segs.size() >= 2) {
    const std::vector<double> level = segment_medians(kept.values, segs);
    const double band = equivalence_band(level, segs.back(), options.delta, q);
    const std::size_t last_window = options.last_window > 0 ? options.last_window : n / 4;
    judge_segments(level, band, n, last_window, result);
  }
  result.steady_mean = mean(xs.subspan(result.steady_begin));
  return result;
}

std::string classify_forks(std::span<const SeriesShape> classes) {
  if (classes.empty()) return "";
  const SeriesShape first = classes.front();
  if (std::all_of(classes.begin(), classes.end(), [&](SeriesShape c) { return c == first; })) {
    return to_string(first);
  }
  // Forks that warm up and forks that start out steady both reach a steady state.
  const bool good = std::all_of(classes.begin(), classes.end(), [](SeriesShape c) {
    return c == SeriesShape::flat || c == SeriesShape::warmup;
  });
  return good ? "good inconsistent" : "bad inconsistent";
}

}  // namespace tare::stats

#include "analysis/change_points.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "stats/descriptive.hpp"
#include "stats/interval.hpp"

namespace tare::analysis {
namespace {

// A run as weighed: its log score (a machine 2% slower makes every score 2% slower) and
// its own variance over forks on that scale (relative SE squared).
struct Point {
  std::size_t run = 0;
  double y = 0, within = 0, variance = 0;  // variance: within + the spread between runs
};

std::vector<Point> scored_points(const std::vector<SeriesRun>& runs) {
  std::vector<Point> points;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const SeriesRun& r = runs[i];
    if (!(r.score > 0) || !std::isfinite(r.score)) continue;
    const double relative_se = r.standard_error > 0 && std::isfinite(r.standard_error) ? r.standard_error / r.score : 0;
    points.push_back({i, std::log(r.score), relative_se * relative_se, 0});
  }
  return points;
}

// The series' own spread between runs, from the differences of neighbouring runs: a change
// of level moves one difference, a spike two, so the spread is learned where the level moved
// too. A first guess from their MAD finds the differences far off (steps, spikes); the rest
// give the mean square. On a series without change Var(y_i+1 - y_i) = v_i + v_i+1, so a run's
// whole variance is half of it; the part beyond the runs' own (their intervals) is the moment's.
struct Spread {
  double tau2 = 0;  // between runs, log scale
  double df = 1;    // of the whole variance's estimate
};

// E[z² | |z| < 3.5] for a normal z: the mean square of the differences kept is that much low.
constexpr double kTrimmedShare = 0.99389;
constexpr double kTrimFence = 3.5;
constexpr double kNormalMad = 1.4826;

Spread series_spread(const std::vector<Point>& points) {
  std::vector<double> differences;
  for (std::size_t i = 1; i < points.size(); ++i) differences.push_back(points[i].y - points[i - 1].y);
  if (differences.empty()) return {};
  std::vector<double> sizes;
  for (double d : differences) sizes.push_back(std::abs(d));
  const double guess = kNormalMad * stats::median(sizes);
  double squares = 0;
  std::size_t kept = 0;
  for (double d : differences)
    if (guess == 0 || std::abs(d) <= kTrimFence * guess) {
      squares += d * d;
      ++kept;
    }
  const double whole = squares / static_cast<double>(kept) / (guess > 0 ? kTrimmedShare : 1) / 2;
  double within = 0;
  for (const Point& p : points) within += p.within / static_cast<double>(points.size());
  // Neighbouring differences share a run (correlation -1/2): their mean square has about
  // two thirds of their count in degrees of freedom.
  return {std::max(whole - within, 0.0), std::max(1.0, 2.0 * static_cast<double>(kept) / 3.0)};
}

// A run far from both its neighbours, the same way (or from its one neighbour at an end):
// a disturbed run, or a change not yet confirmed by a second run.
bool is_spike(const std::vector<Point>& points, std::size_t i, double fence) {
  const auto offset = [&](std::size_t j) {
    return (points[i].y - points[j].y) / std::sqrt(points[i].variance + points[j].variance);
  };
  const std::optional<double> before = i > 0 ? std::optional<double>(offset(i - 1)) : std::nullopt;
  const std::optional<double> after = i + 1 < points.size() ? std::optional<double>(offset(i + 1)) : std::nullopt;
  if (!before && !after) return false;
  if (before && after && (*before > 0) != (*after > 0)) return false;
  return (!before || std::abs(*before) > fence) && (!after || std::abs(*after) > fence);
}

// The points less their spikes, each judged against its neighbours among the points left,
// again until none is found: two spikes side by side are far from each other too, and the
// second is found once the first is gone. `spikes` gets their runs, in order.
std::vector<Point> without_spikes(std::vector<Point> points, double fence, std::vector<std::size_t>& spikes) {
  for (bool found = true; found;) {
    std::vector<Point> kept;
    for (std::size_t i = 0; i < points.size(); ++i)
      if (is_spike(points, i, fence)) spikes.push_back(points[i].run);
      else kept.push_back(points[i]);
    found = kept.size() < points.size();
    points = std::move(kept);
  }
  std::sort(spikes.begin(), spikes.end());
  return points;
}

// Weighted sums over the points kept, for any stretch's weighted mean in O(1).
class Sums {
 public:
  explicit Sums(const std::vector<Point>& points) : weight_(points.size() + 1, 0), sum_(points.size() + 1, 0) {
    for (std::size_t i = 0; i < points.size(); ++i) {
      weight_[i + 1] = weight_[i] + 1 / points[i].variance;
      sum_[i + 1] = sum_[i] + points[i].y / points[i].variance;
    }
  }
  double weight(std::size_t a, std::size_t b) const { return weight_[b] - weight_[a]; }
  double mean(std::size_t a, std::size_t b) const { return (sum_[b] - sum_[a]) / weight(a, b); }
  // The difference of [at, b) from [a, at) over its standard error.
  double z(std::size_t a, std::size_t at, std::size_t b) const {
    return (mean(at, b) - mean(a, at)) / std::sqrt(1 / weight(a, at) + 1 / weight(at, b));
  }

 private:
  std::vector<double> weight_, sum_;
};

// Where a change may fall: the points that begin a commit (a point without one is its own).
std::vector<bool> commit_starts(const std::vector<Point>& points, const std::vector<SeriesRun>& runs) {
  std::vector<bool> starts(points.size(), true);
  for (std::size_t i = 1; i < points.size(); ++i) {
    const std::string& commit = runs[points[i].run].commit;
    starts[i] = commit.empty() || commit != runs[points[i - 1].run].commit;
  }
  return starts;
}

struct Split {
  std::size_t at = 0;
  double z = 0;
  std::size_t candidates = 0;
};

struct Search {
  const Sums& sums;
  const std::vector<bool>& starts;
  std::size_t min_runs;
  double df, false_alarm;

  // The split of [a, b) at a commit's start, min_runs from either end, that stands out most.
  std::optional<Split> best(std::size_t a, std::size_t b) const {
    std::optional<Split> found;
    std::size_t candidates = 0;
    for (std::size_t at = a + min_runs; at + min_runs <= b; ++at) {
      if (!starts[at]) continue;
      ++candidates;
      const double z = sums.z(a, at, b);
      if (!found || std::abs(z) > std::abs(found->z)) found = Split{at, z, 0};
    }
    if (found) found->candidates = candidates;
    return found;
  }
  // |z| over what the largest of its `candidates` splits reaches by chance (Bonferroni: the
  // splits of one stretch are correlated, so this errs on the side of no change): above 1,
  // significant.
  double margin(const Split& split) const {
    const double p = false_alarm / (2 * static_cast<double>(split.candidates));
    return std::abs(split.z) / stats::student_t_quantile(1 - p, df);
  }
  // Binary segmentation: the best split of [a, b), then of each side, while significant.
  void bisect(std::size_t a, std::size_t b, std::vector<std::size_t>& cuts) const {
    const auto split = best(a, b);
    if (!split || margin(*split) <= 1) return;
    bisect(a, split->at, cuts);
    cuts.push_back(split->at);
    bisect(split->at, b, cuts);
  }
  // Each cut tested again between its neighbours (the stretches it was found in were longer,
  // and held other changes): the weakest that no longer stands goes, until all stand.
  void prune(std::vector<std::size_t>& cuts) const {
    for (bool dropped = true; dropped && !cuts.empty();) {
      dropped = false;
      std::optional<std::size_t> weakest;
      double weakest_margin = 0;
      for (std::size_t j = 0; j < cuts.size(); ++j) {
        const std::size_t a = j ? cuts[j - 1] : 0, b = j + 1 < cuts.size() ? cuts[j + 1] : starts.size();
        const Split split{cuts[j], sums.z(a, cuts[j], b), best(a, b)->candidates};
        if (margin(split) <= 1 && (!weakest || margin(split) < weakest_margin)) {
          weakest = j;
          weakest_margin = margin(split);
        }
      }
      if (weakest) {
        cuts.erase(cuts.begin() + static_cast<std::ptrdiff_t>(*weakest));
        dropped = true;
      }
    }
  }
};

// The timed code's identity at the commit of run `first` against the commit before it.
CodeChange code_change(const std::vector<SeriesRun>& runs, std::size_t first, std::size_t last_before) {
  const auto code_of_commit = [&](std::size_t any) {
    for (const SeriesRun& r : runs)
      if (!r.code.empty() && !r.commit.empty() && r.commit == runs[any].commit) return r.code;
    return runs[any].code;
  };
  const std::string after = code_of_commit(first), before = code_of_commit(last_before);
  if (after.empty() || before.empty()) return CodeChange::unknown;
  return after == before ? CodeChange::same : CodeChange::changed;
}

}  // namespace

ChangePointSeries find_change_points(const std::vector<SeriesRun>& runs, Better better,
                                     const ChangePointOptions& options) {
  ChangePointSeries found;
  std::vector<Point> all = scored_points(runs);
  const Spread spread = series_spread(all);
  found.between_run_sd = std::expm1(std::sqrt(spread.tau2));
  // A floor far below any timing's spread: a series of equal scores (an instruction count)
  // still has weights.
  for (Point& p : all) p.variance = std::max(p.within + spread.tau2, 1e-12);
  std::vector<Point> points = without_spikes(std::move(all), options.spike_fence, found.spikes);
  found.runs_used = points.size();
  const std::size_t min_runs = std::max<std::size_t>(options.min_runs, 1);
  if (points.size() < 2 * min_runs) return found;

  const Sums sums(points);
  const std::vector<bool> starts = commit_starts(points, runs);
  const Search search{sums, starts, min_runs, spread.df, options.false_alarm};
  std::vector<std::size_t> cuts;
  search.bisect(0, points.size(), cuts);
  search.prune(cuts);

  const double q = stats::student_t_quantile((1 + options.level) / 2, spread.df);
  for (std::size_t j = 0; j < cuts.size(); ++j) {
    const std::size_t a = j ? cuts[j - 1] : 0, at = cuts[j], b = j + 1 < cuts.size() ? cuts[j + 1] : points.size();
    const double difference = sums.mean(at, b) - sums.mean(a, at);
    const double se = std::sqrt(1 / sums.weight(a, at) + 1 / sums.weight(at, b));
    ChangePoint change;
    change.run = points[at].run;
    change.commit = runs[change.run].commit;
    change.size = std::expm1(difference);
    change.low = std::expm1(difference - q * se);
    change.high = std::expm1(difference + q * se);
    change.level = options.level;
    change.slower = better == Better::lower ? difference > 0 : difference < 0;
    change.code = code_change(runs, change.run, points[at - 1].run);
    found.changes.push_back(change);
  }
  return found;
}

}  // namespace tare::analysis

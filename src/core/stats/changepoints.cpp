#include "stats/changepoints.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "stats/descriptive.hpp"

namespace tare::stats {

namespace {

// Type-7 quantile of an already sorted, non-empty vector (same definition as quantile()).
double sorted_quantile(const std::vector<double>& sorted, double p) {
  const double h = static_cast<double>(sorted.size() - 1) * p;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  if (lo + 1 >= sorted.size()) return sorted[lo];
  return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[lo + 1] - sorted[lo]);
}

// Normal segment costs in O(1) from prefix sums. The sums are of x − mean(xs): timings
// carry a large common offset, and Σx² − (Σx)²/m would cancel catastrophically without it.
class MeanVarCost {
 public:
  MeanVarCost(std::span<const double> xs, double variance_floor)
      : sum_(xs.size() + 1, 0.0), squares_(xs.size() + 1, 0.0) {
    const double centre = mean(xs);
    for (std::size_t i = 0; i < xs.size(); ++i) {
      const double d = xs[i] - centre;
      sum_[i + 1] = sum_[i] + d;
      squares_[i + 1] = squares_[i] + d * d;
    }
    const auto n = static_cast<double>(xs.size());
    const double spread = squares_.back() / n - (sum_.back() / n) * (sum_.back() / n);
    // Relative to the data, well above the prefix sums' rounding error (≈ n·ε of the
    // spread) and far below any real segment's variance. An all-equal series has no scale:
    // there any positive floor does, as every segmentation then costs the same.
    const double relative = spread > 0.0 ? 1e-10 * spread : 1.0;
    floor_ = std::max(variance_floor, relative);
  }

  // m · ln σ̂² of xs[a, b), the normal negative log-likelihood less terms that sum to the
  // same constant for every segmentation.
  double operator()(std::size_t a, std::size_t b) const {
    const auto m = static_cast<double>(b - a);
    const double s = sum_[b] - sum_[a];
    const double v = (squares_[b] - squares_[a]) / m - (s / m) * (s / m);
    return m * std::log(std::max(v, floor_));
  }

 private:
  std::vector<double> sum_, squares_;
  double floor_ = 0;
};

}  // namespace

// MAD scaled to a normal SD; the fence at 5 of those SDs flags about one normal value in
// two million (windows of tens of values estimate the SD loosely, so a tighter fence would
// flag the ordinary tail), yet catches a +25% spike on a 5%-noisy series.
constexpr double kNormalMad = 1.4826;
constexpr double kFence = 5.0;

std::vector<std::size_t> rolling_outliers(std::span<const double> xs, std::size_t window,
                                          double min_spread) {
  std::vector<std::size_t> flagged;
  const std::size_t n = xs.size();
  if (n == 0) return flagged;
  const std::size_t w = std::clamp<std::size_t>(window, 1, n);

  // The window for value i is xs[start, start + w) with start = i − w/2 clamped to
  // [0, n − w]. start never moves by more than one, so one sorted copy is kept up to date
  // by an erase and an insert: O(n·w) instead of a sort per value.
  const auto finite = [](double x) { return std::isfinite(x); };
  std::vector<double> sorted;
  std::copy_if(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(w), std::back_inserter(sorted),
               finite);
  std::sort(sorted.begin(), sorted.end());
  std::vector<double> deviations;
  std::size_t start = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t wanted = std::min(i > w / 2 ? i - w / 2 : 0, n - w);
    while (start < wanted) {
      const double outgoing = xs[start];
      if (finite(outgoing)) {
        sorted.erase(std::lower_bound(sorted.begin(), sorted.end(), outgoing));
      }
      const double incoming = xs[start + w];
      if (finite(incoming)) {
        sorted.insert(std::upper_bound(sorted.begin(), sorted.end(), incoming), incoming);
      }
      ++start;
    }
    if (!finite(xs[i])) {
      flagged.push_back(i);
      continue;
    }
    // xs[i] is finite and inside its own window, so `sorted` is not empty.
    const double centre = sorted_quantile(sorted, 0.5);
    deviations.clear();
    for (const double x : sorted) deviations.push_back(std::abs(x - centre));
    std::sort(deviations.begin(), deviations.end());
    const double spread = std::max(kNormalMad * sorted_quantile(deviations, 0.5), min_spread);
    if (std::abs(xs[i] - centre) > kFence * spread) flagged.push_back(i);
  }
  return flagged;
}

namespace {

// PELT pruning: a τ that already does worse than best[t] without the β a changepoint
// at t would add can never be the optimum's last changepoint again, because the
// normal cost satisfies C(a,c) ≥ C(a,b) + C(b,c). Where the variance floor binds that
// can fail, and pruning becomes a heuristic there, as in R's changepoint. Candidates
// still closer than min_seg to t (from `eligible` on) were not evaluated and must stay.
void prune_candidates(std::vector<std::size_t>& candidates, std::size_t eligible,
                      const std::vector<double>& with_last, double best_at_t) {
  std::size_t kept = 0;
  for (std::size_t k = 0; k < candidates.size(); ++k) {
    if (k >= eligible || with_last[k] <= best_at_t) candidates[kept++] = candidates[k];
  }
  candidates.resize(kept);
}

// The optimum's changepoints, ascending, by following each segment's start back from the end.
std::vector<std::size_t> changepoints_from(const std::vector<std::size_t>& previous) {
  std::vector<std::size_t> changepoints;
  for (std::size_t t = previous.back(); t > 0; t = previous[t]) changepoints.push_back(t);
  std::reverse(changepoints.begin(), changepoints.end());
  return changepoints;
}

}  // namespace

std::vector<std::size_t> pelt_meanvar(std::span<const double> xs,
                                      const ChangepointOptions& options) {
  const std::size_t n = xs.size();
  const std::size_t min_seg = std::max<std::size_t>(options.min_segment, 1);
  if (n < 2 || n < 2 * min_seg) return {};
  if (!std::all_of(xs.begin(), xs.end(), [](double x) { return std::isfinite(x); })) return {};

  const double beta =
      options.penalty >= 0 ? options.penalty : 15.0 * std::log(static_cast<double>(n));
  const MeanVarCost cost(xs, options.variance_floor);

  // best[t]: the optimal penalised cost of xs[0, t); previous[t]: where its last segment
  // begins. best[0] = −β because the first segment pays no changepoint.
  std::vector<double> best(n + 1, kInf);
  std::vector<std::size_t> previous(n + 1, 0);
  best[0] = -beta;
  // The candidates τ for the last segment's start, ascending, and best[τ] + cost(τ, t).
  std::vector<std::size_t> candidates = {0};
  std::vector<double> with_last;

  for (std::size_t t = min_seg; t <= n; ++t) {
    // Candidates closer than min_seg to t are the newest ones, at the end of the list.
    // At least one is eligible: 0 at first, and from then on each step's argmin, which
    // pruning keeps and which lies at least min_seg before it.
    std::size_t eligible = candidates.size();
    while (eligible > 0 && t - candidates[eligible - 1] < min_seg) --eligible;
    with_last.resize(eligible);
    for (std::size_t k = 0; k < eligible; ++k) {
      with_last[k] = best[candidates[k]] + cost(candidates[k], t);
    }
    const auto arg = std::min_element(with_last.begin(), with_last.end());
    best[t] = *arg + beta;
    previous[t] = candidates[static_cast<std::size_t>(arg - with_last.begin())];
    prune_candidates(candidates, eligible, with_last, best[t]);
    candidates.push_back(t);
  }
  return changepoints_from(previous);
}

std::vector<Segment> segments(std::span<const double> xs,
                              std::span<const std::size_t> changepoints) {
  std::vector<Segment> result;
  if (xs.empty()) return result;
  std::size_t begin = 0;
  const auto close_at = [&](std::size_t end) {
    const auto part = xs.subspan(begin, end - begin);
    result.push_back({begin, end, mean(part), variance(part)});
    begin = end;
  };
  for (std::size_t cp : changepoints) {
    if (cp > begin && cp < xs.size()) close_at(cp);
  }
  close_at(xs.size());
  return result;
}

}  // namespace tare::stats

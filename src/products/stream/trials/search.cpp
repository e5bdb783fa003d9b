#include "stream/trials/search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "stats/interval.hpp"

namespace tare::stream {

namespace {

void validate(double peak_rate, const SearchSettings& s) {
  if (!(peak_rate > 0) || !std::isfinite(peak_rate)) {
    throw std::invalid_argument("SustainableSearch: the probe's peak rate must be > 0, got " +
                                std::to_string(peak_rate));
  }
  if (!(s.tolerance > 0) || !(s.low_fraction > 0) || !(s.high_fraction > s.low_fraction)) {
    throw std::invalid_argument(
        "SustainableSearch: need tolerance > 0 and 0 < low_fraction < high_fraction");
  }
}

bool within(double tolerance, double low, double high) { return (high - low) / low < tolerance; }

}  // namespace

SustainableSearch::SustainableSearch(double peak_rate, const SearchSettings& settings)
    : settings_(settings), peak_(peak_rate) {
  validate(peak_rate, settings);
  bad_ = settings_.high_fraction * peak_;
}

// The bracket's ends: good_ (or the floor, low_fraction * peak, while nothing passed) and
// bad_ (the untested top while nothing failed). Bisect it; when it is already narrow but one
// end is only assumed, test that end; when even the floor failed, halve downwards.
std::optional<double> SustainableSearch::next_rate() const {
  if (trials_ >= settings_.max_trials || converged()) return std::nullopt;
  const double floor = settings_.low_fraction * peak_;
  if (good_ == 0 && bad_ <= floor) return bad_ / 2;
  const double low = good_ > 0 ? good_ : floor;
  if (within(settings_.tolerance, low, bad_)) return good_ > 0 ? bad_ : low;
  return (low + bad_) / 2;
}

// A success at or above the untested top means the probe underestimated: the top doubles.
// An outcome that contradicts a known bound (a success at or above a failed rate, a
// failure at or below a passed one) is the newer evidence: the contradicted bound is
// forgotten. Following next_rate() never produces one.
void SustainableSearch::record(double rate, bool sustainable) {
  ++trials_;
  if (sustainable) {
    good_ = std::max(good_, rate);
    if (good_ >= bad_) {
      bad_ = 2 * good_;
      bad_known_ = false;
    }
    return;
  }
  if (!bad_known_ || rate < bad_) bad_ = rate;
  bad_known_ = true;
  if (good_ >= bad_) good_ = 0;
}

bool SustainableSearch::converged() const noexcept {
  return good_ > 0 && bad_known_ && within(settings_.tolerance, good_, bad_);
}

double pass_margin(double slack, double busiest_share, double rate, double window_s) {
  constexpr double kOneSided95 = 1.6448536269514722;
  constexpr double kMaxMargin = 0.5;
  if (!(busiest_share > 0 && busiest_share < 1)) return std::min(slack, kMaxMargin);
  double margin = slack / busiest_share;
  const double expected = rate * busiest_share * window_s;  // the busiest worker's events
  if (expected > 0) margin += kOneSided95 * std::sqrt((1 - busiest_share) / expected);
  return std::min(margin, kMaxMargin);
}

CombinedRate combine_repeats(const std::vector<double>& rates,
                             const std::vector<double>& brackets_high, double pass_margin) {
  if (rates.size() != brackets_high.size()) {
    throw std::invalid_argument("combine_repeats: one bracket top per rate");
  }
  if (!(pass_margin >= 0 && pass_margin < 1)) {
    throw std::invalid_argument("combine_repeats: the pass margin must be in [0, 1)");
  }
  CombinedRate combined;
  combined.repeats = rates.size();
  if (rates.empty()) {
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    combined.estimate = combined.ci_low = combined.ci_high = combined.min = combined.max = nan;
    return combined;
  }
  const auto [min, max] = std::minmax_element(rates.begin(), rates.end());
  combined.min = *min;
  combined.max = *max;
  if (rates.size() == 1) {
    // One search: its bracket is all that is known of where the rate lies.
    combined.estimate = rates.front();
    combined.ci_low = rates.front() / (1 + pass_margin);
    combined.ci_high = brackets_high.front();
    return combined;
  }
  // The rates found sustainable bound the truth from below, the ones that failed from above:
  // the interval runs from the lower bound over the first to the upper bound over the
  // second, so it holds both the repeats' scatter and the search's own resolution (repeats
  // that all end on the same bracket would otherwise report a zero-width interval).
  const stats::MeanInterval good = stats::mean_interval(rates, 0.95);
  const stats::MeanInterval bad = stats::mean_interval(brackets_high, 0.95);
  combined.estimate = good.mean;
  combined.ci_low = good.low / (1 + pass_margin);
  combined.ci_high = bad.high;
  return combined;
}

}  // namespace tare::stream

#include "stats/bootstrap.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "stats/descriptive.hpp"

namespace tare::stats {

namespace {

using Fork = std::span<const double>;

static_assert(std::mt19937_64::min() == 0 &&
                  std::mt19937_64::max() == std::numeric_limits<std::uint64_t>::max(),
              "uniform_index assumes full 64-bit words");

// High and low words of the 128-bit product a * b, in portable 64-bit arithmetic.
void multiply_128(std::uint64_t a, std::uint64_t b, std::uint64_t& high, std::uint64_t& low) {
  constexpr std::uint64_t mask = 0xffffffffu;
  const std::uint64_t a_lo = a & mask, a_hi = a >> 32, b_lo = b & mask, b_hi = b >> 32;
  const std::uint64_t p0 = a_lo * b_lo, p1 = a_lo * b_hi, p2 = a_hi * b_lo, p3 = a_hi * b_hi;
  const std::uint64_t middle = (p0 >> 32) + (p1 & mask) + (p2 & mask);
  low = (middle << 32) | (p0 & mask);
  high = p3 + (p1 >> 32) + (p2 >> 32) + (middle >> 32);
}

// Uniform in [0, n), n >= 1: Lemire's multiply-and-reject method. Not
// std::uniform_int_distribution, whose algorithm each standard library picks for itself:
// the same seed must give the same interval under libstdc++ and libc++, or a re-analysis
// elsewhere would not reproduce a report. The rejection step makes it exactly unbiased.
std::size_t uniform_index(std::mt19937_64& rng, std::size_t n) {
  const auto range = static_cast<std::uint64_t>(n);
  std::uint64_t high = 0, low = 0;
  multiply_128(rng(), range, high, low);
  if (low < range) {
    const std::uint64_t threshold = (0 - range) % range;  // 2^64 mod range
    while (low < threshold) multiply_128(rng(), range, high, low);
  }
  return static_cast<std::size_t>(high);
}

// Resample one fork, handing each drawn value to `emit`; always fork.size() values.
// Circular blocks keep neighbours together, so dependence within the fork survives into
// the replicate; wrapping around gives the samples at the ends the same chance as the rest.
template <class Emit>
void resample_within(Fork fork, std::size_t block_length, std::mt19937_64& rng, Emit&& emit) {
  const std::size_t m = fork.size();
  if (block_length <= 1) {
    for (std::size_t j = 0; j < m; ++j) emit(fork[uniform_index(rng, m)]);
    return;
  }
  const std::size_t length = std::min(block_length, m);
  for (std::size_t written = 0; written < m;) {
    std::size_t at = uniform_index(rng, m);
    // The last block is cut short so the replicate is exactly as long as the fork.
    const std::size_t take = std::min(length, m - written);
    for (std::size_t k = 0; k < take; ++k) {
      emit(fork[at]);
      if (++at == m) at = 0;
    }
    written += take;
  }
}

// The outer level of one hierarchical replicate: as many fork draws, with replacement, as
// there are forks. `on_fork(slot, fork)` resamples within the drawn fork right away, so
// every caller consumes the generator in the same order and one seed means one resample.
template <class OnFork>
void for_each_drawn_fork(std::span<const Fork> forks, std::mt19937_64& rng,
                         OnFork&& on_fork) {
  for (std::size_t slot = 0; slot < forks.size(); ++slot) {
    on_fork(slot, forks[uniform_index(rng, forks.size())]);
  }
}

std::vector<Fork> non_empty(const std::vector<std::vector<double>>& forks) {
  std::vector<Fork> result;
  result.reserve(forks.size());
  for (const auto& f : forks) {
    if (!f.empty()) result.emplace_back(f);
  }
  return result;
}

bool all_forks_finite(std::span<const Fork> forks) {
  return std::all_of(forks.begin(), forks.end(), [](Fork f) {
    return std::all_of(f.begin(), f.end(), [](double x) { return std::isfinite(x); });
  });
}

double mean_of_means(std::span<const Fork> forks) {
  double sum = 0.0;
  for (Fork f : forks) sum += mean(f);
  return sum / static_cast<double>(forks.size());
}

// Type-7 median, as descriptive.hpp's median(), reordering `xs` instead of copying it:
// nth_element is linear, where a sort per replicate would dominate the bootstrap.
double median_in_place(std::vector<double>& xs) {
  const std::size_t n = xs.size();
  const std::size_t lo = (n - 1) / 2;
  const auto middle = xs.begin() + static_cast<std::ptrdiff_t>(lo);
  std::nth_element(xs.begin(), middle, xs.end());
  if (n % 2 == 1) return *middle;
  const double above = *std::min_element(middle + 1, xs.end());
  return *middle + 0.5 * (above - *middle);
}

// Fills in the interval from the statistic's replicates (sorted here).
void percentile_interval(std::vector<double>& replicates, BootstrapInterval& ci) {
  // Only an overflowing sum gets here with NaN; it would break the sort's ordering.
  const auto is_nan = [](double r) { return std::isnan(r); };
  if (std::any_of(replicates.begin(), replicates.end(), is_nan)) return;
  const auto [low, high] = percentile_bounds(replicates, ci.level);
  ci.low = low;
  ci.high = high;
  ci.resamples = replicates.size();
}

// Shared set-up: the estimate always, the replicates only when an interval is possible.
// `replicate(forks, rng)` computes the statistic on one fresh hierarchical resample.
template <class Statistic, class Replicate>
BootstrapInterval bootstrap(const std::vector<std::vector<double>>& forks,
                            const BootstrapOptions& options, Statistic&& statistic,
                            Replicate&& replicate) {
  BootstrapInterval ci;
  ci.level = options.level;
  const std::vector<Fork> kept = non_empty(forks);
  ci.estimate = kept.empty() ? std::numeric_limits<double>::quiet_NaN() : statistic(kept);
  ci.low = ci.high = ci.estimate;
  const bool valid_level = options.level > 0.0 && options.level < 1.0;
  if (kept.size() < 2 || options.resamples == 0 || !valid_level || !all_forks_finite(kept)) {
    return ci;
  }
  std::mt19937_64 rng(options.seed);
  std::vector<double> replicates(options.resamples);
  for (double& r : replicates) r = replicate(std::span<const Fork>(kept), rng);
  percentile_interval(replicates, ci);
  return ci;
}

}  // namespace

std::pair<double, double> percentile_bounds(std::vector<double>& replicates, double level) {
  // Ranks floor((alpha/2) B) and ceil((1 - alpha/2) B) - 1, 0-based. The small tolerance
  // stops rounding (1 - 0.95 is 0.050000000000000044) from moving a rank by one.
  std::sort(replicates.begin(), replicates.end());
  const auto b = static_cast<double>(replicates.size());
  const double alpha = 1.0 - level;
  constexpr double tolerance = 1e-9;
  const double low_rank = std::floor(alpha / 2.0 * b + tolerance);
  const double high_rank = std::ceil((1.0 - alpha / 2.0) * b - tolerance) - 1.0;
  const auto last = replicates.size() - 1;
  return {replicates[std::min(last, static_cast<std::size_t>(std::max(0.0, low_rank)))],
          replicates[std::min(last, static_cast<std::size_t>(std::max(0.0, high_rank)))]};
}

BootstrapInterval hierarchical_bootstrap_mean(const std::vector<std::vector<double>>& forks,
                                              const BootstrapOptions& options) {
  const auto replicate = [&](std::span<const Fork> kept, std::mt19937_64& rng) {
    // Only each drawn fork's sum is needed, so nothing is copied.
    double total = 0.0;
    for_each_drawn_fork(kept, rng, [&](std::size_t, Fork fork) {
      double sum = 0.0;
      resample_within(fork, options.block_length, rng, [&](double x) { sum += x; });
      total += sum / static_cast<double>(fork.size());
    });
    return total / static_cast<double>(kept.size());
  };
  return bootstrap(forks, options, mean_of_means, replicate);
}

BootstrapInterval hierarchical_bootstrap_median(const std::vector<std::vector<double>>& forks,
                                                const BootstrapOptions& options) {
  std::vector<double> pool;
  const auto statistic = [&](std::span<const Fork> kept) {
    pool.clear();
    for (Fork f : kept) pool.insert(pool.end(), f.begin(), f.end());
    return median_in_place(pool);
  };
  const auto replicate = [&](std::span<const Fork> kept, std::mt19937_64& rng) {
    pool.clear();
    for_each_drawn_fork(kept, rng, [&](std::size_t, Fork fork) {
      resample_within(fork, options.block_length, rng, [&](double x) { pool.push_back(x); });
    });
    return median_in_place(pool);
  };
  return bootstrap(forks, options, statistic, replicate);
}

void hierarchical_resample(const std::vector<std::vector<double>>& forks,
                           std::size_t block_length, std::mt19937_64& rng,
                           std::vector<std::vector<double>>& out) {
  const std::vector<Fork> kept = non_empty(forks);
  out.resize(kept.size());
  for_each_drawn_fork(kept, rng, [&](std::size_t slot, Fork fork) {
    std::vector<double>& into = out[slot];
    into.clear();
    resample_within(fork, block_length, rng, [&](double x) { into.push_back(x); });
  });
}

}  // namespace tare::stats

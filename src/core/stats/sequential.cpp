#include "stats/sequential.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "stats/quiet_policy.hpp"

namespace tare::stats {
namespace {



// The |t| statistics at every look of one simulated experiment of standard normal
// observations (true mean 0). Between looks only the count, mean and sum of squared
// deviations matter, and for m new observations those are exactly a normal mean and an
// independent chi-square with m - 1 degrees of freedom: two draws per look, not m.
std::vector<double> t_statistics(const std::vector<std::size_t>& looks, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  std::vector<double> statistics;
  double n = 0, mean = 0, squares = 0;  // squares: the sum of squared deviations from the mean
  for (const std::size_t look : looks) {
    const double m = static_cast<double>(look) - n;
    const double added_mean = normal(rng) / std::sqrt(m);
    const double added_squares = m > 1 ? std::chi_squared_distribution<double>(m - 1)(rng) : 0.0;
    const double delta = added_mean - mean;
    const double total = n + m;
    squares += added_squares + delta * delta * n * m / total;  // Chan et al.'s pairwise update
    mean += delta * m / total;
    n = total;
    const double variance = squares / (n - 1);
    statistics.push_back(variance > 0 ? std::abs(mean) / std::sqrt(variance / n) : 0.0);
  }
  return statistics;
}

// The share of experiments in which the interval at per-look error `alpha` misses the
// mean at some look.
double share_missed(const std::vector<std::vector<double>>& experiments, const std::vector<std::size_t>& looks,
                    double alpha) {
  std::vector<double> critical;
  for (const std::size_t look : looks) {
    const boost::math::students_t_distribution<double, detail::QuietPolicy> t(static_cast<double>(look) - 1);
    critical.push_back(boost::math::quantile(boost::math::complement(t, alpha / 2)));
  }
  std::size_t missed = 0;
  for (const auto& statistics : experiments)
    for (std::size_t k = 0; k < looks.size(); ++k)
      if (statistics[k] > critical[k]) {
        ++missed;
        break;
      }
  return static_cast<double>(missed) / static_cast<double>(experiments.size());
}

}  // namespace

std::vector<std::size_t> look_schedule(std::size_t first, std::size_t most, double growth) {
  std::vector<std::size_t> looks;
  if (first < 2 || !(growth > 1)) return looks;
  for (double n = static_cast<double>(first); n <= static_cast<double>(most) + 0.5; n *= growth) {
    const std::size_t look = std::max(static_cast<std::size_t>(std::lround(n)), looks.empty() ? first : looks.back() + 1);
    if (look > most) break;
    looks.push_back(look);
    n = static_cast<double>(look);
  }
  if (!looks.empty() && looks.back() != most && most >= first) looks.push_back(most);
  return looks;
}

double repeated_interval_alpha(const std::vector<std::size_t>& looks, double alpha, std::size_t simulations,
                               std::uint64_t seed) {
  if (looks.empty() || !(alpha > 0 && alpha < 1) || simulations < 100) return std::numeric_limits<double>::quiet_NaN();
  if (looks.size() == 1) return alpha;
  std::mt19937_64 rng(seed);
  std::vector<std::vector<double>> experiments(simulations);
  for (auto& statistics : experiments) statistics = t_statistics(looks, rng);
  // Between Bonferroni's alpha / K (misses at most alpha) and alpha itself (misses at least
  // alpha), bisected on the log scale.
  double low = alpha / static_cast<double>(looks.size()), high = alpha;
  for (int step = 0; step < 30; ++step) {
    const double middle = std::sqrt(low * high);
    (share_missed(experiments, looks, middle) > alpha ? high : low) = middle;
  }
  return low;
}

}  // namespace tare::stats

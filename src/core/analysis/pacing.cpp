#include "analysis/pacing.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "stats/descriptive.hpp"

namespace tare::analysis {

namespace {

// The pace of sample `s`, taken after `before`: nullopt where either's age is not known, or
// where it lasted less than `least_wall_ns`.
std::optional<Pace> sample_pace(const results::Sample& before, const results::Sample& s, int threads,
                                double least_wall_ns) {
  if (before.age_ns < 0 || s.age_ns < 0) return std::nullopt;
  const double wall = s.age_ns - before.age_ns;
  if (wall <= 0 || wall < least_wall_ns) return std::nullopt;
  // The sample's time is the mean over its threads; its waits are their sum.
  const double ran = wall - std::max(s.wait_ns, 0.0) / std::max(threads, 1);
  return Pace{wall, std::min(1.0, s.ns / wall), ran > 0 ? std::min(1.0, s.ns / ran) : 1.0};
}

}  // namespace

std::optional<Pace> recent_pace(const std::vector<results::Sample>& samples, int threads, double least_wall_ns) {
  std::vector<double> walls, wall_shares, timed_shares;
  for (std::size_t i = samples.size(); i >= 2 && walls.size() < 5; --i) {
    if (samples[i - 1].ops != samples.back().ops) break;
    const auto pace = sample_pace(samples[i - 2], samples[i - 1], threads, least_wall_ns);
    if (!pace) continue;
    walls.push_back(pace->wall_ns);
    wall_shares.push_back(pace->wall_share);
    timed_shares.push_back(pace->timed_share);
  }
  if (walls.empty()) return std::nullopt;
  return Pace{stats::median(walls), stats::median(wall_shares), stats::median(timed_shares)};
}

std::optional<Pace> calibration_pace(const std::vector<results::Sample>& calibration, int threads,
                                     double least_wall_ns) {
  const std::size_t n = calibration.size();
  if (n < 3) return std::nullopt;
  const auto last = sample_pace(calibration[n - 2], calibration[n - 1], threads, least_wall_ns);
  const auto before = sample_pace(calibration[n - 3], calibration[n - 2], threads, least_wall_ns);
  if (!last || !before || !paced(*last) || !paced(*before)) return std::nullopt;
  return last;
}

double calibration_target_ns(const std::vector<results::Sample>& calibration, int threads, double target_ns,
                             double least_ns) {
  const auto pace = calibration_pace(calibration, threads, target_ns / 3);
  return pace ? paced_target_ns(target_ns, *pace, least_ns) : target_ns;
}

bool paced(const Pace& pace) { return pace.timed_share < kPacedShare; }

double paced_target_ns(double target_ns, const Pace& pace, double least_ns) {
  return std::max(target_ns * pace.wall_share, least_ns);
}

std::uint64_t batch_for(std::uint64_t invocations, double sample_ns, double target_ns) {
  if (sample_ns <= 0) return invocations;
  const double proportional = std::ceil(static_cast<double>(invocations) * target_ns / sample_ns);
  return static_cast<std::uint64_t>(std::max(1.0, std::min(proportional, static_cast<double>(invocations))));
}

}  // namespace tare::analysis

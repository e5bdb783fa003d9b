#include "stats/steady_state.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

#include "synthetic.hpp"

namespace tare::stats {
namespace {

using testing::step_series;

// x_j = 1 + 2 e^{-j/20} + N(0, 0.005): a JIT-like warmup.
std::vector<double> warmup_series(std::mt19937_64& rng, std::size_t n) {
  auto xs = testing::normal_sample(rng, n, 0.0, 0.005);
  for (std::size_t j = 0; j < n; ++j) xs[j] += 1.0 + 2.0 * std::exp(-static_cast<double>(j) / 20.0);
  return xs;
}

TEST(SteadyState, ToString) {
  EXPECT_STREQ(to_string(SeriesShape::flat), "flat");
  EXPECT_STREQ(to_string(SeriesShape::warmup), "warmup");
  EXPECT_STREQ(to_string(SeriesShape::slowdown), "slowdown");
  EXPECT_STREQ(to_string(SeriesShape::no_steady_state), "no steady state");
}

TEST(SteadyState, StepDownIsWarmup) {
  std::mt19937_64 rng(301);
  const auto xs = step_series(rng, 2000, 300, 2.0, 1.0, 0.01);
  const SteadyState s = classify_fork(xs);
  EXPECT_EQ(s.kind, SeriesShape::warmup);
  ASSERT_EQ(s.changepoints.size(), 1u);
  EXPECT_NEAR(static_cast<double>(s.steady_begin), 300.0, 2.0);
  EXPECT_EQ(s.steady_begin, s.changepoints[0]);
  EXPECT_NEAR(s.steady_mean, 1.0, 0.002);
}

TEST(SteadyState, StepUpIsSlowdown) {
  std::mt19937_64 rng(302);
  const auto xs = step_series(rng, 2000, 300, 1.0, 2.0, 0.01);
  const SteadyState s = classify_fork(xs);
  EXPECT_EQ(s.kind, SeriesShape::slowdown);
  EXPECT_NEAR(static_cast<double>(s.steady_begin), 300.0, 2.0);
  EXPECT_NEAR(s.steady_mean, 2.0, 0.002);
}

TEST(SteadyState, ConstantIsFlat) {
  std::mt19937_64 rng(303);
  const auto xs = testing::normal_sample(rng, 2000, 1.0, 0.01);
  const SteadyState s = classify_fork(xs);
  EXPECT_EQ(s.kind, SeriesShape::flat);
  EXPECT_TRUE(s.changepoints.empty());
  EXPECT_EQ(s.steady_begin, 0u);
  EXPECT_NEAR(s.steady_mean, 1.0, 0.002);
}

TEST(SteadyState, LateChangeIsNoSteadyState) {
  std::mt19937_64 rng(304);
  const auto xs = step_series(rng, 2000, 1800, 2.0, 1.0, 0.01);
  const SteadyState s = classify_fork(xs);
  EXPECT_EQ(s.kind, SeriesShape::no_steady_state);
  ASSERT_EQ(s.changepoints.size(), 1u);
  EXPECT_EQ(s.steady_begin, s.changepoints.back());
  EXPECT_NEAR(static_cast<double>(s.steady_begin), 1800.0, 2.0);
}

TEST(SteadyState, LastWindowOption) {
  // The same change at 1800 leaves 200 steady values: enough when L = 100.
  std::mt19937_64 rng(305);
  const auto xs = step_series(rng, 2000, 1800, 2.0, 1.0, 0.01);
  SteadyStateOptions options;
  options.last_window = 100;
  EXPECT_EQ(classify_fork(xs, options).kind, SeriesShape::warmup);
}

TEST(SteadyState, StepInsideTheBandIsFlat) {
  // 0.5% is real (PELT may well cut there) but within delta = 1%; 2% is not.
  std::mt19937_64 rng(306);
  const auto small = step_series(rng, 2000, 1000, 1.005, 1.0, 0.01);
  const SteadyState s = classify_fork(small);
  EXPECT_EQ(s.kind, SeriesShape::flat);
  EXPECT_EQ(s.steady_begin, 0u);
  const auto large = step_series(rng, 2000, 1000, 1.02, 1.0, 0.01);
  EXPECT_EQ(classify_fork(large).kind, SeriesShape::warmup);
}

TEST(SteadyState, SpikesAreOutliersNotChanges) {
  std::mt19937_64 rng(307);
  auto xs = testing::normal_sample(rng, 2000, 1.0, 0.01);
  const std::vector<std::size_t> spikes = {17, 640, 641, 1555, 1990};
  for (std::size_t at : spikes) xs[at] = 25.0;
  const SteadyState s = classify_fork(xs);
  EXPECT_EQ(s.kind, SeriesShape::flat);
  EXPECT_TRUE(s.changepoints.empty());
  EXPECT_EQ(s.outliers, spikes);
  // Outliers are still measurements: the mean keeps them.
  EXPECT_NEAR(s.steady_mean, 1.0 + 5 * 24.0 / 2000.0, 0.002);
}

// Short series (tare's forks have tens of samples): five or more slow samples at either end
// are a change of level, not outliers, even though the clamped window would flag them.
TEST(SteadyState, AFewSlowSamplesAtTheEndsAreChangesNotOutliers) {
  std::mt19937_64 rng(311);
  for (int trial = 0; trial < 20; ++trial) {
    const auto late = step_series(rng, 43, 38, 155.0, 665.0, 3.0);  // 5 slow values at the end
    const SteadyState s = classify_fork(late, {.last_window = 17});
    EXPECT_EQ(s.kind, SeriesShape::no_steady_state) << "trial " << trial;
    EXPECT_TRUE(s.outliers.empty());
    const auto early = step_series(rng, 40, 5, 400.0, 100.0, 2.0);  // 5 slow values first
    const SteadyState w = classify_fork(early, {.last_window = 10});
    EXPECT_EQ(w.kind, SeriesShape::warmup) << "trial " << trial;
    EXPECT_EQ(w.steady_begin, 5u);
    // Shorter bursts are disturbances: set aside, not changes.
    const auto burst = step_series(rng, 40, 3, 400.0, 100.0, 2.0);
    const SteadyState b = classify_fork(burst, {.last_window = 10});
    EXPECT_EQ(b.kind, SeriesShape::flat) << "trial " << trial;
    EXPECT_EQ(b.outliers, (std::vector<std::size_t>{0, 1, 2}));
  }
}

TEST(SteadyState, ChangepointsAreMappedBackPastOutliers) {
  // Five spikes before the change shift it to 295 in the filtered series; reported
  // indices are the input's.
  std::mt19937_64 rng(308);
  auto xs = step_series(rng, 2000, 300, 2.0, 1.0, 0.01);
  const std::vector<std::size_t> spikes = {50, 100, 150, 200, 250};
  for (std::size_t at : spikes) xs[at] = 50.0;
  const SteadyState s = classify_fork(xs);
  EXPECT_EQ(s.outliers, spikes);
  EXPECT_EQ(s.kind, SeriesShape::warmup);
  ASSERT_EQ(s.changepoints.size(), 1u);
  EXPECT_NEAR(static_cast<double>(s.changepoints[0]), 300.0, 2.0);
  EXPECT_EQ(s.steady_begin, s.changepoints[0]);
}

TEST(SteadyState, ExponentialWarmup) {
  // The decay 2 e^{-j/20} falls under 1% of the steady level 1 at j = 20 ln 200 ≈ 106.
  // PELT cuts the decay into a few segments; the steady state starts after the last one
  // whose mean is outside the band, close to that point.
  std::mt19937_64 rng(309);
  for (int trial = 0; trial < 20; ++trial) {
    const SteadyState s = classify_fork(warmup_series(rng, 300));
    EXPECT_EQ(s.kind, SeriesShape::warmup) << "trial " << trial;
    EXPECT_GE(s.steady_begin, 80u) << "trial " << trial;
    EXPECT_LE(s.steady_begin, 140u) << "trial " << trial;
    EXPECT_NEAR(s.steady_mean, 1.0, 0.005) << "trial " << trial;
  }
}

TEST(SteadyState, QuantizedClock) {
  // Times in ticks of a clock with quantum 1: rounding leaves long runs of equal values.
  std::mt19937_64 rng(310);
  SteadyStateOptions options;
  options.quantization = 1.0;
  auto flat = testing::normal_sample(rng, 2000, 100.0, 0.7);
  for (double& x : flat) x = std::round(x);
  const SteadyState f = classify_fork(flat, options);
  EXPECT_EQ(f.kind, SeriesShape::flat);
  EXPECT_TRUE(std::isfinite(f.steady_mean));

  auto warm = step_series(rng, 2000, 300, 120.0, 100.0, 0.7);
  for (double& x : warm) x = std::round(x);
  const SteadyState w = classify_fork(warm, options);
  EXPECT_EQ(w.kind, SeriesShape::warmup);
  EXPECT_NEAR(static_cast<double>(w.steady_begin), 300.0, 2.0);
}

TEST(SteadyState, ShortSeriesIsFlat) {
  const std::vector<double> xs = {3.0, 1.0, 2.0};
  const SteadyState s = classify_fork(xs);
  EXPECT_EQ(s.kind, SeriesShape::flat);
  EXPECT_TRUE(s.changepoints.empty());
  EXPECT_EQ(s.steady_begin, 0u);
  EXPECT_DOUBLE_EQ(s.steady_mean, 2.0);
  EXPECT_TRUE(std::isnan(classify_fork(std::vector<double>{}).steady_mean));
}

TEST(SteadyForks, Consistency) {
  using C = SeriesShape;
  const auto verdict = [](std::vector<C> classes) { return classify_forks(classes); };
  EXPECT_EQ(verdict({C::flat, C::flat, C::flat}), "flat");
  EXPECT_EQ(verdict({C::warmup, C::warmup}), "warmup");
  EXPECT_EQ(verdict({C::slowdown}), "slowdown");
  EXPECT_EQ(verdict({C::no_steady_state, C::no_steady_state}), "no steady state");
  EXPECT_EQ(verdict({C::flat, C::warmup, C::flat}), "good inconsistent");
  EXPECT_EQ(verdict({C::flat, C::slowdown}), "bad inconsistent");
  EXPECT_EQ(verdict({C::warmup, C::no_steady_state}), "bad inconsistent");
  EXPECT_EQ(verdict({}), "");
}

}  // namespace
}  // namespace tare::stats

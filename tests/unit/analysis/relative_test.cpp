// A benchmark's ratio to its family's baseline, with few forks: never surer than the two
// benchmarks' own intervals allow.
#include "analysis/relative.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "analysis/estimates.hpp"
#include "registry/native_body.hpp"
#include "stats/descriptive.hpp"

namespace {

tare::results::Fork fork_of(double ns_per_op) {
  tare::results::Fork f;
  for (int i = 0; i < 20; ++i) {
    // A little spread within the fork, far less than between forks.
    const double per_op = ns_per_op * (1 + 0.001 * (i % 5 - 2));
    f.samples.push_back(tare::results::Sample{1000, per_op * 1000, per_op * 1000, {}});
  }
  f.mean = ns_per_op;
  f.steady_class = tare::results::SteadyClass::flat;
  return f;
}

tare::results::Benchmark benchmark(const std::string& name, std::initializer_list<double> fork_means) {
  tare::results::Benchmark b;
  b.name = name;
  for (double m : fork_means) b.forks.push_back(fork_of(m));
  return b;
}

// Three forks a side whose means spread by 12%, the same truth on both: a bootstrap over
// three forks alone calls that a difference; the interval contains 1 and is at least as
// wide as the Student-t interval of the fork means' log ratio.
TEST(Relative, WithThreeForksASideTheIntervalIsNoSurerThanTheForksAllow) {
  tare::detail::BenchmarkSpec base_spec, spec;
  base_spec.name = "family.base";
  spec.name = "family.other";
  spec.baseline = base_spec.name;
  base_spec.body = spec.body = tare::registry::make_native_body<tare::NoState>([] {});
  tare::registry::Instance base_instance, instance;
  base_instance.spec = &base_spec;
  instance.spec = &spec;
  tare::results::Run run;
  run.benchmarks = {benchmark("family.base", {100, 106, 112}), benchmark("family.other", {94, 100, 95})};
  ASSERT_EQ(tare::analysis::scored_forks(run.benchmarks[0]).size(), 3u);
  tare::analysis::relate_to_baselines(run, {base_instance, instance});
  ASSERT_TRUE(run.benchmarks[1].relative.has_value());
  const auto& relative = *run.benchmarks[1].relative;
  EXPECT_LT(relative.ci.low, 1);
  EXPECT_GT(relative.ci.high, 1);
  // The t interval of the log ratio over 3 + 3 forks (Welch), by hand.
  const std::vector<double> a{std::log(100), std::log(106), std::log(112)}, b{std::log(94), std::log(100), std::log(95)};
  const double se = std::sqrt(tare::stats::variance(a) / 3 + tare::stats::variance(b) / 3);
  EXPECT_LE(std::log(relative.ci.low), std::log(relative.ratio) - 2.0 * se);
  EXPECT_GE(std::log(relative.ci.high), std::log(relative.ratio) + 2.0 * se);
}

}  // namespace

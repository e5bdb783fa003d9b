#include "tools/tare/stream_options.hpp"

#include <gtest/gtest.h>

#include "input/usage_error.hpp"

namespace tare::tool {
namespace {

using input::UsageError;

TEST(StreamOptions, RatesWithSuffixes) {
  EXPECT_EQ(parse_rate("50000", "--rate"), 50'000u);
  EXPECT_EQ(parse_rate("50k", "--rate"), 50'000u);
  EXPECT_EQ(parse_rate("1.5M", "--rate"), 1'500'000u);
  EXPECT_EQ(parse_rate("10k/s", "--rate"), 10'000u);
  EXPECT_EQ(parse_rate("1G/s", "--rate"), 1'000'000'000u);
  for (const char* bad : {"0", "-5", "1.5", "2G", "k", "2e9"}) EXPECT_THROW(parse_rate(bad, "--rate"), UsageError) << bad;
}

TEST(StreamOptions, RateShapes) {
  const auto constant = parse_rate_shape("20k", "--rate");
  EXPECT_EQ(constant.due_ns(20'000), 1'000'000'000);

  const auto steps = parse_rate_shape("steps:1k@1s,2k@500ms", "--rate");
  EXPECT_FALSE(steps.repeats());
  EXPECT_EQ(steps.event_count(), 2000u);
  EXPECT_EQ(peak_rate(steps), 2000u);

  const auto square = parse_rate_shape("square:1k,3k,2s", "--rate");
  EXPECT_TRUE(square.repeats());
  EXPECT_EQ(square.events_before(1'000'000'000), 3000u);  // high first
  EXPECT_EQ(square.events_before(2'000'000'000), 4000u);

  const auto bursts = parse_rate_shape("bursts:1k,10k,100ms,1s", "--rate");
  EXPECT_EQ(bursts.events_before(1'000'000'000), 900u + 1000u);

  for (const char* bad : {"steps:", "steps:1k", "square:1k,2k", "bursts:1k,2k,1s,1s", "sine:1k", "square:1k,2k,0s"})
    EXPECT_THROW(parse_rate_shape(bad, "--rate"), UsageError) << bad;
}

TEST(StreamOptions, Windows) {
  const auto tumbling = parse_window("1s", "--window");
  EXPECT_EQ(tumbling.size_ns, 1'000'000'000);
  EXPECT_EQ(tumbling.slide_ns, 1'000'000'000);
  const auto sliding = parse_window("8s/4s", "--window");
  EXPECT_EQ(sliding.slide_ns, 4'000'000'000);
  try {
    parse_window("1s/300ms", "--window");
    ADD_FAILURE();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("multiple of the slide"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_window("1s/2s", "--window"), UsageError);
  EXPECT_THROW(parse_window("/1s", "--window"), UsageError);
}

TEST(StreamOptions, KeyDistributions) {
  const auto uniform = parse_keys("uniform:100", "--products");
  EXPECT_EQ(uniform.kind, stream::KeyDistKind::uniform);
  EXPECT_EQ(uniform.n, 100u);
  const auto zipf = parse_keys("zipf:10000:1.2", "--products");
  EXPECT_EQ(zipf.kind, stream::KeyDistKind::zipf);
  EXPECT_DOUBLE_EQ(zipf.zipf_s, 1.2);
  const auto hot = parse_keys("hot:10:0.9", "--products");
  EXPECT_EQ(hot.kind, stream::KeyDistKind::hot_key);
  EXPECT_DOUBLE_EQ(hot.hot_fraction, 0.9);
  for (const char* bad : {"uniform", "uniform:0", "uniform:1.5", "zipf:10", "zipf:10:-1", "hot:10:2", "gauss:5"})
    EXPECT_THROW(parse_keys(bad, "--products"), UsageError) << bad;
}

}  // namespace
}  // namespace tare::tool

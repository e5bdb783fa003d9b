#include "stream/histograms/hdr_histogram.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

namespace tare::stream {
namespace {

constexpr std::int64_t kHour = 3600LL * 1000 * 1000;  // one hour in microseconds
constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

// Random values from the generator's raw output only, so that the samples (and so every
// expected number) do not depend on the standard library's distributions.
double unit_open(std::uint64_t bits) {  // in (0, 1]
  return static_cast<double>((bits >> 11) + 1) * 0x1p-53;
}

std::vector<std::int64_t> uniform_sample(std::size_t n, std::int64_t hi, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::int64_t> out(n);
  for (auto& v : out) v = 1 + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(hi));
  return out;
}

// Lognormal with median `median` and log-sd `sigma`, by Box-Muller from raw bits.
std::vector<std::int64_t> lognormal_sample(std::size_t n, double median, double sigma,
                                           std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::int64_t> out(n);
  const double two_pi = 6.283185307179586;
  for (auto& v : out) {
    const double u1 = unit_open(rng());
    const double u2 = unit_open(rng());
    const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(two_pi * u2);
    v = std::max<std::int64_t>(1, std::llround(median * std::exp(sigma * z)));
  }
  return out;
}

// Values spread evenly over the magnitudes 1 .. 2^40.
std::vector<std::int64_t> log_spread_sample(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::int64_t> out(n);
  for (auto& v : out) {
    const std::uint64_t x = rng();
    const int magnitude = static_cast<int>(x % 41);  // 0..40
    v = static_cast<std::int64_t>((x >> 23) & ((std::uint64_t{1} << magnitude) - 1)) |
        (std::int64_t{1} << magnitude);
  }
  return out;
}

// HdrHistogram's rank rule, for the exact percentile of a sorted sample.
std::int64_t exact_percentile(const std::vector<std::int64_t>& sorted, double p) {
  const auto n = static_cast<std::int64_t>(sorted.size());
  const auto rank = std::max<std::int64_t>(
      1, static_cast<std::int64_t>((std::min(p, 100.0) / 100.0) * static_cast<double>(n) + 0.5));
  return sorted[static_cast<std::size_t>(rank - 1)];
}

// An independent statement of the layout: the first bucket b >= 0 whose range
// [0, sub_bucket_count << (b + unit_magnitude)) holds v has resolution 2^(b + unit_magnitude);
// bucket 0 has sub_bucket_count slots, every later one the upper half.
struct Reference {
  std::int64_t sub_bucket_count;
  int unit_magnitude;
  int bucket(std::int64_t v) const {
    int b = 0;
    while (v >= (sub_bucket_count << (b + unit_magnitude))) ++b;
    return b;
  }
  std::int64_t width(std::int64_t v) const { return std::int64_t{1} << (bucket(v) + unit_magnitude); }
  std::int64_t index(std::int64_t v) const {
    const int b = bucket(v);
    const std::int64_t slot = v >> (b + unit_magnitude);
    const std::int64_t half = sub_bucket_count / 2;
    return b == 0 ? slot : b * half + slot;
  }
};

void expect_same_contents(const HdrHistogram& a, const HdrHistogram& b) {
  ASSERT_EQ(a.counts_length(), b.counts_length());
  for (std::size_t i = 0; i < a.counts_length(); ++i)
    ASSERT_EQ(a.count_at_index(i), b.count_at_index(i)) << "index " << i;
  EXPECT_EQ(a.total_count(), b.total_count());
  EXPECT_EQ(a.out_of_range(), b.out_of_range());
  EXPECT_EQ(a.min(), b.min());
  EXPECT_EQ(a.max(), b.max());
  EXPECT_DOUBLE_EQ(a.mean(), b.mean());
  EXPECT_DOUBLE_EQ(a.stddev(), b.stddev());
  for (double p : {0.0, 25.0, 50.0, 90.0, 99.0, 99.9, 100.0})
    EXPECT_EQ(a.value_at_percentile(p), b.value_at_percentile(p)) << "p" << p;
}

TEST(HdrHistogram, LayoutOfOneMicrosecondToOneHourAtThreeFigures) {
  // 2048 sub-buckets, 22 buckets (2048 * 2^21 = 2^32 > 3.6e9 > 2^31), (22 + 1) * 1024 counts.
  const HdrHistogram h(1, kHour, 3);
  EXPECT_EQ(h.counts_length(), 23552u);
  // 188,416 bytes = 184 KiB: HdrHistogram's README's "around 185KB" (it adds ~512 bytes of
  // fields).
  EXPECT_EQ(h.footprint_bytes(), 188416u);
  // Two figures: 256 sub-buckets, 256 * 2^24 = 2^32 > 3.6e9: 25 buckets, 26 * 128 counts.
  EXPECT_EQ(HdrHistogram(1, kHour, 2).counts_length(), 3328u);
  // The top value is tracked, in the last bucket, at a resolution of 2^21 (2.1 s), "3.6
  // seconds (or better)".
  // Bucket 21, sub-bucket 3.6e9 >> 21 = 1716: index 22 * 1024 + (1716 - 1024).
  EXPECT_EQ(h.index_of(kHour), 23220u);
  EXPECT_EQ(h.size_of_equivalent_range(kHour), std::int64_t{1} << 21);
}

TEST(HdrHistogram, SubBucketCountIsThePowerOfTwoAboveTwiceTenToTheFigures) {
  const std::int64_t expected[] = {32, 256, 2048, 32768, 262144};  // for d = 1..5
  for (int d = 1; d <= 5; ++d) {
    SCOPED_TRACE(d);
    const HdrHistogram h(1, 1'000'000'000'000, d);
    const std::int64_t sbc = expected[d - 1];
    // Below sub_bucket_count every value has its own count; from there on, pairs share.
    for (std::int64_t v : {std::int64_t{0}, std::int64_t{1}, sbc / 2, sbc - 1}) {
      EXPECT_EQ(h.index_of(v), static_cast<std::size_t>(v));
      EXPECT_EQ(h.value_at_index(static_cast<std::size_t>(v)), v);
      EXPECT_EQ(h.size_of_equivalent_range(v), 1);
    }
    EXPECT_EQ(h.size_of_equivalent_range(sbc), 2);
    EXPECT_EQ(h.index_of(sbc), h.index_of(sbc + 1));
    EXPECT_EQ(h.index_of(sbc + 2), h.index_of(sbc) + 1);
    EXPECT_EQ(h.value_at_index(static_cast<std::size_t>(sbc)), sbc);
    EXPECT_EQ(h.value_at_index(static_cast<std::size_t>(sbc) + 1), sbc + 2);
    // The relative resolution in the second bucket is 2 / sbc < 10^-d.
    EXPECT_LT(2.0 / static_cast<double>(sbc), std::pow(10.0, -d));
  }
}

TEST(HdrHistogram, IndexMatchesAnIndependentLayoutForEveryValue) {
  struct Config {
    std::int64_t lowest, highest;
    int figures;
    std::int64_t sub_bucket_count;
    int unit_magnitude;
  };
  const Config configs[] = {{1, 200'000, 1, 32, 0},
                            {1, 300'000, 2, 256, 0},
                            {1000, 2'000'000, 2, 256, 9},
                            {3, 50'000, 1, 32, 1},
                            {1, 70'000, 3, 2048, 0}};
  for (const auto& c : configs) {
    SCOPED_TRACE(c.lowest);
    SCOPED_TRACE(c.figures);
    const HdrHistogram h(c.lowest, c.highest, c.figures);
    const Reference ref{c.sub_bucket_count, c.unit_magnitude};
    std::size_t previous = 0;
    for (std::int64_t v = 0; v <= c.highest; ++v) {
      const std::size_t i = h.index_of(v);
      ASSERT_EQ(static_cast<std::int64_t>(i), ref.index(v)) << v;
      ASSERT_EQ(h.size_of_equivalent_range(v), ref.width(v)) << v;
      ASSERT_EQ(h.lowest_equivalent(v), v - v % ref.width(v)) << v;
      ASSERT_EQ(h.highest_equivalent(v), h.lowest_equivalent(v) + ref.width(v) - 1) << v;
      ASSERT_EQ(h.value_at_index(i), h.lowest_equivalent(v)) << v;
      ASSERT_TRUE(i == previous || i == previous + 1) << v;  // every index is used, in order
      previous = i;
    }
    // The last value lies in the last bucket: no counts are wasted beyond it.
    EXPECT_LT(previous, h.counts_length());
    EXPECT_GE(previous + static_cast<std::size_t>(c.sub_bucket_count / 2), h.counts_length());
  }
}

TEST(HdrHistogram, ValueAtIndexOfIndexOfBracketsTheValue) {
  for (const std::int64_t lowest : {std::int64_t{1}, std::int64_t{1000}}) {
    SCOPED_TRACE(lowest);
    const HdrHistogram h(lowest, std::int64_t{1} << 41, 3);
    const std::int64_t half_unit = std::int64_t{1024} << (lowest == 1 ? 0 : 9);
    std::int64_t checked = 0;
    for (const std::int64_t v : log_spread_sample(200'000, 11)) {
      const std::int64_t low = h.value_at_index(h.index_of(v));
      const std::int64_t width = h.size_of_equivalent_range(v);
      ASSERT_LE(low, v);
      ASSERT_LT(v, low + width);
      ASSERT_EQ(low, h.lowest_equivalent(v));
      ASSERT_EQ(low + width - 1, h.highest_equivalent(v));
      if (v >= half_unit) {  // where the relative precision is promised
        ASSERT_LE(static_cast<double>(width) / static_cast<double>(v), 1.0 / 1024.0) << v;
        ASSERT_LT(static_cast<double>(width) / static_cast<double>(v), 1e-3) << v;
        ++checked;
      }
    }
    EXPECT_GT(checked, 100'000);
  }
}

void expect_percentiles_match(const std::vector<std::int64_t>& sample) {
  HdrHistogram h(1, kHour, 3);
  for (const std::int64_t v : sample) h.record(v);
  std::vector<std::int64_t> sorted = sample;
  std::sort(sorted.begin(), sorted.end());
  ASSERT_EQ(h.total_count(), static_cast<std::int64_t>(sample.size()));
  for (const double p : {0.0, 0.1, 1.0, 10.0, 25.0, 50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 100.0}) {
    SCOPED_TRACE(p);
    const std::int64_t exact = exact_percentile(sorted, p);
    const std::int64_t got = h.value_at_percentile(p);
    EXPECT_LE(std::abs(static_cast<double>(got - exact)), 1e-3 * static_cast<double>(exact));
    // Exactly: the bucket that holds the exact value, reported at its top (bottom for p0).
    EXPECT_EQ(got, p == 0.0 ? h.lowest_equivalent(exact) : h.highest_equivalent(exact));
  }
  EXPECT_EQ(h.min(), h.lowest_equivalent(sorted.front()));
  EXPECT_EQ(h.max(), h.highest_equivalent(sorted.back()));
  // Mean and standard deviation over bucket midpoints: within half a bucket (< 0.05%).
  double sum = 0.0;
  for (const std::int64_t v : sample) sum += static_cast<double>(v);
  const double mean = sum / static_cast<double>(sample.size());
  double squares = 0.0;
  for (const std::int64_t v : sample)
    squares += (static_cast<double>(v) - mean) * (static_cast<double>(v) - mean);
  const double sd = std::sqrt(squares / static_cast<double>(sample.size()));
  EXPECT_NEAR(h.mean(), mean, 5e-4 * mean);
  EXPECT_NEAR(h.stddev(), sd, 1e-3 * sd);
}

TEST(HdrHistogram, PercentilesOfUniformIntegersWithinATenthOfAPercent) {
  expect_percentiles_match(uniform_sample(1'000'000, 1'000'000, 20240611));
}

TEST(HdrHistogram, PercentilesOfALognormalSampleWithinATenthOfAPercent) {
  expect_percentiles_match(lognormal_sample(1'000'000, 1000.0, 1.0, 777));
}

TEST(HdrHistogram, PercentileRuleRoundsTheCountHalfUp) {
  HdrHistogram h(1, 1000, 3);
  for (std::int64_t v = 1; v <= 10; ++v) h.record(v);
  // count at percentile = (int64)(p / 100 * N + 0.5), at least 1.
  EXPECT_EQ(h.value_at_percentile(50.0), 5);   // 5.5 -> 5
  EXPECT_EQ(h.value_at_percentile(55.0), 6);   // 6.0
  EXPECT_EQ(h.value_at_percentile(45.0), 5);   // 5.0
  EXPECT_EQ(h.value_at_percentile(44.9), 4);   // 4.99 -> 4
  EXPECT_EQ(h.value_at_percentile(0.01), 1);   // 0.501 -> 0 -> 1
  EXPECT_EQ(h.value_at_percentile(0.0), 1);
  EXPECT_EQ(h.value_at_percentile(-3.0), 1);   // as p = 0
  EXPECT_EQ(h.value_at_percentile(100.0), 10);
  EXPECT_EQ(h.value_at_percentile(250.0), 10);  // as p = 100
  EXPECT_EQ(h.value_at_percentile(std::nan("")), 1);

  // Highest equivalent value, except at p = 0 (lowest): 5001 shares 5000..5003 at d = 3.
  HdrHistogram g(1, 1'000'000, 3);
  g.record(5001);
  EXPECT_EQ(g.value_at_percentile(0.0), 5000);
  EXPECT_EQ(g.value_at_percentile(50.0), 5003);
  EXPECT_EQ(g.value_at_percentile(100.0), 5003);
  EXPECT_EQ(g.min(), 5000);
  EXPECT_EQ(g.max(), 5003);
  EXPECT_DOUBLE_EQ(g.mean(), 5002.0);  // midpoint: 5000 + 4 / 2
  EXPECT_DOUBLE_EQ(g.stddev(), 0.0);
}

TEST(HdrHistogram, CoordinatedOmissionExampleFromTheReadme) {
  // HdrHistogram's README: a sample every 10 ms; 100 s of 1 ms answers (10,000 samples),
  // then one answer after a 100 s stall. In microseconds.
  constexpr std::int64_t ms = 1000, interval = 10 * ms, stall = 100'000 * ms;
  HdrHistogram raw(1, kHour, 3), corrected(1, kHour, 3);
  for (int i = 0; i < 10'000; ++i) {
    raw.record(1 * ms);
    corrected.record_corrected(1 * ms, interval);
  }
  raw.record(stall);
  corrected.record_corrected(stall, interval);

  // Raw: "~99.99% of results at 1 msec or below". N = 10,001; p99.99 -> count
  // (int64)(10000.0001 + 0.5) = 10000, the last 1 ms sample.
  EXPECT_EQ(raw.total_count(), 10'001);
  EXPECT_EQ(raw.value_at_percentile(50.0), 1000);
  EXPECT_EQ(raw.value_at_percentile(99.99), 1000);
  // The stall: 1e8 lies in [2^26, 2^27), resolution 2^16: 1525 * 65536 + 65535.
  EXPECT_EQ(raw.value_at_percentile(100.0), 100'007'935);
  EXPECT_EQ(raw.max(), 100'007'935);

  // Corrected: the stall adds 1e8 - 10 ms, ..., 10 ms: 9,999 values, N = 20,000, and
  // "only ~50% of results will be at 1 msec or below".
  EXPECT_EQ(corrected.total_count(), 20'000);
  EXPECT_EQ(corrected.out_of_range(), 0);
  EXPECT_EQ(corrected.value_at_percentile(50.0), 1000);  // count 10,000: the last 1 ms
  // Count 10,001 (p50.005): 10 ms, in [8192, 16384) at resolution 8: 10000..10007.
  EXPECT_EQ(corrected.value_at_percentile(50.005), 10'007);
  // Count 10,002 (p50.01): 20 ms, in [16384, 32768) at resolution 16: 20000..20015.
  EXPECT_EQ(corrected.value_at_percentile(50.01), 20'015);
  // p75: count 15,000 = the 5,000th correction, 50 s: in [2^25, 2^26) at resolution 2^15,
  // 1525 * 32768 = 49,971,200 .. 50,003,967.
  EXPECT_EQ(corrected.value_at_percentile(75.0), 50'003'967);
  // p99: count 19,800 = the 9,800th correction, 98 s: 1495 * 65536 .. + 65535, where the raw
  // histogram still says 1 ms.
  EXPECT_EQ(corrected.value_at_percentile(99.0), 98'041'855);
  EXPECT_EQ(raw.value_at_percentile(99.0), 1000);
  EXPECT_EQ(corrected.value_at_percentile(100.0), 100'007'935);
  // Exact mean: (10,000 * 1 ms + sum_{k=1..10000} 10 ms * k) / 20,000 = 25,003,000 us.
  EXPECT_NEAR(corrected.mean(), 25'003'000.0, 25'003'000.0 * 5e-4);
}

TEST(HdrHistogram, RecordCorrectedAddsTheValuesMissedWhileWaiting) {
  HdrHistogram h(1, 100'000, 3), expected(1, 100'000, 3);
  h.record_corrected(50, 100);  // not above the interval: nothing added
  expected.record(50);
  h.record_corrected(100, 100);
  expected.record(100);
  h.record_corrected(350, 100);  // 350, 250, 150
  for (std::int64_t v : {350, 250, 150}) expected.record(v);
  h.record_corrected(300, 100);  // 300, 200, 100
  for (std::int64_t v : {300, 200, 100}) expected.record(v);
  h.record_corrected(700, 0);  // no interval: no correction
  h.record_corrected(700, -5);
  expected.record(700, 2);
  expect_same_contents(h, expected);
  EXPECT_EQ(h.total_count(), 10);
}

TEST(HdrHistogram, RecordCorrectedClampsMissedValuesAboveHighest) {
  HdrHistogram h(1, 1000, 3), expected(1, 1000, 3);
  h.record_corrected(1550, 100);
  // 1550 and the missed 1450, 1350, 1250, 1150, 1050 clamp to 1000; then 950, ..., 150.
  expected.record(1550);
  for (std::int64_t v = 1450; v >= 100; v -= 100) expected.record(v);
  expect_same_contents(h, expected);
  EXPECT_EQ(h.total_count(), 15);
  EXPECT_EQ(h.out_of_range(), 6);
  EXPECT_EQ(h.count_at_index(h.index_of(1000)), 6);

  // A huge value: the 2^63 - 1002 missed values above highest go in as one clamped record
  // (one at a time, this would not finish), then 1000 .. 1.
  HdrHistogram big(1, 1000, 3);
  big.record_corrected(kInt64Max, 1);
  EXPECT_EQ(big.total_count(), kInt64Max);  // kInt64Max - 1 missed values from 1 upward, + itself
  EXPECT_EQ(big.out_of_range(), kInt64Max - 1000);
  EXPECT_EQ(big.count_at_index(big.index_of(500)), 1);
}

TEST(HdrHistogram, AddEqualsRecordingBothStreams) {
  const auto first = lognormal_sample(50'000, 2000.0, 1.5, 1);
  const auto second = uniform_sample(30'000, 5'000'000, 2);
  const std::int64_t highest = 4'000'000;  // some of `second` fall out of range
  HdrHistogram a(1, highest, 3), b(1, highest, 3), both(1, highest, 3);
  for (const std::int64_t v : first) {
    a.record(v);
    both.record(v);
  }
  for (const std::int64_t v : second) {
    b.record(v);
    both.record(v);
  }
  ASSERT_GT(b.out_of_range(), 0);
  a.add(b);
  expect_same_contents(a, both);

  HdrHistogram empty(1, highest, 3);
  both.add(empty);
  expect_same_contents(a, both);
  empty.add(both);
  expect_same_contents(empty, both);
}

TEST(HdrHistogram, AddRejectsAnotherConfiguration) {
  HdrHistogram h(1, kHour, 3);
  EXPECT_THROW(h.add(HdrHistogram(2, kHour, 3)), std::invalid_argument);
  EXPECT_THROW(h.add(HdrHistogram(1, kHour - 1, 3)), std::invalid_argument);
  EXPECT_THROW(h.add(HdrHistogram(1, kHour, 2)), std::invalid_argument);
  EXPECT_NO_THROW(h.add(HdrHistogram(1, kHour, 3)));
}

TEST(HdrHistogram, OutOfRangeValuesAreClampedAndCounted) {
  HdrHistogram h(1, 10'000, 3);
  h.record(10'000);
  EXPECT_EQ(h.out_of_range(), 0);
  h.record(10'001);
  h.record(kInt64Max, 3);
  EXPECT_EQ(h.out_of_range(), 4);
  EXPECT_EQ(h.count_at_index(h.index_of(10'000)), 5);
  EXPECT_EQ(h.max(), h.highest_equivalent(10'000));
  h.record(-7, 2);
  EXPECT_EQ(h.out_of_range(), 6);
  EXPECT_EQ(h.count_at_index(0), 2);
  EXPECT_EQ(h.min(), 0);
  EXPECT_EQ(h.total_count(), 7);
  // index_of clamps the same way.
  EXPECT_EQ(h.index_of(-1), 0u);
  EXPECT_EQ(h.index_of(kInt64Max), h.index_of(10'000));
  EXPECT_LT(h.index_of(kInt64Max), h.counts_length());
}

TEST(HdrHistogram, RecordWithACount) {
  HdrHistogram h(1, kHour, 3), ones(1, kHour, 3);
  h.record(1234, 5);
  for (int i = 0; i < 5; ++i) ones.record(1234);
  expect_same_contents(h, ones);
  h.record(99, 0);  // nothing
  h.record(99, -4);
  expect_same_contents(h, ones);
}

TEST(HdrHistogram, ResetEmpties) {
  HdrHistogram h(1, kHour, 3);
  for (const std::int64_t v : uniform_sample(1000, 1'000'000, 5)) h.record(v);
  h.record(kHour + 1);
  h.reset();
  expect_same_contents(h, HdrHistogram(1, kHour, 3));
  EXPECT_EQ(h.total_count(), 0);
  EXPECT_EQ(h.out_of_range(), 0);
  h.record(42);  // usable again, with fresh min and max
  EXPECT_EQ(h.min(), 42);
  EXPECT_EQ(h.max(), 42);
}

TEST(HdrHistogram, EmptyHistogramReportsZeros) {
  const HdrHistogram h(1000, kHour, 2);
  for (const double p : {0.0, 50.0, 99.9, 100.0}) EXPECT_EQ(h.value_at_percentile(p), 0);
  EXPECT_EQ(h.total_count(), 0);
  EXPECT_EQ(h.min(), 0);
  EXPECT_EQ(h.max(), 0);
  EXPECT_EQ(h.mean(), 0.0);
  EXPECT_EQ(h.stddev(), 0.0);
}

TEST(HdrHistogram, MinAndMaxAreEquivalentValuesOfTheExtremes) {
  HdrHistogram h(1, kHour, 3);
  h.record(1'234'567);  // in [2^20, 2^21): resolution 2^10
  h.record(3'000);      // in [2048, 4096): resolution 2
  h.record(3'001);
  EXPECT_EQ(h.min(), 3'000);
  EXPECT_EQ(h.max(), 1'233'920 + 1023);  // 1205 * 1024 .. + 1023
  h.record(3'333'333'333);
  EXPECT_EQ(h.max(), h.highest_equivalent(3'333'333'333));
  EXPECT_GT(h.max(), 3'333'333'333);
  h.record(0);
  EXPECT_EQ(h.min(), 0);
}

TEST(HdrHistogram, AddAtIndexKeepsTotalsMinAndMax) {
  HdrHistogram decoded(1, kHour, 3), recorded(1, kHour, 3);
  for (const std::int64_t v : lognormal_sample(10'000, 500.0, 2.0, 9)) recorded.record(v);
  for (std::size_t i = 0; i < recorded.counts_length(); ++i)
    if (recorded.count_at_index(i) != 0) decoded.add_at_index(i, recorded.count_at_index(i));
  expect_same_contents(decoded, recorded);
  decoded.add_at_index(decoded.counts_length(), 5);  // outside the counts: ignored
  EXPECT_EQ(decoded.total_count(), recorded.total_count());
}

TEST(HdrHistogram, WholeInt64RangeWorks) {
  HdrHistogram h(1, kInt64Max, 1);
  // 32 sub-buckets, 2^5 * 2^58 = 2^63 > INT64_MAX: 59 buckets, 60 * 16 counts.
  EXPECT_EQ(h.counts_length(), 960u);
  EXPECT_EQ(h.index_of(kInt64Max), 959u);
  EXPECT_EQ(h.highest_equivalent(kInt64Max), kInt64Max);
  EXPECT_EQ(h.lowest_equivalent(kInt64Max), std::int64_t{31} << 58);
  h.record(kInt64Max);
  h.record(1);
  EXPECT_EQ(h.out_of_range(), 0);
  EXPECT_EQ(h.max(), kInt64Max);
  EXPECT_EQ(h.value_at_percentile(100.0), kInt64Max);
  EXPECT_EQ(h.value_at_percentile(50.0), 1);
}

// The layout with no shortcut, safe up to INT64_MAX: the first bucket b whose range
// [0, sub_bucket_count << (b + unit_magnitude)) holds v (the range from 2^63 up holds all).
std::size_t reference_index(std::int64_t v, int figures, std::int64_t lowest) {
  std::int64_t sub_bucket_count = 2;
  while (sub_bucket_count < 2 * static_cast<std::int64_t>(std::pow(10.0, figures))) sub_bucket_count *= 2;
  int sub_bucket_magnitude = 0;
  while ((std::int64_t{1} << sub_bucket_magnitude) < sub_bucket_count) ++sub_bucket_magnitude;
  int unit_magnitude = 0;
  while ((lowest >> (unit_magnitude + 1)) > 0) ++unit_magnitude;
  int b = 0;
  while (b + unit_magnitude + sub_bucket_magnitude < 63 &&
         v >= (sub_bucket_count << (b + unit_magnitude)))
    ++b;
  const std::int64_t slot = v >> (b + unit_magnitude);
  const std::int64_t half = sub_bucket_count / 2;
  return static_cast<std::size_t>(b == 0 ? slot : b * half + slot);
}

// Values across the whole range of `highest`: random magnitudes and every power of two
// with its neighbours (where a bucket begins).
std::vector<std::int64_t> values_across(std::int64_t highest, std::uint64_t seed) {
  std::vector<std::int64_t> values{0, 1, highest, highest - 1};
  for (int bit = 1; bit < 63; ++bit) {
    const std::int64_t power = std::int64_t{1} << bit;
    for (const std::int64_t v : {power - 1, power, power + 1})
      if (v <= highest) values.push_back(v);
  }
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 20'000; ++i) {
    const std::uint64_t x = rng();
    const int magnitude = static_cast<int>(x % 63);
    const std::int64_t v = static_cast<std::int64_t>(rng() >> (63 - magnitude) >> 1);
    if (v <= highest) values.push_back(v);
  }
  return values;
}

TEST(HdrHistogram, RecordCountsAtTheReferenceIndexAcrossTheRange) {
  struct Config {
    std::int64_t lowest, highest;
    int figures;
  };
  const Config configs[] = {{1, 60'000'000'000, 2}, {1, 60'000'000'000, 3}, {1, kInt64Max, 1},
                            {1, kInt64Max, 5},     {1000, kHour, 3},       {3, 1 << 30, 4},
                            {std::int64_t{1} << 20, std::int64_t{1} << 50, 2}};
  for (const auto& c : configs) {
    SCOPED_TRACE(c.lowest);
    SCOPED_TRACE(c.figures);
    HdrHistogram h(c.lowest, c.highest, c.figures);
    std::vector<std::int64_t> expected(h.counts_length());
    const auto values = values_across(c.highest, 99);
    for (const std::int64_t v : values) {
      h.record(v);
      const std::size_t index = reference_index(v, c.figures, c.lowest);
      ASSERT_LT(index, expected.size()) << v;
      ++expected[index];
    }
    for (std::size_t i = 0; i < expected.size(); ++i)
      ASSERT_EQ(h.count_at_index(i), expected[i]) << "index " << i;
    EXPECT_EQ(h.total_count(), static_cast<std::int64_t>(values.size()));
    EXPECT_EQ(h.out_of_range(), 0);
  }
}

// value_at_percentile without the block skip: the first index whose running count reaches
// the rank.
std::int64_t linear_percentile(const HdrHistogram& h, double p) {
  if (h.total_count() == 0) return 0;
  const double clamped = std::isnan(p) ? 0.0 : std::clamp(p, 0.0, 100.0);
  const auto rank = std::max<std::int64_t>(
      1, static_cast<std::int64_t>(clamped / 100.0 * static_cast<double>(h.total_count()) + 0.5));
  std::int64_t cumulative = 0;
  for (std::size_t i = 0; i < h.counts_length(); ++i) {
    cumulative += h.count_at_index(i);
    if (cumulative >= rank) {
      const std::int64_t value = h.value_at_index(i);
      return clamped == 0.0 ? h.lowest_equivalent(value) : h.highest_equivalent(value);
    }
  }
  ADD_FAILURE() << "rank " << rank << " beyond the counts";
  return -1;
}

// Percentiles for the random tests: some at the edges and outside [0, 100], most random.
std::vector<double> percentiles_to_ask(std::mt19937_64& rng) {
  std::vector<double> ps{0.0, 100.0, 50.0, 99.9, 99.0, 90.0, 50.0, -1.0, 101.0, std::nan("")};
  for (int i = 0; i < 30; ++i) ps.push_back(unit_open(rng()) * 100.0);
  std::shuffle(ps.begin(), ps.end(), rng);
  return ps;
}

TEST(HdrHistogram, PercentileEqualsALinearScanOfTheCounts) {
  std::mt19937_64 rng(5150);
  for (const std::size_t n : {std::size_t{1}, std::size_t{7}, std::size_t{300}, std::size_t{100'000}}) {
    SCOPED_TRACE(n);
    HdrHistogram h(1, kHour, 3);
    for (const std::int64_t v : lognormal_sample(n, 3000.0, 2.0, n)) h.record(v);
    for (const double p : percentiles_to_ask(rng)) ASSERT_EQ(h.value_at_percentile(p), linear_percentile(h, p)) << p;
    for (std::int64_t rank = 1; rank <= std::min<std::int64_t>(h.total_count(), 300); ++rank) {
      const double p = 100.0 * static_cast<double>(rank) / static_cast<double>(h.total_count());
      ASSERT_EQ(h.value_at_percentile(p), linear_percentile(h, p)) << rank;
    }
  }
}

TEST(HdrHistogram, ValuesAtPercentilesEqualTheSingleQueries) {
  std::mt19937_64 rng(8086);
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{5}, std::size_t{1000}, std::size_t{200'000}}) {
    SCOPED_TRACE(n);
    for (const int figures : {2, 3}) {
      HdrHistogram h(1, 10'000'000, figures);
      for (const std::int64_t v : lognormal_sample(n, 5000.0, 1.5, n + 1)) h.record(v);  // some out of range
      const std::vector<double> ps = percentiles_to_ask(rng);
      std::vector<std::int64_t> out(ps.size(), -1);
      h.values_at_percentiles(ps, out);
      for (std::size_t j = 0; j < ps.size(); ++j)
        ASSERT_EQ(out[j], h.value_at_percentile(ps[j])) << "p" << ps[j];
      const auto four = h.values_at_percentiles(std::array{99.9, 50.0, 99.0, 90.0});
      EXPECT_EQ(four[0], h.value_at_percentile(99.9));
      EXPECT_EQ(four[1], h.value_at_percentile(50.0));
      EXPECT_EQ(four[2], h.value_at_percentile(99.0));
      EXPECT_EQ(four[3], h.value_at_percentile(90.0));
    }
  }
}

TEST(HdrHistogram, ConstructorRejectsBadArguments) {
  EXPECT_THROW(HdrHistogram(0, 100, 3), std::invalid_argument);
  EXPECT_THROW(HdrHistogram(-1, 100, 3), std::invalid_argument);
  EXPECT_THROW(HdrHistogram(10, 19, 3), std::invalid_argument);
  EXPECT_NO_THROW(HdrHistogram(10, 20, 3));
  EXPECT_THROW(HdrHistogram(1, -5, 3), std::invalid_argument);
  EXPECT_THROW(HdrHistogram(kInt64Max / 2 + 1, kInt64Max, 1), std::invalid_argument);
  EXPECT_THROW(HdrHistogram(1, 100, 0), std::invalid_argument);
  EXPECT_THROW(HdrHistogram(1, 100, 6), std::invalid_argument);
  EXPECT_NO_THROW(HdrHistogram(1, 100, 1));
  EXPECT_NO_THROW(HdrHistogram(1, 100, 5));
  // unit magnitude 44 + 17 (five figures) fits in 61 bits; 45 + 17 does not.
  EXPECT_NO_THROW(HdrHistogram(std::int64_t{1} << 44, std::int64_t{1} << 46, 5));
  EXPECT_THROW(HdrHistogram(std::int64_t{1} << 45, std::int64_t{1} << 47, 5),
               std::invalid_argument);
}

}  // namespace
}  // namespace tare::stream

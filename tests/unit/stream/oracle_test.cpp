// Tests of the offline oracle (oracle.hpp): aggregation and join on small hand-made streams
// with hand-computed counts, sums, averages and max event times (tumbling and sliding, an
// event on a window boundary, unsorted input), a join checked against a brute-force pair
// count on a generated stream, and the comparison helper finding planted mismatches.
#include "stream/workload/oracle.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "stream/workload/workload.hpp"

#include "fixtures.hpp"

namespace tare::stream {
namespace {

using testing::kMs;
using testing::kS;

Event purchase(std::int64_t t_ms, std::uint32_t user, std::uint32_t product, std::uint32_t cents) {
  return Event{t_ms * kMs, EventKind::purchase, user, product, cents};
}
Event ad(std::int64_t t_ms, std::uint32_t user, std::uint32_t product) {
  return Event{t_ms * kMs, EventKind::ad, user, product, 0};
}

// Deliberately not in time order: the oracle must not depend on input order.
std::vector<Event> agg_stream() {
  return {purchase(900, 1, 1, 250), purchase(100, 2, 1, 500),  purchase(1500, 3, 2, 99),
          ad(600, 4, 1),            purchase(200, 5, 2, 300),  purchase(1000, 6, 1, 1000)};
}

bool has_substr(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

TEST(StreamOracle, TumblingAggregationByHand) {
  const auto got = oracle_aggregate(agg_stream(), tumbling(kS));
  const std::vector<AggregateResult> want = {
      {0, 1, 2, 750, 900 * kMs},        // 100 ms + 900 ms; the ad is ignored
      {0, 2, 1, 300, 200 * kMs},
      {kS, 1, 1, 1000, 1000 * kMs},     // exactly on the boundary: the next window
      {kS, 2, 1, 99, 1500 * kMs}};
  ASSERT_EQ(got, want);
  EXPECT_DOUBLE_EQ(got[0].average_cents(), 375.0);
  EXPECT_DOUBLE_EQ(got[3].average_cents(), 99.0);
}

TEST(StreamOracle, SlidingAggregationByHand) {
  const auto got = oracle_aggregate(agg_stream(), sliding(2 * kS, kS));
  const std::vector<AggregateResult> want = {
      {-kS, 1, 2, 750, 900 * kMs},       // [-1 s, 1 s)
      {-kS, 2, 1, 300, 200 * kMs},
      {0, 1, 3, 1750, 1000 * kMs},       // [0, 2 s)
      {0, 2, 2, 399, 1500 * kMs},
      {kS, 1, 1, 1000, 1000 * kMs},      // [1 s, 3 s)
      {kS, 2, 1, 99, 1500 * kMs}};
  ASSERT_EQ(got, want);
  EXPECT_NEAR(got[2].average_cents(), 1750.0 / 3, 1e-12);
  EXPECT_DOUBLE_EQ(got[3].average_cents(), 199.5);
}

TEST(StreamOracle, JoinByHand) {
  const std::vector<Event> events = {
      purchase(300, 7, 1, 10), ad(500, 7, 1),  purchase(100, 7, 1, 20),  // 2 x 1, max 500 ms
      purchase(200, 7, 2, 30),                                          // no ad: no output
      ad(50, 8, 1),            purchase(950, 8, 1, 40),                 // 1 x 1, max 950 ms
      ad(1100, 7, 1),                                                   // no purchase in w1
      ad(1400, 8, 1),          purchase(1200, 8, 1, 50), ad(1300, 8, 1),  // 1 x 2, max 1400
      purchase(1999, 9, 3, 60), ad(2000, 9, 3)};                        // different windows
  const auto got = oracle_join(events, tumbling(kS));
  const std::vector<JoinResult> want = {{0, 7, 1, 2, 1, 2, 500 * kMs},
                                        {0, 8, 1, 1, 1, 1, 950 * kMs},
                                        {kS, 8, 1, 1, 2, 2, 1400 * kMs}};
  EXPECT_EQ(got, want);

  // Sliding 2 s / 1 s: the (9, 3) pair now shares window [1 s, 3 s).
  const auto slid = oracle_join(events, sliding(2 * kS, kS));
  const auto it = std::find_if(slid.begin(), slid.end(), [](const JoinResult& r) {
    return r.user == 9 && r.product == 3;
  });
  ASSERT_NE(it, slid.end());
  EXPECT_EQ(it->window_start_ns, kS);
  EXPECT_EQ(it->pairs, 1u);
  EXPECT_EQ(it->max_event_time_ns, 2000 * kMs);
}

TEST(StreamOracle, JoinMatchesBruteForceOnAGeneratedStream) {
  WorkloadSpec spec;
  spec.seed = 77;
  spec.mix = EventMix::purchases_and_ads;
  spec.ad_share = 0.4;
  spec.users = KeyDistSpec{KeyDistKind::uniform, 6, 1.0, 0.0};
  spec.products = KeyDistSpec{KeyDistKind::zipf, 4, 1.0, 0.0};
  spec.rate = RateSchedule::square_wave(200, 1000, kS);
  const auto events = generate(spec, 3000);
  const WindowSpec w = tumbling(250 * kMs);

  // Every (purchase, ad) pair on the same key in the same window, counted one by one.
  std::map<std::tuple<std::int64_t, std::uint32_t, std::uint32_t>, std::pair<std::uint64_t, std::int64_t>> pairs;
  for (const Event& p : events) {
    if (p.kind != EventKind::purchase) continue;
    for (const Event& a : events) {
      if (a.kind != EventKind::ad || a.user != p.user || a.product != p.product) continue;
      const std::int64_t wp = floor_div(p.event_time_ns, w.size_ns);
      if (wp != floor_div(a.event_time_ns, w.size_ns)) continue;
      auto& [n, max_t] = pairs[{wp * w.size_ns, p.user, p.product}];
      ++n;
      max_t = std::max({max_t, p.event_time_ns, a.event_time_ns});
    }
  }
  const auto got = oracle_join(events, w);
  ASSERT_EQ(got.size(), pairs.size());
  std::size_t i = 0;
  for (const auto& [key, v] : pairs) {
    EXPECT_EQ(std::tie(got[i].window_start_ns, got[i].user, got[i].product), key);
    EXPECT_EQ(got[i].pairs, v.first);
    EXPECT_EQ(got[i].max_event_time_ns, v.second);
    ++i;
  }
}

TEST(StreamOracle, AggregationTotalsOnAGeneratedStream) {
  WorkloadSpec spec;
  spec.seed = 5;
  spec.mix = EventMix::purchases_and_ads;
  spec.ad_share = 0.3;
  spec.products = KeyDistSpec{KeyDistKind::hot_key, 50, 1.0, 0.5};
  spec.rate = RateSchedule::constant(10'000);
  spec.duration_ns = 10 * kS;
  const auto events = generate(spec, 1'000'000);
  ASSERT_EQ(events.size(), 100'000u);
  std::uint64_t purchases = 0;
  std::uint64_t cents = 0;
  for (const Event& e : events) {
    if (e.kind == EventKind::purchase) {
      ++purchases;
      cents += e.price_cents;
    }
  }
  for (const std::int64_t per : {std::int64_t{1}, std::int64_t{2}}) {  // tumbling, then 8 s / 4 s
    const auto got = oracle_aggregate(events, per == 1 ? tumbling(kS) : sliding(8 * kS, 4 * kS));
    std::uint64_t n = 0;
    std::uint64_t sum = 0;
    for (const auto& r : got) {
      n += r.count;
      sum += r.sum_cents;
    }
    EXPECT_EQ(n, purchases * static_cast<std::uint64_t>(per));  // each purchase in size/slide windows
    EXPECT_EQ(sum, cents * static_cast<std::uint64_t>(per));
    EXPECT_TRUE(std::is_sorted(got.begin(), got.end(),
                               [](const auto& a, const auto& b) { return result_less(a, b); }));
  }
}

TEST(StreamOracle, BadWindowThrows) {
  EXPECT_THROW(oracle_aggregate(agg_stream(), WindowSpec{0, 0}), std::invalid_argument);
  EXPECT_THROW(oracle_join(agg_stream(), WindowSpec{10, 3}), std::invalid_argument);
}

// ---- comparison ----

TEST(StreamCompare, IdenticalAndShuffledResultsMatch) {
  const auto want = oracle_aggregate(agg_stream(), sliding(2 * kS, kS));
  auto sut = want;
  std::reverse(sut.begin(), sut.end());
  const Comparison c = compare(want, sut);
  EXPECT_TRUE(c.ok) << c.first_mismatch;
  EXPECT_EQ(c.matched, want.size());
  EXPECT_TRUE(c.first_mismatch.empty());
}

TEST(StreamCompare, FindsAPlantedSumMismatch) {
  const auto want = oracle_aggregate(agg_stream(), tumbling(kS));
  auto sut = want;
  sut[0].sum_cents += 1;
  const Comparison c = compare(want, sut);
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.matched, 0u);
  EXPECT_EQ(c.first_mismatch, "window starting at 0 ns, product 1: sum_cents expected 750, got 751");
}

TEST(StreamCompare, FindsAWrongOutputEventTime) {
  const auto want = oracle_aggregate(agg_stream(), tumbling(kS));
  auto sut = want;
  sut[2].max_event_time_ns = 0;  // e.g. a SUT stamping the window start instead of the max
  const Comparison c = compare(want, sut);
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.matched, 2u);
  EXPECT_TRUE(has_substr(c.first_mismatch, "product 1: max event time (ns) expected 1000000000, got 0"))
      << c.first_mismatch;
}

TEST(StreamCompare, FindsMissingUnexpectedAndDuplicateResults) {
  const auto want = oracle_aggregate(agg_stream(), tumbling(kS));
  auto missing = want;
  missing.erase(missing.begin() + 1);
  Comparison c = compare(want, missing);
  EXPECT_FALSE(c.ok);
  EXPECT_TRUE(has_substr(c.first_mismatch, "missing result for window starting at 0 ns, product 2"))
      << c.first_mismatch;

  auto extra = want;
  extra.push_back(AggregateResult{kS, 9, 1, 5, kS});
  c = compare(want, extra);
  EXPECT_FALSE(c.ok);
  EXPECT_TRUE(has_substr(c.first_mismatch, "unexpected result from the SUT for window starting at "
                                           "1000000000 ns, product 9"))
      << c.first_mismatch;

  auto dup = want;
  dup.push_back(want[3]);
  c = compare(want, dup);
  EXPECT_FALSE(c.ok);
  EXPECT_TRUE(has_substr(c.first_mismatch, "duplicate")) << c.first_mismatch;

  c = compare(want, std::vector<AggregateResult>{});
  EXPECT_FALSE(c.ok);
  EXPECT_TRUE(has_substr(c.first_mismatch, "missing")) << c.first_mismatch;
}

TEST(StreamCompare, FindsAPlantedJoinMismatch) {
  const std::vector<Event> events = {purchase(100, 7, 1, 10), ad(500, 7, 1), purchase(300, 7, 1, 20),
                                     purchase(1200, 8, 1, 50), ad(1300, 8, 1)};
  const auto want = oracle_join(events, tumbling(kS));
  ASSERT_EQ(want.size(), 2u);
  EXPECT_TRUE(compare(want, want).ok);
  auto sut = want;
  sut[1].pairs = 3;
  const Comparison c = compare(want, sut);
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.matched, 1u);
  EXPECT_EQ(c.first_mismatch,
            "window starting at 1000000000 ns, user 8, product 1: joined pairs expected 1, got 3");
}

}  // namespace
}  // namespace tare::stream

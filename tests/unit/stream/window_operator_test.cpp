// One worker's window state: its outputs equal the oracle's on generated workloads (through
// the fields the wire carries), windows fire when the watermark passes their end and in
// (window, key) order, flush ends the stream, and route() keeps a key on one worker.
#include "stream/suts/window_operator.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "stream/workload/oracle.hpp"
#include "stream/trials/verify.hpp"
#include "fixtures.hpp"

namespace tare::stream {
namespace {

using testing::kMs;

using testing::mixed_workload;

// Runs the events through `workers` operators as the SUT does (route(), watermark after
// every batch of 500 events, flush at the end); ingest time = the event's index.
std::vector<Output> run_operators(const std::vector<Event>& events, Query query, const WindowSpec& window,
                                  std::size_t workers) {
  std::vector<WindowOperator> operators(workers, WindowOperator(query, window));
  std::vector<Output> outputs;
  for (std::size_t i = 0; i < events.size(); ++i) {
    operators[route(events[i], query, workers)].add(events[i], static_cast<std::int64_t>(i));
    if ((i + 1) % 500 == 0)
      for (auto& op : operators) op.advance_watermark(events[i].event_time_ns, outputs);
  }
  for (auto& op : operators) {
    op.flush(outputs);
    EXPECT_EQ(op.open_windows(), 0u);
    EXPECT_EQ(op.late_events(), 0u);
  }
  return outputs;
}

void expect_ingest_of_max_input(const std::vector<Output>& outputs, const std::vector<Event>& events) {
  for (const Output& o : outputs) {
    ASSERT_GE(o.ingest_time_ns, 0);
    ASSERT_LT(o.ingest_time_ns, static_cast<std::int64_t>(events.size()));
    EXPECT_EQ(events[static_cast<std::size_t>(o.ingest_time_ns)].event_time_ns, o.max_event_time_ns);
    EXPECT_EQ(o.emit_time_ns, 0);
  }
}

struct Case {
  const char* name;
  WindowSpec window;
  std::size_t workers;
};

const Case kCases[] = {
    {"tumbling, 1 worker", WindowSpec{50 * kMs, 50 * kMs}, 1},
    {"tumbling, 3 workers", WindowSpec{50 * kMs, 50 * kMs}, 3},
    {"sliding, 2 workers", WindowSpec{60 * kMs, 20 * kMs}, 2},
};

// Every case and seed: the operators' outputs equal the oracle's, each carrying the ingest
// of its largest input. Few keys for the join, so that purchases meet ads.
void expect_every_output_matches_the_oracle(Query query, std::uint32_t users, std::uint32_t products) {
  for (const Case& c : kCases) {
    for (std::uint64_t seed : {1u, 2u, 3u}) {
      SCOPED_TRACE(std::string(c.name) + ", seed " + std::to_string(seed));
      const auto events = generate(mixed_workload(seed, users, products), 10'000);
      const auto outputs = run_operators(events, query, c.window, c.workers);
      const Comparison result = verify_outputs(query, c.window, events, outputs);
      EXPECT_TRUE(result.ok) << result.first_mismatch;
      EXPECT_GT(result.matched, 100u);
      expect_ingest_of_max_input(outputs, events);
    }
  }
}

TEST(WindowOperator, AggregationMatchesTheOracle) { expect_every_output_matches_the_oracle(Query::aggregate, 1000, 40); }

TEST(WindowOperator, JoinMatchesTheOracle) { expect_every_output_matches_the_oracle(Query::join, 30, 10); }

TEST(WindowOperator, IdentityPassesEveryEventOnce) { expect_every_output_matches_the_oracle(Query::identity, 30, 10); }

// The identity check names the first event that went wrong, and how.
TEST(WindowOperator, IdentityCheckNamesAMissingADuplicateAndAnUnexpectedOutput) {
  const std::vector<Event> events{Event{10, EventKind::purchase, 1, 2, 300}, Event{20, EventKind::purchase, 3, 4, 500}};
  std::vector<Output> outputs{identity_output(events[0], 0), identity_output(events[1], 0)};
  EXPECT_TRUE(verify_outputs(Query::identity, WindowSpec{10, 10}, events, outputs).ok);

  auto missing = outputs;
  missing.pop_back();
  const Comparison lost = verify_outputs(Query::identity, WindowSpec{10, 10}, events, missing);
  EXPECT_FALSE(lost.ok);
  EXPECT_EQ(lost.matched, 1u);
  EXPECT_EQ(lost.first_mismatch, "a missing output: event at 20 ns (user 3, product 4, price 500) never came out");

  auto twice = outputs;
  twice.push_back(outputs[0]);
  EXPECT_EQ(verify_outputs(Query::identity, WindowSpec{10, 10}, events, twice).first_mismatch,
            "a duplicate output: event at 10 ns (user 1, product 2, price 300) came out twice");

  auto changed = outputs;
  changed[1].value = 501;
  EXPECT_EQ(verify_outputs(Query::identity, WindowSpec{10, 10}, events, changed).first_mismatch,
            "a missing output: event at 20 ns (user 3, product 4, price 500) never came out");
  changed[1].value = 499;
  EXPECT_EQ(verify_outputs(Query::identity, WindowSpec{10, 10}, events, changed).first_mismatch,
            "an unexpected output: event at 20 ns (user 3, product 4, price 499) is no event of the run");
}

// With a cool-down from `until`, only the windows ending by then (identity: the events before
// then) are compared: the cool-down's outputs may be missing, and are not judged if there.
TEST(WindowOperator, TheCheckStopsAtTheCooldown) {
  const auto events = generate(mixed_workload(7, 1000, 40), 10'000);
  const std::int64_t until = events[events.size() / 2].event_time_ns;
  const WindowSpec window{50 * kMs, 50 * kMs};
  for (const Query query : {Query::aggregate, Query::identity}) {
    SCOPED_TRACE(query_name(query));
    auto outputs = run_operators(events, query, window, 2);
    const auto after_until = [&](const Output& o) {
      return query == Query::identity ? o.max_event_time_ns >= until : o.window_start_ns + window.size_ns > until;
    };
    std::erase_if(outputs, after_until);
    EXPECT_FALSE(verify_outputs(query, window, events, outputs).ok) << "the cool-down's outputs are missing";
    const Comparison judged = verify_outputs(query, window, events, outputs, until);
    EXPECT_TRUE(judged.ok) << judged.first_mismatch;
    EXPECT_EQ(judged.matched, outputs.size());
    outputs.front().value += 1;
    EXPECT_FALSE(verify_outputs(query, window, events, outputs, until).ok) << "a measured output that is wrong";
  }
}

Event purchase_at_ns(std::int64_t t, std::uint32_t user, std::uint32_t product, std::uint32_t price) {
  return Event{t, EventKind::purchase, user, product, price};
}
Event ad_at_ns(std::int64_t t, std::uint32_t user, std::uint32_t product) {
  return Event{t, EventKind::ad, user, product, 0};
}

TEST(WindowOperator, FiresWindowsWhoseEndTheWatermarkPassedInWindowThenKeyOrder) {
  WindowOperator op(Query::aggregate, WindowSpec{10, 10});
  op.add(purchase_at_ns(25, 0, 9, 1), 0);
  op.add(purchase_at_ns(3, 0, 7, 100), 0);
  op.add(purchase_at_ns(4, 0, 2, 10), 0);
  op.add(purchase_at_ns(12, 0, 5, 1000), 0);
  op.add(purchase_at_ns(9, 0, 7, 1), 0);
  std::vector<Output> out;
  op.advance_watermark(9, out);
  EXPECT_TRUE(out.empty());  // window [0, 10) still takes events at 9
  op.advance_watermark(10, out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].window_start_ns, 0);
  EXPECT_EQ(out[0].key, 2u);
  EXPECT_EQ(out[0].value, 10);
  EXPECT_EQ(out[1].key, 7u);
  EXPECT_EQ(out[1].value, 101);
  EXPECT_EQ(out[1].max_event_time_ns, 9);
  EXPECT_EQ(op.open_windows(), 2u);

  out.clear();
  op.advance_watermark(5, out);  // a watermark never goes back
  EXPECT_EQ(op.watermark(), 10);
  op.advance_watermark(30, out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].window_start_ns, 10);
  EXPECT_EQ(out[1].window_start_ns, 20);
  EXPECT_EQ(op.open_windows(), 0u);
}

TEST(WindowOperator, FlushFiresEveryOpenWindowAndLaterEventsAreLate) {
  WindowOperator op(Query::aggregate, WindowSpec{10, 5});  // sliding: each event in 2 windows
  op.add(purchase_at_ns(7, 0, 1, 3), 0);
  std::vector<Output> out;
  op.flush(out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].window_start_ns, 0);
  EXPECT_EQ(out[1].window_start_ns, 5);
  EXPECT_EQ(op.open_windows(), 0u);
  op.add(purchase_at_ns(8, 0, 1, 3), 0);
  EXPECT_EQ(op.late_events(), 1u);
  EXPECT_EQ(op.open_windows(), 0u);
}

TEST(WindowOperator, AnEventAfterTheWatermarkPassedOneOfItsWindowsJoinsOnlyTheOpenOnes) {
  WindowOperator op(Query::aggregate, WindowSpec{10, 5});
  std::vector<Output> out;
  op.advance_watermark(10, out);
  op.add(purchase_at_ns(7, 0, 1, 3), 0);  // windows [0, 10) (fired) and [5, 15)
  EXPECT_EQ(op.late_events(), 1u);
  op.flush(out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].window_start_ns, 5);
}

TEST(WindowOperator, AggregationIgnoresAdsAndTakesTheIngestOfTheLatestInput) {
  WindowOperator op(Query::aggregate, WindowSpec{100, 100});
  op.add(purchase_at_ns(5, 1, 3, 10), 500);   // the latest event time ...
  op.add(purchase_at_ns(2, 1, 3, 20), 900);   // ... not the latest ingest
  op.add(ad_at_ns(50, 1, 3), 950);            // ads carry no price
  op.add(purchase_at_ns(5, 2, 3, 30), 700);   // tied on event time: the later ingest counts
  std::vector<Output> out;
  op.flush(out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].value, 60);
  EXPECT_EQ(out[0].max_event_time_ns, 5);
  EXPECT_EQ(out[0].ingest_time_ns, 700);
  EXPECT_EQ(out[0].key, 3u);
}

TEST(WindowOperator, JoinNeedsBothSidesAndCountsPairs) {
  WindowOperator op(Query::join, WindowSpec{100, 100});
  op.add(purchase_at_ns(1, 7, 3, 10), 10);
  op.add(purchase_at_ns(2, 7, 3, 10), 20);
  op.add(ad_at_ns(40, 7, 3), 30);
  op.add(ad_at_ns(30, 7, 3), 40);
  op.add(ad_at_ns(35, 7, 3), 50);
  op.add(purchase_at_ns(5, 8, 3, 10), 60);  // user 8: no ad
  op.add(ad_at_ns(6, 7, 4), 70);            // product 4: no purchase
  std::vector<Output> out;
  op.flush(out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].key, join_key(7, 3));
  EXPECT_EQ(out[0].key, (std::uint64_t{7} << 32) | 3);
  EXPECT_EQ(out[0].value, 6);
  EXPECT_EQ(out[0].max_event_time_ns, 40);  // an ad's
  EXPECT_EQ(out[0].ingest_time_ns, 30);
}

TEST(WindowOperator, RejectsWindowsBeyondItsLimits) {
  EXPECT_THROW(WindowOperator(Query::aggregate, WindowSpec{10, 20}), std::invalid_argument);
  EXPECT_THROW(WindowOperator(Query::aggregate, WindowSpec{2048, 1}), std::invalid_argument);
  const std::int64_t too_long = kMaxEventTimeNs * 2;
  EXPECT_THROW(WindowOperator(Query::join, WindowSpec{too_long, too_long}), std::invalid_argument);
  EXPECT_NO_THROW(WindowOperator(Query::join, WindowSpec{1024, 1}));
  EXPECT_NO_THROW(WindowOperator(Query::join, WindowSpec{kMaxEventTimeNs, kMaxEventTimeNs}));
}

TEST(Route, KeepsAKeyOnOneWorkerAndSpreadsKeys) {
  constexpr std::size_t kWorkers = 4;
  std::vector<std::size_t> per_worker(kWorkers);
  for (std::uint32_t product = 0; product < 1000; ++product) {
    const std::size_t w = route(purchase_at_ns(0, 1, product, 1), Query::aggregate, kWorkers);
    ASSERT_LT(w, kWorkers);
    ++per_worker[w];
    // The aggregation ignores the user and the kind; the join does not ignore the user.
    EXPECT_EQ(route(ad_at_ns(99, 12345, product), Query::aggregate, kWorkers), w);
  }
  for (std::size_t count : per_worker) {
    EXPECT_GT(count, 200u);
    EXPECT_LT(count, 300u);
  }
  std::set<std::size_t> join_workers;
  for (std::uint32_t user = 0; user < 100; ++user) {
    const std::size_t w = route(purchase_at_ns(0, user, 5, 1), Query::join, kWorkers);
    EXPECT_EQ(route(ad_at_ns(7, user, 5), Query::join, kWorkers), w);
    join_workers.insert(w);
  }
  EXPECT_EQ(join_workers.size(), kWorkers);
  EXPECT_EQ(route(purchase_at_ns(0, 1, 2, 3), Query::join, 1), 0u);
}

}  // namespace
}  // namespace tare::stream

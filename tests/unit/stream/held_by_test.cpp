// Which part held a trial through a broker back (held_by.hpp), on evidence made to show
// each case: a late driver, a broker that refused events or kept the producer's queue full,
// a SUT whose group fell behind, and, when the rate held, where the events spent their time.
#include "stream/verdict/held_by.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace tare::stream {
namespace {

constexpr double kBlameMs = 1e6;

TrialVerdict blame_verdict(Verdict v) {
  TrialVerdict verdict;
  verdict.verdict = v;
  verdict.lateness_limit_ns = 5 * kBlameMs;
  return verdict;
}

// A trial that kept its rate: 2 s, events 20 ms end to end of which the SUT held 1 ms.
BrokerEvidence calm_broker_trial() {
  BrokerEvidence e;
  e.window_ns = 2000 * kBlameMs;
  e.produce_latency_mean_ns = 3 * kBlameMs;
  e.event_time_p50_ns = 20 * kBlameMs;
  e.processing_time_p50_ns = 1 * kBlameMs;
  e.lateness_p99_ns = 0.05 * kBlameMs;
  return e;
}

TEST(HeldBy, ALateDriverIsBlamedWhateverElse) {
  BrokerEvidence e = calm_broker_trial();
  e.lateness_p99_ns = 40 * kBlameMs;
  e.queue_full_ns = 1000 * kBlameMs;
  const Blame blame = held_by(blame_verdict(Verdict::invalid), e);
  EXPECT_EQ(blame.part, HeldBy::driver);
  EXPECT_NE(blame.reason.find("lateness p99 40 ms"), std::string::npos) << blame.reason;
}

TEST(HeldBy, RefusedEventsOrAFullProducerQueueBlameTheBroker) {
  BrokerEvidence refused = calm_broker_trial();
  refused.delivery_failures = 3;
  EXPECT_EQ(held_by(blame_verdict(Verdict::unsustainable), refused).part, HeldBy::broker);

  BrokerEvidence full = calm_broker_trial();
  full.queue_full_ns = 0.2 * full.window_ns;  // a fifth of the time
  const Blame blame = held_by(blame_verdict(Verdict::unsustainable), full);
  EXPECT_EQ(blame.part, HeldBy::broker);
  EXPECT_NE(blame.reason.find("full 20% of the time"), std::string::npos) << blame.reason;

  BrokerEvidence briefly = calm_broker_trial();  // under kQueueFullShare: not the broker's doing
  briefly.queue_full_ns = 0.01 * briefly.window_ns;
  EXPECT_EQ(held_by(blame_verdict(Verdict::unsustainable), briefly).part, HeldBy::sut);
}

TEST(HeldBy, AGrowingLagWithTheBrokerKeepingUpBlamesTheSut) {
  const Blame blame = held_by(blame_verdict(Verdict::unsustainable), calm_broker_trial());
  EXPECT_EQ(blame.part, HeldBy::sut);
  EXPECT_NE(blame.reason.find("fell behind"), std::string::npos) << blame.reason;

  BrokerEvidence at_capacity = calm_broker_trial();  // a model SUT taking all it can
  at_capacity.sut_capacity_per_s = 2000;
  at_capacity.taken_per_s = 1990;
  EXPECT_EQ(held_by(blame_verdict(Verdict::unsustainable), at_capacity).part, HeldBy::sut);
}

// A SUT of known capacity that took far less than it could was waiting for its records.
TEST(HeldBy, AGrowingLagUnderTheSutsCapacityBlamesTheBroker) {
  BrokerEvidence starved = calm_broker_trial();
  starved.sut_capacity_per_s = 2000;
  starved.taken_per_s = 120;
  Blame blame = held_by(blame_verdict(Verdict::unsustainable), starved);
  EXPECT_EQ(blame.part, HeldBy::broker);
  EXPECT_NE(blame.reason.find("taking 120/s, under its capacity (2000/s)"), std::string::npos) << blame.reason;

  starved.sut_capacity_per_s = std::numeric_limits<double>::infinity();  // no per-event cost
  blame = held_by(blame_verdict(Verdict::unsustainable), starved);
  EXPECT_EQ(blame.part, HeldBy::broker);
  EXPECT_NE(blame.reason.find("capacity (unbounded)"), std::string::npos) << blame.reason;
}

TEST(HeldBy, WhenTheRateHeldThePartWhereEventsSpentMostTimeIsNamed) {
  const Blame through_broker = held_by(blame_verdict(Verdict::sustainable), calm_broker_trial());
  EXPECT_EQ(through_broker.part, HeldBy::broker);
  EXPECT_NE(through_broker.reason.find("19 ms of the event-time p50 20 ms"), std::string::npos) << through_broker.reason;

  BrokerEvidence slow_sut = calm_broker_trial();
  slow_sut.processing_time_p50_ns = 15 * kBlameMs;
  EXPECT_EQ(held_by(blame_verdict(Verdict::sustainable), slow_sut).part, HeldBy::sut);
}

}  // namespace
}  // namespace tare::stream

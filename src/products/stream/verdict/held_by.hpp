// Which part held a trial through a broker (Kafka) back: the driver, the broker or the SUT.
// Pure: read from what the driver measured, after the verdict.
//
//  1. the driver, when it fell behind its own schedule (the verdict's lateness rule): the
//     load was not what the schedule says;
//  2. the broker, when it refused events, or when the producer's queue was full for at
//     least kQueueFullShare of the measured window (events waited in the driver's queue
//     because the broker acknowledged them slower than they were offered);
//  3. when the trial was unsustainable otherwise (what grew was the SUT group's lag): the
//     broker when the SUT's capacity is known (tare's model SUT) and it took events at less
//     than kUnderCapacity of it (it waited for records: a broker slow to hand them out),
//     else the SUT;
//  4. otherwise (the rate held), the part where the events spent most of their time: the
//     SUT's processing time (ingest to emit, on its clock) against the rest of the
//     event-time latency (the way through the broker and back), both medians.
#pragma once

#include <string>

#include "stream/verdict/trial_verdict.hpp"

namespace tare::stream {

enum class HeldBy { driver, broker, sut };
const char* held_by_name(HeldBy part) noexcept;

inline constexpr double kQueueFullShare = 0.05;
inline constexpr double kUnderCapacity = 0.9;

struct BrokerEvidence {
  double window_ns = 0;                 ///< the measured window's length
  double queue_full_ns = 0;             ///< time the producer's queue had no room
  double delivery_failures = 0;
  double produce_latency_mean_ns = 0;   ///< handing an event over to its acknowledgement
  double event_time_p50_ns = 0;         ///< over the measured window
  double processing_time_p50_ns = 0;    ///< 0 when the SUT reports no clock readings
  double lateness_p99_ns = 0;
  double taken_per_s = 0;               ///< what the SUT's group took over the measured window
  double sut_capacity_per_s = -1;       ///< the SUT's capacity when known (infinite: no cost); < 0 unknown
};

struct Blame {
  HeldBy part = HeldBy::sut;
  std::string reason;  ///< in words, with the figures
};

Blame held_by(const TrialVerdict& verdict, const BrokerEvidence& evidence);

}  // namespace tare::stream

// The Kafka transport (stream/transport/transport.hpp): the driver produces its events to an
// input topic and consumes the SUT's outputs from an output topic; the SUT is a consumer
// group of the user's (or tare's model SUT), reading the input topic and writing the output
// topic, with nothing else between them and the driver.
//
//  * room(): what the producer's queue takes (kMaxQueued records, less those not yet
//    delivered); send() produces each event as a record (kafka_records.hpp) keyed by the
//    workload's key, its value carrying the due time.
//  * receive(): the output topic from where it ended when the link opened (earlier records
//    are another run's), read by a consumer of a group of the driver's own.
//  * taken(): what the SUT's group has committed on the input topic since the link opened,
//    read by a thread of its own every kLagPollMs on a separate handle, so the driver's loop
//    never waits for a broker: the backlog is the consumer lag plus the driver's queue.
//  * done(): after end(), once every event is delivered and committed by the SUT's group,
//    and (identity) every event has come back, or (other queries, whose output count only
//    the oracle knows) no output has come for kQuietNs. A run without a drain (a search
//    trial) does not wait for it (waits_for_done_without_drain()).
//  * flush(): serves the producer's delivery reports: a refused record, or every broker
//    down for kBrokersGoneNs, ends the run (NetError).
//  * broker_counters(): what the producer saw (acknowledgement latency, time its queue was
//    full, refused records), for telling a slow broker from a slow SUT.
//
// One generator only: the group's committed offsets are the whole run's, not a link's.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "stream/kafka/kafka_client.hpp"
#include "stream/kafka/kafka_records.hpp"
#include "stream/kafka/mock_cluster.hpp"
#include "stream/transport/transport.hpp"

namespace tare::stream {

/// Records not yet delivered that the producer queue holds at most.
inline constexpr std::uint64_t kMaxQueued = 50'000;
/// Every broker down this long (librdkafka retrying in vain) ends the run.
inline constexpr std::int64_t kBrokersGoneNs = 2'000'000'000;
/// How often the SUT group's committed offsets are read.
inline constexpr int kLagPollMs = 10;
/// Non-identity queries: after end() and everything committed, this long without an output
/// and the SUT is taken to be done.
inline constexpr std::int64_t kQuietNs = 1'000'000'000;

class KafkaTransport final : public Transport {
 public:
  /// Checks each property of settings.conf with librdkafka (KafkaError naming the bad one).
  explicit KafkaTransport(KafkaSettings settings);
  /// Source 0 only (one generator). Connects, finds the topics' partitions and where they
  /// end (blocking, up to 10 s): NetError when the cluster cannot be reached.
  std::unique_ptr<SourceLink> open(std::uint32_t source, const RunDescription& run) override;

 private:
  KafkaSettings settings_;
};

}  // namespace tare::stream

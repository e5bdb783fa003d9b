// The model SUT over Kafka (`tare stream sut --kafka`): the same engine as over TCP
// (stream/suts/model_sut.hpp: the window operator, its workers and their per-event cost,
// stalls and slow start), reading its events from a Kafka topic and writing its outputs to
// another, as a consumer group whose committed offsets say what it has taken.
//
//  * It reads every partition of the input topic from where each ends when it starts (an
//    earlier run's records are not its run's), assigned to it directly (no group
//    rebalance to wait for), and commits, in its group, the offsets of the events it has
//    served, every kCommitEveryMs: the driver's backlog is what the group has not committed.
//    It says it is ready once a fetch of every partition has come back.
//  * One thread serves the workers: each is a FIFO server on the SUT's clock (an event's
//    service starts at its ingest or when its worker is free, and takes the cost), so
//    capacity = 1 / (cost x the busiest worker's share), as over TCP; the thread stops
//    reading while a worker is more than a millisecond behind, as a full queue stops a source.
//  * Watermark: a partition's records are in event-time order (the driver produces in order),
//    so the watermark is the least, over the partitions, of the latest event time read from
//    each; a partition that has had no event yet holds it back.
//  * A run's end: Kafka has no end of stream. Once every partition has been read to its end
//    and nothing came for kIdleFlushMs, the run is over: every open window fires, the run's
//    state is dropped and one "run over: ..." line is logged; later records start a new run.
//  * Outputs are produced keyed by their key, each stamped with its emit time as it is produced.
#pragma once

#include <atomic>
#include <functional>
#include <string>

#include "stream/kafka/kafka_client.hpp"
#include "stream/suts/model_sut.hpp"
#include "stream/transport/run_description.hpp"

namespace tare::stream {

inline constexpr int kCommitEveryMs = 5;
inline constexpr int kIdleFlushMs = 500;

struct KafkaSutSettings {
  KafkaSettings kafka;
  Query query = Query::aggregate;
  WindowSpec window;
};

/// Validates (std::invalid_argument), connects and places itself at the input topic's ends
/// (NetError naming the topic when it cannot), then calls `on_ready` with a description of
/// where it reads and serves until `stop` is set. Problems with records or the broker go to
/// `log`, one line each; a broker that goes away is retried by librdkafka.
void run_kafka_model_sut(const SutOptions& options, const KafkaSutSettings& settings, const std::atomic<bool>& stop,
                         const std::function<void(const std::string&)>& on_ready,
                         const std::function<void(const std::string&)>& log);

}  // namespace tare::stream

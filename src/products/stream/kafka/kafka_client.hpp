// What tare's Kafka clients share: a handle made from the user's settings (their librdkafka
// properties first, then what tare needs), and the look-ups of a topic's partitions and
// where they end. Used by the transport (the driver's side) and the model SUT over Kafka.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "stream/kafka/kafka_records.hpp"

struct rd_kafka_s;
struct rd_kafka_conf_s;
struct rd_kafka_message_s;
struct rd_kafka_topic_partition_list_s;

namespace tare::stream {

struct KafkaSettings {
  std::string bootstrap;  ///< bootstrap.servers
  std::string in_topic, out_topic;
  std::string group;      ///< the SUT's consumer group on in_topic (its lag is the backlog)
  RecordFormat format = RecordFormat::binary;
  /// librdkafka properties for every handle tare opens (e.g. security settings).
  std::vector<std::pair<std::string, std::string>> conf;
};

using KafkaProperties = std::vector<std::pair<std::string, std::string>>;

struct KafkaHandleDeleter {
  void operator()(rd_kafka_s* handle) const;
};
using KafkaHandle = std::unique_ptr<rd_kafka_s, KafkaHandleDeleter>;

enum class KafkaClientType { producer, consumer };
using DeliveryCallback = void (*)(rd_kafka_s*, const rd_kafka_message_s*, void*);
using ErrorCallback = void (*)(rd_kafka_s*, int error, const char* reason, void*);

/// Consumers' fetch.wait.max.ms unless the user's properties say otherwise.
inline constexpr int kFetchWaitMs = 5;

/// A client with settings.conf, then `own` (what tare needs it to do). KafkaError naming a
/// bad property or why librdkafka refused.
KafkaHandle new_kafka_handle(KafkaClientType type, const KafkaSettings& settings, const KafkaProperties& own,
                             void* opaque = nullptr, DeliveryCallback delivered = nullptr,
                             ErrorCallback on_error = nullptr);

/// How long the look-ups below wait for the cluster.
inline constexpr int kKafkaMetadataTimeoutMs = 10'000;

/// A topic the cluster says it does not have is waited for this long (it may be being created).
inline constexpr int kMissingTopicWaitMs = 2'000;

/// The partition count of `topic`, from the cluster's metadata (which never creates it):
/// NetError naming the topic when the cluster does not have it within kMissingTopicWaitMs,
/// or does not answer within kKafkaMetadataTimeoutMs.
int kafka_partition_count(rd_kafka_s* handle, const std::string& topic);
/// Where each partition of `topic` ends now (NetError when the cluster cannot say).
std::vector<std::int64_t> kafka_end_offsets(rd_kafka_s* handle, const std::string& topic);
/// A list of `topic`'s partitions 0..N-1 with these offsets (the caller destroys it).
rd_kafka_topic_partition_list_s* kafka_partitions_of(const std::string& topic, const std::vector<std::int64_t>& offsets);

}  // namespace tare::stream

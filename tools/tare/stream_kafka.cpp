#include "tools/tare/stream_kafka.hpp"

#include <CLI/CLI.hpp>

#include "input/usage_error.hpp"
#include "tools/tare/stream_broker.hpp"
#if TARE_HAVE_KAFKA
#include "stream/kafka/kafka_transport.hpp"
#endif

namespace tare::tool {
namespace {

#if TARE_HAVE_KAFKA
std::vector<std::pair<std::string, std::string>> properties(const std::vector<std::string>& conf) {
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& item : conf) {
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) throw input::UsageError("--kafka-conf " + item + ": expected key=value");
    pairs.emplace_back(item.substr(0, eq), item.substr(eq + 1));
  }
  return pairs;
}

stream::KafkaSettings kafka_settings(const KafkaArgs& args) {
  stream::KafkaSettings settings;
  settings.bootstrap = args.bootstrap;
  settings.in_topic = args.in_topic;
  settings.out_topic = args.out_topic;
  settings.group = args.group;
  try {
    settings.format = stream::parse_record_format(args.format);
  } catch (const std::invalid_argument& e) {
    throw input::UsageError(std::string("--format: ") + e.what());
  }
  settings.conf = properties(args.conf);
  return settings;
}
#endif

}  // namespace

void add_kafka_options(CLI::App* cmd, KafkaArgs& args) {
  cmd->add_option("--kafka", args.bootstrap,
                  "Run over Kafka: the bootstrap servers (HOST:PORT,...) of a cluster where a SUT consumes "
                  "--in-topic in --group and produces to --out-topic");
  cmd->add_option("--in-topic", args.in_topic, "Kafka: the topic the driver produces its events to");
  cmd->add_option("--out-topic", args.out_topic, "Kafka: the topic the driver consumes the SUT's outputs from");
  cmd->add_option("--group", args.group, "Kafka: the SUT's consumer group (its committed offsets give the backlog)");
  cmd->add_option("--kafka-conf", args.conf, "Kafka: a librdkafka property KEY=VALUE for tare's clients (repeatable)");
  cmd->add_option("--format", args.format, "Kafka: record values as binary (the wire's 24/48 bytes) or json")
      ->capture_default_str();
}

bool kafka_chosen(const KafkaArgs& args) {
  if (!args.bootstrap.empty()) return true;
  for (const auto& [flag, given] :
       {std::pair{"--in-topic", !args.in_topic.empty()}, std::pair{"--out-topic", !args.out_topic.empty()},
        std::pair{"--group", !args.group.empty()}, std::pair{"--kafka-conf", !args.conf.empty()},
        std::pair{"--format", args.format != "binary"}})
    if (given) throw input::UsageError(std::string(flag) + " is for Kafka: it needs --kafka");
  return false;
}

void use_kafka(const KafkaArgs& args, stream::TrialSettings& settings, bool sut_given) {
  if (!kafka_built_in()) throw input::UsageError(kNoKafka);
  if (sut_given) throw input::UsageError("--sut and --kafka: a trial reaches its SUT one way");
  for (const auto& [flag, value] : {std::pair{"--in-topic", &args.in_topic}, std::pair{"--out-topic", &args.out_topic},
                                    std::pair{"--group", &args.group}})
    if (value->empty()) throw input::UsageError(std::string(flag) + " is required with --kafka");
  if (args.in_topic == args.out_topic) throw input::UsageError("--in-topic and --out-topic: must be two topics");
  if (settings.driver.run.sources != 1) throw input::UsageError("--generators: --kafka takes one generator");
#if TARE_HAVE_KAFKA
  try {
    settings.transport = std::make_shared<stream::KafkaTransport>(kafka_settings(args));
  } catch (const stream::KafkaError& e) {
    throw input::UsageError(std::string("--kafka-conf: ") + e.what());
  }
  settings.transport_name = kafka_sut_text(args);
  settings.sut_command.clear();
  settings.model_sut.reset();
#endif
}

std::string kafka_sut_text(const KafkaArgs& args) {
  return "Kafka group " + args.group + " at " + args.bootstrap + " (in " + args.in_topic + ", out " + args.out_topic +
         ", " + args.format + ")";
}

}  // namespace tare::tool

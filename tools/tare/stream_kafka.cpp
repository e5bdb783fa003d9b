#include "tools/tare/stream_kafka.hpp"

#include <CLI/CLI.hpp>

#include <iostream>

#include "input/usage_error.hpp"
#include "stream/suts/sut_process.hpp"
#include "tools/tare/stream_broker.hpp"
#include "tools/tare/stream_command.hpp"
#include "tools/tare/stream_options.hpp"
#include "tools/tare/stream_settings.hpp"
#if TARE_HAVE_KAFKA
#include "stream/kafka/kafka_sut.hpp"
#include "stream/kafka/kafka_transport.hpp"
#include "stream/kafka/mock_cluster.hpp"
#include "stream/suts/window_operator.hpp"
#endif

namespace tare::tool {
namespace {

// The cool-down over Kafka, beyond the window's size, unless --cooldown says otherwise.
constexpr std::int64_t kKafkaCooldownNs = 1'000'000'000;

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

void check_kafka_args(const KafkaArgs& args) {
  if (!kafka_built_in()) throw input::UsageError(kNoKafka);
  for (const auto& [flag, value] : {std::pair{"--in-topic", &args.in_topic}, std::pair{"--out-topic", &args.out_topic},
                                    std::pair{"--group", &args.group}})
    if (value->empty()) throw input::UsageError(std::string(flag) + " is required with --kafka");
  if (args.in_topic == args.out_topic) throw input::UsageError("--in-topic and --out-topic: must be two topics");
}

// `executable stream sut --kafka ...` reading the trial's topics with the trial's query.
std::vector<std::string> kafka_model_sut_command(const KafkaArgs& args, const LoadArgs& load,
                                                 const std::string& executable) {
  std::vector<std::string> command = model_sut_command(executable, load.knobs);
  for (const std::string& item : std::vector<std::string>{"--kafka", args.bootstrap, "--in-topic", args.in_topic,
                                                          "--out-topic", args.out_topic, "--group", args.group,
                                                          "--format", args.format, "--query", load.query, "--window",
                                                          load.window})
    command.push_back(item);
  for (const auto& property : args.conf) {
    command.push_back("--kafka-conf");
    command.push_back(property);
  }
  return command;
}

}  // namespace

void add_kafka_options(CLI::App* cmd, KafkaArgs& args, KafkaSide side) {
  const bool driver = side == KafkaSide::driver;
  cmd->add_option("--kafka", args.bootstrap,
                  driver ? "Run over Kafka: the bootstrap servers (HOST:PORT,...); the model SUT is started on "
                           "--in-topic and --out-topic unless --external"
                         : "Serve over Kafka: the bootstrap servers (HOST:PORT,...)");
  cmd->add_option("--in-topic", args.in_topic, "Kafka: the topic of the events");
  cmd->add_option("--out-topic", args.out_topic, "Kafka: the topic of the SUT's outputs");
  cmd->add_option("--group", args.group, "Kafka: the SUT's consumer group (its committed offsets give the backlog)");
  cmd->add_option("--kafka-conf", args.conf, "Kafka: a librdkafka property KEY=VALUE for tare's clients (repeatable)");
  cmd->add_option("--format", args.format, "Kafka: record values as binary (the wire's 24/48 bytes) or json")
      ->capture_default_str();
  if (driver)
    cmd->add_flag("--external", args.external,
                  "Kafka: a SUT of yours already consumes --in-topic in --group and produces to --out-topic "
                  "(tare starts none)");
}

bool kafka_chosen(const KafkaArgs& args) {
  if (!args.bootstrap.empty()) return true;
  for (const auto& [flag, given] :
       {std::pair{"--in-topic", !args.in_topic.empty()}, std::pair{"--out-topic", !args.out_topic.empty()},
        std::pair{"--group", !args.group.empty()}, std::pair{"--kafka-conf", !args.conf.empty()},
        std::pair{"--format", args.format != "binary"}, std::pair{"--external", args.external}})
    if (given) throw input::UsageError(std::string(flag) + " is for Kafka: it needs --kafka");
  return false;
}

void use_kafka(const KafkaArgs& args, const LoadArgs& load, const std::string& executable,
               stream::TrialSettings& settings) {
  check_kafka_args(args);
  if (!load.sut.empty()) throw input::UsageError("--sut and --kafka: a trial reaches its SUT one way");
  if (settings.driver.run.sources != 1) throw input::UsageError("--generators: --kafka takes one generator");
  if (!load.disorder.empty()) throw input::UsageError("--disorder: not over --kafka yet (TCP only)");
#if TARE_HAVE_KAFKA
  try {
    settings.transport = std::make_shared<stream::KafkaTransport>(kafka_settings(args));
  } catch (const stream::KafkaError& e) {
    throw input::UsageError(std::string("--kafka-conf: ") + e.what());
  }
  settings.transport_name = kafka_sut_text(args);
  // Kafka has no end of stream: without a cool-down the last windows fire only when the
  // SUT finds its input idle, and a pipe may hold the last records back.
  if (load.cooldown.empty()) settings.driver.cooldown_ns = settings.driver.run.window.size_ns + kKafkaCooldownNs;
  settings.sut_command.clear();
  if (args.external)
    settings.model_sut.reset();
  else
    settings.sut_command = kafka_model_sut_command(args, load, executable);
#else
  (void)executable;
#endif
}

std::string kafka_sut_text(const KafkaArgs& args) {
  return "Kafka group " + args.group + " at " + args.bootstrap + " (in " + args.in_topic + ", out " + args.out_topic +
         ", " + args.format + ")";
}

int kafka_sut_command(const KafkaArgs& args, const SutKnobs& knobs, const std::string& query,
                      const std::string& window, const std::atomic<bool>& stop) {
  check_kafka_args(args);
  const stream::SutOptions options = sut_options(knobs, "");
  if (options.allowed_lateness_ns != 0)
    throw input::UsageError("--allowed-lateness: not for the Kafka model SUT yet (over TCP only)");
#if TARE_HAVE_KAFKA
  stream::KafkaSutSettings settings;
  settings.kafka = kafka_settings(args);
  try {
    settings.query = stream::parse_query(query);
  } catch (const std::invalid_argument& e) {
    throw input::UsageError(std::string("--query: ") + e.what());
  }
  settings.window = parse_window(window, "--window");
  try {
    stream::validate_operator_window(settings.window);
    (void)stream::new_kafka_handle(stream::KafkaClientType::producer, settings.kafka, {});
  } catch (const std::invalid_argument& e) {
    throw input::UsageError(std::string("--window: ") + e.what());
  } catch (const stream::KafkaError& e) {
    throw input::UsageError(std::string("--kafka-conf: ") + e.what());
  }
  stream::run_kafka_model_sut(
      options, settings, stop,
      [](const std::string& where) { std::cout << stream::kConsumingGreeting << where << std::endl; },
      [](const std::string& message) { std::cerr << "tare stream sut: " << message << std::endl; });
#else
  (void)options, (void)query, (void)window, (void)stop;
#endif
  return 0;
}

}  // namespace tare::tool

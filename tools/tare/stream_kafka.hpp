// `tare stream run --kafka BOOTSTRAP --in-topic T --out-topic U --group G`: a trial over
// Kafka (stream/kafka/kafka_transport.hpp) against a SUT already consuming T in group G and
// producing to U. The options become the trial's transport here; without Kafka in the
// build, --kafka is refused in one line (exit 2).
#pragma once

#include <string>
#include <vector>

#include "stream/trials/trial.hpp"

namespace CLI {
class App;
}

namespace tare::tool {

struct KafkaArgs {
  std::string bootstrap, in_topic, out_topic, group, format = "binary";
  std::vector<std::string> conf;  ///< key=value
};

void add_kafka_options(CLI::App* cmd, KafkaArgs& args);
/// True when --kafka was given; input::UsageError when another Kafka option was given
/// without it (it would be ignored silently otherwise).
bool kafka_chosen(const KafkaArgs& args);
/// Makes `settings` run over Kafka (checking the options: input::UsageError naming the
/// problem): its transport, no SUT started, one generator.
void use_kafka(const KafkaArgs& args, stream::TrialSettings& settings, bool sut_given);
/// The SUT as the report names it, e.g. "Kafka group g at 127.0.0.1:9092 (in events, out outputs, binary)".
std::string kafka_sut_text(const KafkaArgs& args);

}  // namespace tare::tool

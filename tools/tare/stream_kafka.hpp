// Kafka on the command line: `tare stream run|sustainable --kafka BOOTSTRAP --in-topic T
// --out-topic U --group G` runs trials over Kafka (stream/kafka/kafka_transport.hpp) against
// the model SUT consuming T in group G and producing to U, started for each trial as
// `tare stream sut --kafka ...` (stream/kafka/kafka_sut.hpp), or with --external against a
// SUT of the user's already doing so. The options become the trial's transport and SUT
// command here; without Kafka in the build, --kafka is refused in one line (exit 2).
#pragma once

#include <string>
#include <vector>

#include "stream/trials/trial.hpp"

namespace CLI {
class App;
}

namespace tare::tool {

struct SutKnobs;
struct LoadArgs;

struct KafkaArgs {
  std::string bootstrap, in_topic, out_topic, group, format = "binary";
  std::vector<std::string> conf;  ///< key=value
  bool external = false;          ///< run/sustainable: a SUT of the user's consumes the topics
};

/// Who takes the options: the driver (run, sustainable: with --external) or the SUT (sut).
enum class KafkaSide { driver, sut };

void add_kafka_options(CLI::App* cmd, KafkaArgs& args, KafkaSide side);
/// True when --kafka was given; input::UsageError when another Kafka option was given
/// without it (it would be ignored silently otherwise).
bool kafka_chosen(const KafkaArgs& args);
/// Makes `settings` (from trial_settings with `load`) run over Kafka, checking the options
/// (input::UsageError naming the problem): its transport, one generator, and the model SUT
/// over Kafka started as `executable stream sut --kafka ...` unless --external.
void use_kafka(const KafkaArgs& args, const LoadArgs& load, const std::string& executable,
               stream::TrialSettings& settings);
/// Where the trials' SUT is reached, e.g. "Kafka group g at 127.0.0.1:9092 (in events, out outputs, binary)".
std::string kafka_sut_text(const KafkaArgs& args);
/// `tare stream sut --kafka ...`: the model SUT over Kafka with `knobs`, `query` and
/// `window`, until Ctrl-C or SIGTERM (`stop`). Prints its "consuming ..." line first.
int kafka_sut_command(const KafkaArgs& args, const SutKnobs& knobs, const std::string& query,
                      const std::string& window, const std::atomic<bool>& stop);

}  // namespace tare::tool

// The model SUT over Kafka end to end, against a mock broker each test starts: `tare stream
// run --kafka` and `sustainable --kafka` start `tare stream sut --kafka` on the topics
// themselves, and its outputs must be what the oracle says, each exactly once. Failures
// (a broker that goes away, a missing topic, a malformed output record) end the trial with a
// one-line reason, its measurements written, exit 1.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <tuple>

#include <nlohmann/json.hpp>

#include "e2e/kafka_broker.hpp"

namespace {

using tare_e2e::KafkaBroker;
using tare_e2e::run_command;
using tare_e2e::scratch_dir;
using tare_e2e::slurp;

const std::string kKcatBin = TARE_KCAT;

std::vector<std::string> kafka_run(const std::string& bootstrap, const std::string& json_path,
                                   const std::vector<std::string>& extra) {
  std::vector<std::string> args{TARE_CLI,  "stream",      "run",     "--kafka",           bootstrap, "--in-topic",
                                "events",  "--out-topic", "outputs", "--group",           "model",   "--rate",
                                "2k",      "--duration",  "2s",      "--max-lateness=200ms", "--json",   json_path};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

// Every event produced, taken (committed by the model SUT's group) and its results matched
// by the oracle, for each query and both record formats.
TEST(KafkaModelSut, EveryQueryComesOutOnceAsTheOracleSays) {
  // The join's keys are few, so that its windows hold pairs.
  for (const auto& [query, format, keys] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"aggregate", "binary", "uniform:100"}, {"join", "json", "uniform:5"}, {"identity", "binary", "uniform:100"}}) {
    KafkaBroker broker({"--partitions", "2", "--topic", "events", "--topic", "outputs"});
    ASSERT_FALSE(broker.bootstrap().empty());
    const auto json_path = scratch_dir() / ("kafka_model_" + query + ".json");
    const auto r = run_command(kafka_run(broker.bootstrap(), json_path.string(),
                                         {"--query", query, "--format", format, "--sut-workers", "2", "--products", keys,
                                          "--users", keys}));
    ASSERT_EQ(r.exit_code, 0) << query << ": " << r.out << r.err;
    EXPECT_NE(r.out.find("SUT reference (started by tare)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("over Kafka group model at " + broker.bootstrap()), std::string::npos) << r.out;
    const auto j = nlohmann::json::parse(slurp(json_path));
    EXPECT_TRUE(j["complete"].get<bool>()) << j["incomplete_reason"];
    EXPECT_EQ(j["config"]["query"], query);
    EXPECT_EQ(j["config"]["transport"].get<std::string>().rfind("Kafka group model at ", 0), 0u);
    // 2 s measured, then the cool-down over Kafka by default: the window's 10 ms and 1 s.
    EXPECT_EQ(j["config"]["cooldown_ns"], 1'010'000'000);
    EXPECT_EQ(j["counts"]["measured_generated"], 4000);
    EXPECT_EQ(j["counts"]["generated"], 6020);
    EXPECT_EQ(j["verification"]["status"], "match") << query << ": " << j["verification"]["message"];
    EXPECT_GT(j["verification"]["expected_results"].get<std::int64_t>(), 0);
    if (query == "identity") {
      // Over once every measured event came back: the cool-down's need not have.
      EXPECT_GE(j["counts"]["taken"].get<std::int64_t>(), 4000);
      EXPECT_GE(j["counts"]["outputs"].get<std::int64_t>(), 4000);
      EXPECT_EQ(j["verification"]["expected_results"], 4000);
    } else {
      EXPECT_EQ(j["counts"]["taken"], 6020);  // the SUT's group was done with every event
    }
    EXPECT_EQ(broker.stop(SIGTERM), 0);
  }
}

// The search over Kafka runs its trials against a model SUT started for each: the probe, a
// search and its result, in the sustainable document (the rate found is a timing: bench/).
TEST(KafkaModelSut, SustainableSearchesOverKafka) {
  KafkaBroker broker({"--topic", "events", "--topic", "outputs"});
  ASSERT_FALSE(broker.bootstrap().empty());
  const auto json_path = scratch_dir() / "kafka_sustainable.json";
  const auto r = run_command({TARE_CLI, "stream", "sustainable", "--kafka", broker.bootstrap(), "--in-topic", "events",
                              "--out-topic", "outputs", "--group", "model", "--probe", "4k", "--sut-cost", "500us",
                              "--trial", "1s", "--max-trials", "1", "--max-lateness=200ms", "--json",
                              json_path.string()});
  ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.out << r.err;
  EXPECT_NE(r.out.find("reference (started by tare), capacity "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("over Kafka group model"), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(slurp(json_path));
  EXPECT_EQ(j["schema"], "tare.stream.sustainable/1");
  EXPECT_EQ(j["config"]["transport"].get<std::string>().rfind("Kafka group model at ", 0), 0u);
  EXPECT_TRUE(j["probe"].contains("verdict")) << j["probe"];
  EXPECT_TRUE(j["result"].contains("status"));
  EXPECT_EQ(broker.stop(SIGTERM), 0);
}

}  // namespace

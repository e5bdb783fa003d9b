// `tare stream run --kafka --external` end to end: a mock broker of the test's own, and as the SUT a
// real Kafka client, kcat, passing every record of the input topic through to the output
// topic in a consumer group. The identity query must come back whole: every event produced,
// taken (committed by the group) and matched once, nothing lost.
#include <gtest/gtest.h>

#include <algorithm>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "e2e/kafka_broker.hpp"

namespace {

using tare_e2e::KafkaBroker;
using tare_e2e::run_command;
using tare_e2e::scratch_dir;
using tare_e2e::slurp;

const std::string kKcatPath = TARE_KCAT;

// kcat consuming `in` in `group` (from the start, committing every 100 ms, writing each
// record unbuffered) piped into kcat producing to `out`: a SUT that changes nothing. The
// producing kcat reads its input in blocks and holds the last, partial one until its input
// ends, so the consuming kcat stops after `records` (-c): then every record goes out, and
// the group's offsets are committed as it closes. Without -c (records 0) the last records
// of a run never come back: the trial's cool-down pushes the measured ones through.
class KcatPassThrough {
 public:
  KcatPassThrough(const std::string& bootstrap, const std::string& in, const std::string& out, const std::string& group,
                  int records) {
    const std::string count = records > 0 ? " -c " + std::to_string(records) : "";
    const std::string line = kKcatPath + " -q -u -b " + bootstrap + " -G " + group + count +
                             " -X auto.offset.reset=earliest -X auto.commit.interval.ms=100 " + in + " | " + kKcatPath +
                             " -q -P -b " + bootstrap + " -t " + out;
    pid_ = tare_e2e::spawn_quiet({"/bin/sh", "-c", line}, {}, true);
  }
  // Both kcats are stopped, whether or not they ended by themselves (a failed run).
  ~KcatPassThrough() {
    kill(-pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
  KcatPassThrough(const KcatPassThrough&) = delete;
  KcatPassThrough& operator=(const KcatPassThrough&) = delete;

 private:
  pid_t pid_ = -1;
};

TEST(KafkaRun, IdentityThroughAKcatPassThroughLosesNothing) {
  KafkaBroker broker({"--partitions", "2", "--topic", "events", "--topic", "outputs"});
  ASSERT_FALSE(broker.bootstrap().empty());
  const auto json_path = scratch_dir() / "kafka_identity.json";
  {
    // 2k/s for 2 s, and no cool-down: kcat stops after the run's events.
    KcatPassThrough sut(broker.bootstrap(), "events", "outputs", "passer", 4000);
    const auto r = run_command({TARE_CLI, "stream", "run", "--kafka", broker.bootstrap(), "--external", "--in-topic",
                                "events", "--out-topic", "outputs", "--group", "passer", "--format", "json", "--query",
                                "identity", "--rate", "2k", "--duration", "2s", "--cooldown", "0s",
                                "--max-lateness=200ms", "--json", json_path.string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("SUT Kafka group passer at " + broker.bootstrap()), std::string::npos) << r.out;
  }
  const auto j = nlohmann::json::parse(slurp(json_path));
  EXPECT_TRUE(j["complete"].get<bool>()) << j["incomplete_reason"];
  EXPECT_EQ(j["config"]["query"], "identity");
  EXPECT_EQ(j["config"]["sut"].get<std::string>().rfind("Kafka group passer", 0), 0u);
  EXPECT_EQ(j["counts"]["generated"], 4000);
  EXPECT_EQ(j["counts"]["taken"], 4000);
  EXPECT_EQ(j["counts"]["outputs"], 4000);
  EXPECT_EQ(j["verification"]["status"], "match") << j["verification"]["message"];
  EXPECT_EQ(j["verification"]["expected_results"], 4000);
  EXPECT_EQ(broker.stop(SIGTERM), 0);
}

// Without -c the pass-through holds the run's last records until more come: the cool-down's
// events push the measured ones through, and only those are judged.
TEST(KafkaRun, TheCooldownPushesTheMeasuredEventsThroughAPipeThatHoldsItsLastRecords) {
  KafkaBroker broker({"--partitions", "2", "--topic", "events", "--topic", "outputs"});
  ASSERT_FALSE(broker.bootstrap().empty());
  const auto json_path = scratch_dir() / "kafka_cooldown.json";
  {
    KcatPassThrough sut(broker.bootstrap(), "events", "outputs", "holder", 0);
    const auto r = run_command({TARE_CLI, "stream", "run", "--kafka", broker.bootstrap(), "--external", "--in-topic",
                                "events", "--out-topic", "outputs", "--group", "holder", "--format", "json", "--query",
                                "identity", "--rate", "2k", "--duration", "2s", "--cooldown", "1s",
                                "--max-lateness=200ms", "--json", json_path.string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("(warmup 400 ms, cool-down 1.00 s)"), std::string::npos) << r.out;
  }
  const auto j = nlohmann::json::parse(slurp(json_path));
  EXPECT_TRUE(j["complete"].get<bool>()) << j["incomplete_reason"];
  EXPECT_EQ(j["config"]["cooldown_ns"], 1'000'000'000);
  EXPECT_EQ(j["counts"]["generated"], 6000);
  EXPECT_GE(j["counts"]["outputs"].get<std::int64_t>(), 4000);
  EXPECT_EQ(j["verification"]["status"], "match") << j["verification"]["message"];
  EXPECT_EQ(j["verification"]["expected_results"], 4000);
  EXPECT_EQ(broker.stop(SIGTERM), 0);
}

TEST(KafkaRun, IncompleteKafkaOptionsAreUsageErrors) {
  for (const auto& extra : std::vector<std::vector<std::string>>{
           {"--in-topic", "a", "--out-topic", "b"},
           {"--in-topic", "a", "--out-topic", "a", "--group", "g"},
           {"--in-topic", "a", "--out-topic", "b", "--group", "g", "--generators", "2"},
           {"--in-topic", "a", "--out-topic", "b", "--group", "g", "--format", "avro"},
           {"--in-topic", "a", "--out-topic", "b", "--group", "g", "--kafka-conf", "no.such.property=1"},
           {"--in-topic", "a", "--out-topic", "b", "--group", "g", "--sut", "127.0.0.1:1"},
           {"--in-topic", "a", "--out-topic", "b", "--group", "g", "--sut-cost", "soon"},
           {"--in-topic", "a", "--out-topic", "b", "--group", "g", "--cooldown", "-1s"}}) {
    std::vector<std::string> args{TARE_CLI, "stream", "run", "--rate", "1k", "--duration", "1s", "--kafka", "127.0.0.1:1"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run_command(args);
    EXPECT_EQ(r.exit_code, 2) << extra.back() << ": " << r.out << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  // A Kafka option without --kafka would be ignored: refused instead.
  const auto r = run_command({TARE_CLI, "stream", "run", "--rate", "1k", "--duration", "1s", "--format", "json"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--format is for Kafka: it needs --kafka"), std::string::npos) << r.err;
  for (const auto& args : std::vector<std::vector<std::string>>{
           {TARE_CLI, "stream", "run", "--rate", "1k", "--external"},
           {TARE_CLI, "stream", "sustainable", "--probe", "1k", "--kafka", "127.0.0.1:1", "--in-topic", "a",
            "--out-topic", "b"},
           {TARE_CLI, "stream", "sustainable", "--probe", "1k", "--group", "g"},
           {TARE_CLI, "stream", "sut", "--query", "join"},
           {TARE_CLI, "stream", "sut", "--kafka", "127.0.0.1:1", "--in-topic", "a", "--out-topic", "b", "--group", "g",
            "--window", "0s"},
           {TARE_CLI, "stream", "sut", "--kafka", "127.0.0.1:1", "--in-topic", "a", "--out-topic", "b", "--group", "g",
            "--query", "median"}}) {
    const auto bad = run_command(args);
    EXPECT_EQ(bad.exit_code, 2) << args.back() << ": " << bad.out << bad.err;
    EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
  }
}

}  // namespace

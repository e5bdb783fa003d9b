// Trials over Kafka that go wrong, against a mock broker each test starts: a broker that
// goes away mid-trial, a topic that does not exist, an output record that is none, and a
// broker slow to answer (which the trial must blame). Each ends with a one-line reason,
// what was measured written, and exit 1; nothing waits forever.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "e2e/kafka_broker.hpp"

namespace {

using tare_e2e::KafkaBroker;
using tare_e2e::run_command;
using tare_e2e::scratch_dir;
using tare_e2e::slurp;

const std::string kKcatTool = TARE_KCAT;

std::vector<std::string> faulty_run(const std::string& bootstrap, const std::string& in_topic,
                                    const std::filesystem::path& json, const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args{TARE_CLI,  "stream",   "run",        "--kafka", bootstrap, "--in-topic", in_topic,
                                "--out-topic", "outputs", "--group", "model",      "--rate",  "1k",      "--json",
                                json.string(), "--max-lateness=200ms"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

// A run in the background, its output in files, reaped with its exit status.
class BackgroundRun {
 public:
  explicit BackgroundRun(const std::vector<std::string>& args)
      : out_(scratch_dir() / "background.out"), err_(scratch_dir() / "background.err") {
    pid_ = fork();
    if (pid_ == 0) tare_e2e::exec_with_output(args, out_.c_str(), err_.c_str());
  }
  ~BackgroundRun() {
    if (status_ == kRunning) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  BackgroundRun(const BackgroundRun&) = delete;
  BackgroundRun& operator=(const BackgroundRun&) = delete;

  /// Its exit status once it exited within `timeout`; kRunning otherwise.
  int wait(std::chrono::seconds timeout) {
    tare_e2e::eventually(
        [&] {
          int status = 0;
          if (waitpid(pid_, &status, WNOHANG) != pid_) return false;
          status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
          return true;
        },
        timeout);
    return status_;
  }
  std::string out() const { return slurp(out_); }
  std::string err() const { return slurp(err_); }

  static constexpr int kRunning = -1000;

 private:
  std::filesystem::path out_, err_;
  pid_t pid_ = -1;
  int status_ = kRunning;
};

// True once `topic` holds a record (kcat reads it from the start and stops at its end).
bool topic_has_a_record(const std::string& bootstrap, const std::string& topic) {
  const auto r = run_command({kKcatTool, "-q", "-C", "-b", bootstrap, "-t", topic, "-o", "beginning", "-e", "-c", "1"});
  return r.exit_code == 0 && !r.out.empty();
}

TEST(KafkaFaults, ABrokerThatGoesAwayMidTrialEndsItWithItsMeasurementsKept) {
  KafkaBroker broker({"--topic", "events", "--topic", "outputs"});
  ASSERT_FALSE(broker.bootstrap().empty());
  const auto json_path = scratch_dir() / "kafka_gone.json";
  BackgroundRun run(faulty_run(broker.bootstrap(), "events", json_path, {"--duration", "30s"}));
  // Mid-trial: once the model SUT's first outputs are in.
  ASSERT_TRUE(tare_e2e::eventually([&] { return topic_has_a_record(broker.bootstrap(), "outputs"); },
                                   std::chrono::seconds(20)));
  EXPECT_EQ(broker.stop(SIGKILL), -SIGKILL);
  ASSERT_EQ(run.wait(std::chrono::seconds(60)), 1) << run.out() << run.err();
  EXPECT_NE(run.out().find("INCOMPLETE: the Kafka cluster at " + broker.bootstrap() + " went away"), std::string::npos)
      << run.out();
  const auto j = nlohmann::json::parse(slurp(json_path));
  EXPECT_FALSE(j["complete"].get<bool>());
  EXPECT_GT(j["counts"]["generated"].get<std::int64_t>(), 0);
  EXPECT_GT(j["counts"]["outputs"].get<std::int64_t>(), 0);
}

TEST(KafkaFaults, AMissingTopicIsNamedInOneLine) {
  KafkaBroker broker({"--topic", "events", "--topic", "outputs"});
  ASSERT_FALSE(broker.bootstrap().empty());
  for (const bool external : {false, true}) {
    std::vector<std::string> extra{"--duration", "1s"};
    if (external) extra.push_back("--external");
    const auto r = run_command(faulty_run(broker.bootstrap(), "nosuch", scratch_dir() / "kafka_missing.json", extra));
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("Kafka topic nosuch: the cluster has no such topic"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  // The topic was asked about, never created.
  const auto listed = run_command({kKcatTool, "-L", "-b", broker.bootstrap()});
  EXPECT_EQ(listed.out.find("nosuch"), std::string::npos) << listed.out;
  EXPECT_EQ(broker.stop(SIGTERM), 0);
}

TEST(KafkaFaults, AnOutputRecordThatIsNoneEndsTheTrialWithItsMeasurementsKept) {
  KafkaBroker broker({"--topic", "events", "--topic", "outputs"});
  ASSERT_FALSE(broker.bootstrap().empty());
  const auto json_path = scratch_dir() / "kafka_malformed.json";
  BackgroundRun run(faulty_run(broker.bootstrap(), "events", json_path,
                               {"--external", "--query", "identity", "--duration", "30s"}));
  // The "SUT" answers the run's first event with a line of text.
  ASSERT_TRUE(tare_e2e::eventually([&] { return topic_has_a_record(broker.bootstrap(), "events"); },
                                   std::chrono::seconds(20)));
  const auto produced = tare_e2e::run_shell("echo not-an-output | " + kKcatTool + " -q -P -b " + broker.bootstrap() +
                                            " -t outputs");
  ASSERT_EQ(produced.exit_code, 0) << produced.err;
  ASSERT_EQ(run.wait(std::chrono::seconds(60)), 1) << run.out() << run.err();
  EXPECT_NE(run.out().find("INCOMPLETE: protocol error from the SUT: an output record of 13 bytes is neither an "
                           "output (48) nor an event (24) (topic outputs, partition 0, offset 0, format binary)"),
            std::string::npos)
      << run.out();
  const auto j = nlohmann::json::parse(slurp(json_path));
  EXPECT_FALSE(j["complete"].get<bool>());
  EXPECT_GT(j["counts"]["generated"].get<std::int64_t>(), 0);
  EXPECT_EQ(broker.stop(SIGTERM), 0);
}

// Every request delayed 50 ms: the mock hands a consumer one batch per fetch, so the model
// SUT (no per-event cost: it could take any rate) waits for its records and its lag grows.
// The trial must blame the broker, whatever its verdict and however long it ran.
TEST(KafkaFaults, ABrokerSlowToAnswerIsBlamed) {
  KafkaBroker broker({"--rtt", "50ms", "--topic", "events", "--topic", "outputs"});
  ASSERT_FALSE(broker.bootstrap().empty());
  const auto json_path = scratch_dir() / "kafka_rtt.json";
  const auto r = run_command(faulty_run(broker.bootstrap(), "events", json_path, {"--duration", "2s", "--done-timeout", "1s"}));
  ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.out << r.err;
  const auto j = nlohmann::json::parse(slurp(json_path));
  ASSERT_TRUE(j["broker"].is_object()) << j["broker"];
  EXPECT_EQ(j["broker"]["held_by"], "broker") << j["broker"]["held_by_reason"];
  EXPECT_NE(r.out.find("held by: broker ("), std::string::npos) << r.out;
  EXPECT_EQ(broker.stop(SIGTERM), 0);
}

}  // namespace

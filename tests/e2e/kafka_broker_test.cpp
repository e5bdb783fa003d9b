// `tare stream broker` end to end: the mock cluster serves a real Kafka client (kcat), which
// produces and consumes through it; it stops on SIGINT and SIGTERM with exit 0, and its
// options refuse bad values as usage errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "e2e/kafka_broker.hpp"

namespace {

using tare_e2e::KafkaBroker;
using tare_e2e::run_command;
using tare_e2e::run_shell;

const std::string kKcat = TARE_KCAT;

// run_command writes its captures in this process's scratch directory: removed at the end.
class KafkaScratchCleanup : public ::testing::Environment {
  void TearDown() override { std::filesystem::remove_all(tare_e2e::scratch_dir()); }
};
[[maybe_unused]] auto* const kafka_scratch_cleanup = ::testing::AddGlobalTestEnvironment(new KafkaScratchCleanup);

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Records go in with their keys and come back, in order within their partition, with the
// partition count of the topic the broker created.
TEST(KafkaBroker, ServesARealClientAndStopsOnSigterm) {
  KafkaBroker broker({"--partitions", "3", "--topic", "in", "--topic", "out"});
  ASSERT_FALSE(broker.bootstrap().empty()) << "no bootstrap address on the broker's first line";
  EXPECT_EQ(broker.bootstrap().rfind("127.0.0.1:", 0), 0u) << broker.bootstrap();

  const auto listed = run_command({kKcat, "-L", "-b", broker.bootstrap(), "-t", "in"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_NE(listed.out.find("topic \"in\" with 3 partitions"), std::string::npos) << listed.out;

  const auto produced =
      run_shell("printf 'k1:a\\nk2:b\\nk1:c\\n' | " + kKcat + " -P -b " + broker.bootstrap() + " -t in -K:");
  ASSERT_EQ(produced.exit_code, 0) << produced.err;
  const auto consumed = run_command(
      {kKcat, "-C", "-b", broker.bootstrap(), "-t", "in", "-o", "beginning", "-e", "-c", "3", "-f", "%k=%s\\n"});
  ASSERT_EQ(consumed.exit_code, 0) << consumed.err;
  auto records = lines_of(consumed.out);
  ASSERT_EQ(records.size(), 3u) << consumed.out;
  // Partitions may interleave; within a key the order is kept.
  std::vector<std::string> k1;
  for (const auto& r : records)
    if (r.rfind("k1=", 0) == 0) k1.push_back(r);
  EXPECT_EQ(k1, (std::vector<std::string>{"k1=a", "k1=c"}));
  EXPECT_NE(consumed.out.find("k2=b"), std::string::npos);

  EXPECT_EQ(broker.stop(SIGTERM), 0);
}

TEST(KafkaBroker, StopsOnSigintWithSeveralBrokers) {
  KafkaBroker broker({"--brokers", "3", "--rtt", "2ms"});
  ASSERT_FALSE(broker.bootstrap().empty());
  const auto listed = run_command({kKcat, "-L", "-b", broker.bootstrap()});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_NE(listed.out.find(" 3 brokers:"), std::string::npos) << listed.out;
  EXPECT_EQ(broker.stop(SIGINT), 0);
}

TEST(KafkaBroker, RefusesBadOptionsAsUsageErrors) {
  for (const auto& bad : std::vector<std::vector<std::string>>{
           {"--brokers", "0"}, {"--partitions", "0"}, {"--rtt", "500us"}, {"--rtt", "soon"}, {"--topic", ""}}) {
    std::vector<std::string> args{tare_e2e::kTare, "stream", "broker"};
    args.insert(args.end(), bad.begin(), bad.end());
    const auto r = run_command(args);
    EXPECT_EQ(r.exit_code, 2) << bad[0] << " " << bad[1] << ": " << r.err;
    EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
  }
}

}  // namespace

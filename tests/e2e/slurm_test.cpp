// --launcher slurm against a real single-node Slurm (tests/support/slurm_cluster.hpp),
// started once for this test program: a native suite's every fork runs as a job step on
// the node, the results carry the machine at the top, and Slurm missing or unreachable is
// one line and exit 2 before anything runs.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "support/process.hpp"
#include "support/scoped_env.hpp"
#include "support/slurm_cluster.hpp"

namespace {

const std::string kNops = TARE_E2E_NOPS_BASE;

tare_test::SlurmCluster* g_cluster = nullptr;

class SlurmEnvironment : public ::testing::Environment {
 public:
  void SetUp() override { g_cluster = new tare_test::SlurmCluster(); }
  void TearDown() override {
    delete g_cluster;
    g_cluster = nullptr;
  }
};

[[maybe_unused]] auto* const g_environment = ::testing::AddGlobalTestEnvironment(new SlurmEnvironment);

class SlurmRun : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(g_cluster && g_cluster->ready()) << (g_cluster ? g_cluster->problem() : ""); }
  std::filesystem::path scratch(const std::string& name) const { return g_cluster->folder() / name; }
};

bool no_job_left() {
  const auto queue = tare_test::SlurmCluster::command({"squeue", "--noheader", "--states=PENDING,RUNNING"});
  return queue.exit_code == 0 && queue.out.find_first_not_of(" \n") == std::string::npos;
}

int count_lines(const std::string& text) {
  int lines = 0;
  for (char c : text) lines += c == '\n';
  return lines;
}

TEST_F(SlurmRun, EveryForkOfANativeSuiteRunsAsAJobStepOnTheNode) {
  const auto json = scratch("fleet.json");
  const auto r = tare_test::run_process({kNops, "--launcher", "slurm", "--nodes", "1", "--quick", "--forks", "3",
                                         "--json", json.string(), "--history", "off"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  std::ifstream in(json);
  const auto fleet = nlohmann::json::parse(in);
  EXPECT_EQ(fleet.at("schema"), "tare.fleet/1");
  EXPECT_EQ(fleet.at("launcher"), "slurm");
  const std::string job = fleet.at("slurm_job");
  ASSERT_FALSE(job.empty());
  ASSERT_EQ(fleet.at("machines").size(), 1u);
  const auto& machine = fleet.at("machines")[0];
  EXPECT_EQ(machine.at("machine"), g_cluster->node());
  EXPECT_EQ(machine.at("status"), "ok");
  const auto& results = machine.at("results");
  EXPECT_EQ(results.at("schema"), "tare.results/1");
  EXPECT_EQ(results.at("context").at("host"), g_cluster->node());  // described on the node
  ASSERT_EQ(results.at("benchmarks").size(), 1u);
  const auto& forks = results.at("benchmarks")[0].at("forks");
  ASSERT_EQ(forks.size(), 3u);
  std::set<std::string> steps;
  for (const auto& fork : forks) {
    EXPECT_EQ(fork.at("status"), "ok");
    EXPECT_EQ(fork.at("node"), g_cluster->node());
    const std::string step = fork.at("slurm_step");
    EXPECT_EQ(step.rfind(job + ".", 0), 0u) << step;  // a step of the run's own job
    steps.insert(step);
  }
  EXPECT_EQ(steps.size(), forks.size());  // each fork a step of its own
  EXPECT_NE(r.out.find("machine " + g_cluster->node() + " (Slurm job " + job + "): ok"), std::string::npos) << r.out;
  // The allocation was given back: nothing of the run is left in the queue.
  EXPECT_TRUE(no_job_left());
}

TEST_F(SlurmRun, SlurmNotInstalledIsOneLineAndExit2) {
  const tare::test::ScopedEnv path("PATH", scratch("empty").c_str());
  const auto r = tare_test::run_process({kNops, "--launcher", "slurm", "--quick"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("Slurm is not installed here: no srun on PATH"), std::string::npos) << r.err;
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(SlurmRun, SlurmUnreachableIsOneLineAndExit2) {
  const auto conf = scratch("unreachable.conf");
  std::ofstream(conf) << g_cluster->unreachable_conf();
  const tare::test::ScopedEnv slurm_conf("SLURM_CONF", conf.c_str());
  const auto r = tare_test::run_process({kNops, "--launcher", "slurm", "--quick"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("Slurm is not reachable: sinfo failed"), std::string::npos) << r.err;
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(SlurmRun, SlurmOptionsWithoutTheSlurmLauncherAreUsageErrors) {
  const auto r = tare_test::run_process({kNops, "--nodes", "2"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--nodes needs --launcher slurm"), std::string::npos) << r.err;
}

}  // namespace

// --launcher slurm against a real single-node Slurm (tests/support/slurm_cluster.hpp),
// started once for this test program: a native suite's every fork runs as a job step on
// the node, the results carry the machine at the top, and Slurm missing or unreachable is
// one line and exit 2 before anything runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
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
  void SetUp() override { g_cluster = new tare_test::SlurmCluster(2); }
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

// The fleet document's machines, each checked: ok, described on its node (this machine),
// every fork a step of the run's own job on that node, no step twice. Returns their names.
std::set<std::string> checked_machines(const nlohmann::json& fleet, std::size_t forks_each) {
  EXPECT_EQ(fleet.at("schema"), "tare.fleet/1");
  EXPECT_EQ(fleet.at("launcher"), "slurm");
  const std::string job = fleet.at("slurm_job");
  EXPECT_FALSE(job.empty());
  std::set<std::string> machines, steps;
  std::size_t forks_seen = 0;
  for (const auto& machine : fleet.at("machines")) {
    const std::string name = machine.at("machine");
    machines.insert(name);
    EXPECT_EQ(machine.at("status"), "ok") << machine.at("error");
    const auto& results = machine.at("results");
    EXPECT_EQ(results.at("schema"), "tare.results/1");
    EXPECT_FALSE(results.at("context").at("host").get<std::string>().empty());
    const auto& forks = results.at("benchmarks").at(0).at("forks");
    EXPECT_EQ(forks.size(), forks_each) << name;
    for (const auto& fork : forks) {
      EXPECT_EQ(fork.at("status"), "ok");
      EXPECT_EQ(fork.at("node"), name);
      const std::string step = fork.at("slurm_step");
      EXPECT_EQ(step.rfind(job + ".", 0), 0u) << step;  // a step of the run's own job
      steps.insert(step);
      ++forks_seen;
    }
  }
  EXPECT_EQ(steps.size(), forks_seen);  // each fork a step of its own
  return machines;
}

// The fleet's statistics: one entry per benchmark over the `counted` machines that succeeded,
// every machine of the document listed beside it in its order, with its own score when it
// counted. With two machines or more, the fleet interval holds the fleet's score.
void check_fleet_statistics(const nlohmann::json& fleet, int counted) {
  const auto& machines = fleet.at("machines");
  const auto& benchmarks = fleet.at("benchmarks");
  ASSERT_EQ(benchmarks.size(), 1u);  // nops.block
  const auto& b = benchmarks[0];
  EXPECT_EQ(b.at("name"), "nops.block");
  EXPECT_EQ(b.at("machines"), counted);
  ASSERT_EQ(b.at("per_machine").size(), machines.size());
  for (std::size_t i = 0; i < machines.size(); ++i) {
    const auto& score = b.at("per_machine")[i];
    EXPECT_EQ(score.at("machine"), machines[i].at("machine"));
    EXPECT_EQ(score.at("score").is_number(), machines[i].at("status") == "ok") << score.dump();
  }
  EXPECT_TRUE(b.at("variance").contains("between_machines"));
  if (counted < 2) {
    EXPECT_TRUE(b.at("ci").is_null());
    return;
  }
  ASSERT_TRUE(b.at("ci").is_object()) << b.dump();
  EXPECT_EQ(b.at("ci").at("level"), 0.95);
  EXPECT_LE(b.at("ci").at("low").get<double>(), b.at("score").get<double>());
  EXPECT_GE(b.at("ci").at("high").get<double>(), b.at("score").get<double>());
}

nlohmann::json read_fleet(const std::filesystem::path& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

TEST_F(SlurmRun, EveryForkOfANativeSuiteRunsAsAJobStepOnTheNode) {
  const auto json = scratch("one.json");
  const auto r = tare_test::run_process({kNops, "--launcher", "slurm", "--nodes", "1", "--quick", "--forks", "3",
                                         "--budget", "60", "--json", json.string(), "--history", "off"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto fleet = read_fleet(json);
  const auto machines = checked_machines(fleet, 3);
  ASSERT_EQ(machines.size(), 1u);
  check_fleet_statistics(fleet, 1);
  const std::string node = *machines.begin();
  const auto& nodes = g_cluster->nodes();
  EXPECT_NE(std::find(nodes.begin(), nodes.end(), node), nodes.end()) << node;
  const std::string job = fleet.at("slurm_job");
  EXPECT_NE(r.out.find("machine " + node + " (Slurm job " + job + "): ok"), std::string::npos) << r.out;
  // The allocation was given back: nothing of the run is left in the queue.
  EXPECT_TRUE(no_job_left());
}

TEST_F(SlurmRun, EachNodeRunsTheWholeSuiteAndKeepsItsOwnResults) {
  const auto json = scratch("two.json");
  const auto r = tare_test::run_process({kNops, "--launcher", "slurm", "--nodes", "2", "--quick", "--forks", "3",
                                         "--budget", "60", "--json", json.string(), "--history", "off"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto fleet = read_fleet(json);
  const auto machines = checked_machines(fleet, 3);
  EXPECT_EQ(machines, std::set<std::string>(g_cluster->nodes().begin(), g_cluster->nodes().end()));
  // The fleet interval for a machine of this kind, over both nodes, in the file and on the console.
  check_fleet_statistics(fleet, 2);
  EXPECT_NE(r.out.find("Across the machines that succeeded"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  nops.block: "), std::string::npos) << r.out;
  EXPECT_TRUE(no_job_left());
}

// Refused before anything ran: exit 2, nothing on stdout, one line on stderr saying `why`.
void expect_refused_in_one_line(const tare_test::ProcessResult& r, const std::string& why) {
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(why), std::string::npos) << r.err;
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(SlurmRun, SlurmNotInstalledIsOneLineAndExit2) {
  const tare::test::ScopedEnv path("PATH", scratch("empty").c_str());
  const auto r = tare_test::run_process({kNops, "--launcher", "slurm", "--quick"});
  expect_refused_in_one_line(r, "Slurm is not installed here: no srun on PATH");
}

TEST_F(SlurmRun, SlurmUnreachableIsOneLineAndExit2) {
  const auto conf = scratch("unreachable.conf");
  std::ofstream(conf) << g_cluster->unreachable_conf();
  const tare::test::ScopedEnv slurm_conf("SLURM_CONF", conf.c_str());
  const auto r = tare_test::run_process({kNops, "--launcher", "slurm", "--quick"});
  expect_refused_in_one_line(r, "Slurm is not reachable: sinfo failed");
}

TEST_F(SlurmRun, TareAbRunsBothSidesOfEveryPairOnOneNode) {
  const auto json = scratch("ab.json");
  const auto r = tare_test::run_process({TARE_CLI, "ab", TARE_AB_BASE, TARE_AB_SLOWER, "--launcher", "slurm", "--pairs",
                                         "4", "--measure-ms", "20", "--warmup-max-ms", "20", "--json", json.string()});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  std::ifstream in(json);
  const auto doc = nlohmann::json::parse(in);
  const auto& row = doc.at("benchmarks").at(0);
  EXPECT_EQ(row.at("base").at("forks"), 4);  // one per pair: each a pair of live steps at once
  EXPECT_EQ(row.at("verdict"), "slower") << r.out;  // four times the work
  EXPECT_NE(r.out.find("pairs ran as Slurm job steps on node "), std::string::npos) << r.out;
  EXPECT_TRUE(no_job_left());
}

TEST_F(SlurmRun, SlurmOptionsWithoutTheSlurmLauncherAreUsageErrors) {
  const auto r = tare_test::run_process({kNops, "--nodes", "2"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--nodes needs --launcher slurm"), std::string::npos) << r.err;
  const auto ab = tare_test::run_process({TARE_CLI, "ab", kNops, kNops, "--partition", "p"});
  EXPECT_EQ(ab.exit_code, 2);
  EXPECT_NE(ab.err.find("--partition needs --launcher slurm"), std::string::npos) << ab.err;
}

}  // namespace

namespace {

// Whether a step other than the first two (each node's description) runs on `node`: a fork.
bool fork_step_running_on(const std::string& node) {
  const auto steps = tare_test::SlurmCluster::command({"squeue", "--steps", "--noheader", "--format=%i %N"});
  std::istringstream lines(steps.out);
  for (std::string step, nodes; lines >> step >> nodes;) {
    const auto dot = step.find('.');
    if (nodes == node && dot != std::string::npos && std::atoi(step.c_str() + dot + 1) >= 2) return true;
  }
  return false;
}

// Last: it takes a node down mid-run, then brings it back.
TEST_F(SlurmRun, ANodeLostMidRunIsReportedFailedAndTheOthersKept) {
  const std::string lost = g_cluster->nodes().at(1);
  const auto json = scratch("lost.json");
  const auto output = scratch("lost.out");
  // Enough forks that the run is still going when the node is lost.
  const pid_t run = tare_test::start_logged(
      {kNops, "--launcher", "slurm", "--nodes", "2", "--forks", "20", "--max-forks", "20", "--budget", "120",
       "--measure-ms", "20", "--warmup-max-ms", "20", "--json", json.string(), "--history", "off", "--quiet"},
      output, output);
  ASSERT_GT(run, 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  bool seen = false;
  while (!(seen = fork_step_running_on(lost)) && std::chrono::steady_clock::now() < deadline &&
         !tare_test::exits_by(run, std::chrono::steady_clock::now() + std::chrono::milliseconds(50))) {
  }
  if (seen) g_cluster->stop_node(1);
  const bool ended = tare_test::exits_by(run, std::chrono::steady_clock::now() + std::chrono::seconds(120));
  if (!ended) kill(-run, SIGKILL);
  int status = 0;
  waitpid(run, &status, 0);
  const bool back = g_cluster->restart_node(1);
  ASSERT_TRUE(seen) << "no fork ran on " << lost << "; " << tare_test::slurp(output);
  ASSERT_TRUE(ended);
  EXPECT_EQ(WEXITSTATUS(status), 1) << tare_test::slurp(output);
  const auto fleet = read_fleet(json);
  ASSERT_EQ(fleet.at("machines").size(), 2u);
  for (const auto& machine : fleet.at("machines")) {
    if (machine.at("machine") == lost) {
      EXPECT_EQ(machine.at("status"), "failed");
      EXPECT_NE(machine.at("error").get<std::string>().find("on node " + lost), std::string::npos) << machine.at("error");
      // What it measured before it was lost is kept.
      EXPECT_FALSE(machine.at("results").at("benchmarks").at(0).at("forks").empty());
    } else {
      EXPECT_EQ(machine.at("status"), "ok") << machine.at("error");
      EXPECT_EQ(machine.at("results").at("benchmarks").at(0).at("forks").size(), 20u);
    }
  }
  // The statistics are over the node that succeeded alone; the lost one is listed without a score.
  check_fleet_statistics(fleet, 1);
  EXPECT_TRUE(back) << "the node did not come back";
}

}  // namespace

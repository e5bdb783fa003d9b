// tare bisect end to end: a git repository made here, whose every commit's build copies one
// of three prebuilt benchmark binaries (bisect_bench.cpp): the base, the same timed code in
// other bytes, and 50% more instructions. Counted with --metric instructions, so which
// commit is named and how many comparisons it took do not depend on the machine's speed.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "command.hpp"

namespace {

namespace fs = std::filesystem;
using tare_e2e::kTare;
using tare_e2e::run_command;

const std::string kGit = "/usr/bin/git";

std::string git(const fs::path& repo, std::vector<std::string> args) {
  args.insert(args.begin(), {kGit, "-C", repo.string(), "-c", "user.name=tare", "-c", "user.email=tare@example.com"});
  const auto result = run_command(args);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return result.out;
}

// One commit of the test repository: the binary its build copies, and whether its build
// fails until the file `allow` exists (a build that breaks, then is fixed).
struct TestCommit {
  std::string binary;
  bool flaky = false;
};

struct TestRepo {
  fs::path dir;
  std::vector<std::string> hashes;  // 0 good .. n bad
  fs::path builds_count;            // one line per build the command ran

  std::string hash(std::size_t i) const { return hashes.at(i).substr(0, 12); }
  // Copies the commit's binary to ./bench, after a line in the count; a flaky commit fails
  // until `allow` exists.
  std::string build_command() const {
    return "echo built >> '" + builds_count.string() + "'; if [ -e flaky ] && [ ! -e '" + (dir / "allow").string() +
           "' ]; then exit 3; fi; cp \"$(cat variant)\" bench";
  }
  std::size_t builds_run() const {
    std::ifstream in(builds_count);
    std::size_t lines = 0;
    for (std::string line; std::getline(in, line);) ++lines;
    return lines;
  }
};

TestRepo make_repo(const std::string& name, const std::vector<TestCommit>& commits) {
  TestRepo repo;
  repo.dir = tare_e2e::scratch_dir() / name;
  repo.builds_count = tare_e2e::scratch_dir() / (name + ".builds");
  fs::remove_all(repo.dir);
  fs::remove(repo.builds_count);
  fs::create_directories(repo.dir);
  git(repo.dir, {"init", "-q"});
  for (std::size_t i = 0; i < commits.size(); ++i) {
    std::ofstream(repo.dir / "variant") << commits[i].binary << "\n";
    std::ofstream(repo.dir / "history.txt", std::ios::app) << "commit " << i << "\n";  // every commit changes something
    if (commits[i].flaky) std::ofstream(repo.dir / "flaky") << "\n";
    else fs::remove(repo.dir / "flaky");
    git(repo.dir, {"add", "-A"});
    git(repo.dir, {"commit", "-q", "-m", "commit " + std::to_string(i)});
    repo.hashes.push_back(std::string(git(repo.dir, {"rev-parse", "HEAD"}).substr(0, 40)));
  }
  return repo;
}

// 12 commits after good: bytes change at 3 (the same timed code moved), the work at 6.
std::vector<TestCommit> twelve_commits() {
  std::vector<TestCommit> commits;
  for (int i = 0; i <= 12; ++i)
    commits.push_back({i < 3 ? TARE_BISECT_BASE : i < 6 ? TARE_BISECT_UNRELATED : TARE_BISECT_MORE});
  return commits;
}

tare_e2e::CommandResult bisect(const TestRepo& repo, std::size_t good, std::size_t bad) {
  std::vector<std::string> args{kTare,   "bisect",  "--repo",   repo.dir.string(),      "--good",
                                repo.hashes.at(good), "--bad", repo.hashes.at(bad), "--build", repo.build_command(),
                                "--binary", "bench", "--metric", "instructions", "--quiet"};
  return tare_test::run_process(args, std::chrono::seconds(900));
}

std::size_t log_steps(const TestRepo& repo, const std::string& step) {
  std::ifstream in(repo.dir / ".tare-bisect" / "bisect.jsonl");
  std::size_t count = 0;
  for (std::string line; std::getline(in, line);)
    if (line.find("\"step\":\"" + step + "\"") != std::string::npos) ++count;
  return count;
}

// The ratios of the comparisons the log holds, in order.
std::vector<double> logged_ratios(const TestRepo& repo) {
  std::ifstream in(repo.dir / ".tare-bisect" / "bisect.jsonl");
  std::vector<double> ratios;
  for (std::string line; std::getline(in, line);) {
    const auto step = nlohmann::json::parse(line);
    if (step["step"] == "compare") ratios.push_back(step["ratio"].get<double>());
  }
  return ratios;
}

TEST(Bisect, NamesTheCommitThatAddedWorkMeasuringOnlyCommitsWhoseTimedCodeChanged) {
  const TestRepo repo = make_repo("named", twelve_commits());
  const auto result = bisect(repo, 0, 12);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_NE(result.out.find("First slower commit: " + repo.hash(6) + " \"commit 6\""), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("against its parent " + repo.hash(5) + " \"commit 5\": "), std::string::npos) << result.out;
  // 50 instructions more on 100 and the loop's few: the same ratio both times, exact.
  const std::vector<double> ratios = logged_ratios(repo);
  ASSERT_EQ(ratios.size(), 2u);
  EXPECT_GT(ratios[0], 1.4);
  EXPECT_LT(ratios[0], 1.5);
  EXPECT_EQ(ratios[1], ratios[0]);
  // bad against good, then 6 against 5: 6 has bad's bytes, 3 good's timed code at other
  // addresses, 4 and 5 3's bytes.
  EXPECT_NE(result.out.find("Comparisons: 2; commits built: 6; judged by their unchanged timed code, not measured: " +
                            repo.hash(6) + ", " + repo.hash(3) + ", " + repo.hash(4) + ", " + repo.hash(5)),
            std::string::npos)
      << result.out;
  EXPECT_EQ(log_steps(repo, "build"), 6u);
  EXPECT_EQ(repo.builds_run(), 6u);
  // The work folder is ignored: the checkout's status stays clean.
  EXPECT_EQ(git(repo.dir, {"status", "--porcelain"}), "");
}

TEST(Bisect, CodeThatOnlyMovedIsNothingSlowerWithoutAMeasurement) {
  const TestRepo repo = make_repo("moved", twelve_commits());
  const auto result = bisect(repo, 0, 5);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_NE(result.out.find("Nothing got slower: bad is not slower than good by more than 1%."), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("Comparisons: 0; commits built: 2"), std::string::npos) << result.out;
}

TEST(Bisect, AFailedBuildStopsNamingItsCommitAndTheRerunRedoesNoLoggedStep) {
  std::vector<TestCommit> commits = twelve_commits();
  commits[3].flaky = true;  // built fourth: after good, bad and 6
  const TestRepo repo = make_repo("resumed", commits);
  const auto failed = bisect(repo, 0, 12);
  EXPECT_EQ(failed.exit_code, 1) << failed.out << failed.err;
  const std::string log_path = (repo.dir / ".tare-bisect" / "logs" / (repo.hash(3) + ".log")).string();
  EXPECT_EQ(failed.err, "tare: error: commit " + repo.hash(3) + " \"commit 3\", build: the build failed (exit 3); its output is in " +
                            log_path + "\n");
  EXPECT_EQ(repo.builds_run(), 4u);
  EXPECT_EQ(log_steps(repo, "compare"), 1u);

  std::ofstream(repo.dir / "allow") << "\n";
  const auto resumed = bisect(repo, 0, 12);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out << resumed.err;
  EXPECT_NE(resumed.out.find("First slower commit: " + repo.hash(6)), std::string::npos) << resumed.out;
  EXPECT_NE(resumed.out.find("Resumed: 4 steps taken from the log"), std::string::npos) << resumed.out;  // 3 builds, 1 comparison
  EXPECT_EQ(repo.builds_run(), 7u);  // 3, 4 and 5 built this time; good, bad and 6 not again
  EXPECT_EQ(log_steps(repo, "compare"), 2u);

  // --resume alone takes the arguments from the log; every step is there now.
  const auto again = tare_test::run_process({kTare, "bisect", "--repo", repo.dir.string(), "--resume", "--quiet"});
  ASSERT_EQ(again.exit_code, 0) << again.out << again.err;
  EXPECT_NE(again.out.find("First slower commit: " + repo.hash(6)), std::string::npos) << again.out;
  EXPECT_EQ(repo.builds_run(), 7u);
  EXPECT_EQ(log_steps(repo, "compare"), 2u);
}

TEST(Bisect, ABisectInterruptedDuringABuildResumesWhereItStopped) {
  std::vector<TestCommit> commits = twelve_commits();
  commits[3].flaky = true;  // its build waits, as a long one would, until the test interrupts it
  const TestRepo repo = make_repo("interrupted", commits);
  const fs::path started = repo.dir.parent_path() / "interrupted.started";
  const std::string build = "echo built >> '" + repo.builds_count.string() + "'; if [ -e flaky ] && [ ! -e '" +
                            (repo.dir / "allow").string() + "' ]; then touch '" + started.string() +
                            "'; exec sleep 600; fi; cp \"$(cat variant)\" bench";
  const std::vector<std::string> args{kTare,     "bisect",           "--repo",  repo.dir.string(), "--good",
                                      repo.hashes[0], "--bad",        repo.hashes[12], "--build", build,
                                      "--binary", "bench",           "--metric", "instructions", "--quiet"};
  const pid_t pid = tare_e2e::spawn_quiet(args, {}, /*own_group=*/true);
  ASSERT_TRUE(tare_e2e::eventually([&] { return fs::exists(started); }, std::chrono::minutes(5)));
  kill(pid, SIGINT);
  int status = 0;
  ASSERT_TRUE(tare_e2e::eventually([&] { return waitpid(pid, &status, WNOHANG) == pid; }, std::chrono::minutes(1)));
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 130) << status;
  EXPECT_EQ(log_steps(repo, "compare"), 1u);  // bad against good, kept
  EXPECT_EQ(repo.builds_run(), 4u);           // good, bad, 6, and 3 interrupted

  std::ofstream(repo.dir / "allow") << "\n";
  const auto resumed = tare_test::run_process(args, std::chrono::seconds(900));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out << resumed.err;
  EXPECT_NE(resumed.out.find("First slower commit: " + repo.hash(6)), std::string::npos) << resumed.out;
  EXPECT_NE(resumed.out.find("Resumed: 4 steps taken from the log"), std::string::npos) << resumed.out;
  EXPECT_EQ(repo.builds_run(), 7u);  // 3 again, then 4 and 5
}

TEST(Bisect, ACommitWhoseBuildAsksToBeSkippedIsPassedOver) {
  const TestRepo repo = make_repo("skipped", twelve_commits());
  const std::string build = "if [ \"$(git rev-parse HEAD)\" = " + repo.hashes[6] + " ]; then exit 125; fi; " + repo.build_command();
  const auto result = tare_test::run_process({kTare, "bisect", "--repo", repo.dir.string(), "--good", repo.hashes[0], "--bad",
                                             repo.hashes[12], "--build", build, "--binary", "bench", "--metric",
                                             "instructions", "--quiet"},
                                            std::chrono::seconds(900));
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_NE(result.out.find("First slower commit: " + repo.hash(7)), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("against its nearest built ancestor " + repo.hash(5)), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("skipped (did not build): " + repo.hash(6)), std::string::npos) << result.out;
}

TEST(Bisect, BadInputIsOneLineNamingIt) {
  const TestRepo repo = make_repo("bad_input", {{TARE_BISECT_BASE}, {TARE_BISECT_MORE}});
  const auto no_such = tare_test::run_process({kTare, "bisect", "--repo", repo.dir.string(), "--good", "no-such-revision",
                                               "--bad", repo.hashes[1], "--build", "true", "--binary", "bench"});
  EXPECT_EQ(no_such.exit_code, 2);
  EXPECT_EQ(no_such.err, "tare: error: --good no-such-revision: no such commit\n");
  EXPECT_FALSE(fs::exists(repo.dir / ".tare-bisect"));  // checked before anything was written

  const fs::path elsewhere = tare_e2e::scratch_dir() / "not_a_checkout";
  fs::create_directories(elsewhere);
  const auto not_git = tare_test::run_process({kTare, "bisect", "--repo", elsewhere.string(), "--good", "a", "--bad", "b",
                                              "--build", "true", "--binary", "bench", "--quiet"});
  EXPECT_EQ(not_git.exit_code, 2);
  EXPECT_EQ(not_git.err.rfind("tare: error: " + elsewhere.string() + " is not in a git checkout", 0), 0u) << not_git.err;

  const auto no_binary = tare_test::run_process({kTare, "bisect", "--repo", repo.dir.string(), "--good", repo.hashes[0],
                                                "--bad", repo.hashes[1], "--build", "true", "--binary", "bench",
                                                "--work-dir", (repo.dir / "other").string(), "--quiet"});
  EXPECT_EQ(no_binary.exit_code, 1);
  EXPECT_EQ(no_binary.err, "tare: error: commit " + repo.hash(0) +
                               " \"commit 0\", build: the build succeeded but left no binary at bench\n");

  // The work folder holds that bisect's log: another one there is refused.
  const auto other = tare_test::run_process({kTare, "bisect", "--repo", repo.dir.string(), "--good", repo.hashes[0],
                                             "--bad", repo.hashes[1], "--build", "make", "--binary", "bench",
                                             "--work-dir", (repo.dir / "other").string(), "--quiet"});
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_NE(other.err.find("holds another bisect (good " + repo.hash(0) + ", bad " + repo.hash(1) +
                           ", build 'true'): --resume continues it"),
            std::string::npos)
      << other.err;

  const auto absolute = tare_test::run_process({kTare, "bisect", "--repo", repo.dir.string(), "--good", repo.hashes[0],
                                                "--bad", repo.hashes[1], "--build", "true", "--binary", "/bin/true"});
  EXPECT_EQ(absolute.exit_code, 2);
  EXPECT_EQ(absolute.err, "tare: error: --binary /bin/true: give its path relative to the checkout (each commit's "
                          "worktree has its own)\n");

  const auto missing = tare_test::run_process({kTare, "bisect", "--repo", repo.dir.string(), "--good", repo.hashes[0]});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "tare: error: --good, --bad, --build and --binary are required (or --resume)\n");
}

}  // namespace

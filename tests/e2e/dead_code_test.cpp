// The dead-code defence, proven without timing: instructions executed inside a
// benchmark's timed loop, counted by callgrind (deterministic), for N and 2N invocations.
// (I(2N) - I(N)) / N is the cost of one invocation in instructions.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <regex>

#include "command.hpp"

namespace {

const std::string kExample = TARE_DEAD_CODE_EXAMPLE;

bool have_valgrind() { return std::system("valgrind --version > /dev/null 2>&1") == 0; }

// Runs one worker of `benchmark` directly (the protocol is plain text on fds 3 and 4)
// under callgrind, collecting only inside tare's timed loops.
double instructions_in_timed_loop(const std::string& benchmark, std::uint64_t invocations) {
  const auto dir = tare_e2e::scratch_dir();
  const auto commands = dir / "commands.txt";
  const auto replies = dir / "replies.txt";
  const auto profile = dir / ("callgrind." + benchmark + "." + std::to_string(invocations));
  {
    std::ofstream out(commands);
    out << "sample " << invocations << " 1\nfinish\n";
  }
  const pid_t pid = fork();
  if (pid == 0) {
    const int in = open(commands.c_str(), O_RDONLY);
    const int out = open(replies.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int devnull = open("/dev/null", O_WRONLY);
    dup2(in, 3);
    dup2(out, 4);
    dup2(devnull, 1);
    dup2(devnull, 2);
    const std::string out_file = "--callgrind-out-file=" + profile.string();
    execlp("valgrind", "valgrind", "--tool=callgrind", out_file.c_str(), "--toggle-collect=*timed_loop*",
           kExample.c_str(), "--tare-worker", ("bench=" + benchmark).c_str(), "threads=1", "tsc_ghz=0", "layout_seed=1",
           static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << tare_e2e::slurp(replies);
  const std::string text = tare_e2e::slurp(profile);
  std::smatch match;
  if (!std::regex_search(text, match, std::regex("\\n(summary|totals): ([0-9]+)")))
    throw std::runtime_error("no totals in " + profile.string());
  return std::stod(match[2]);
}

double instructions_per_invocation(const std::string& benchmark) {
  const double once = instructions_in_timed_loop(benchmark, 1000);
  const double twice = instructions_in_timed_loop(benchmark, 2000);
  return (twice - once) / 1000;
}

}  // namespace

TEST(DeadCodeDefence, ConstantInputsWithTheResultDiscardedAreDeletedAndTareSeesIt) {
  if (kExample.empty() || !have_valgrind()) GTEST_SKIP() << "needs valgrind and the dead_code example";
  // Nothing of scramble(42, 1000) survives: only the loop's own counter and branch.
  EXPECT_LE(instructions_per_invocation("dead_code.wrong"), 4.0);
}

TEST(DeadCodeDefence, OpaqueInputsAndAConsumedResultKeepTheWork) {
  if (kExample.empty() || !have_valgrind()) GTEST_SKIP() << "needs valgrind and the dead_code example";
  // 1000 rounds of multiply, add and rotate: several instructions per round.
  EXPECT_GE(instructions_per_invocation("dead_code.right"), 3000.0);
}

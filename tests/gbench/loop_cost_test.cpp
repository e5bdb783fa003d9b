// The Google Benchmark loop, compiled into the user's function from tare's header, costs a
// few instructions per iteration: counted by callgrind (deterministic, no timing) as
// (I(2N) - I(N)) / N inside the benchmark function, run by a tare worker.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <utility>

#include "support/process.hpp"

namespace {

namespace fs = std::filesystem;

bool have_valgrind() { return std::system("valgrind --version > /dev/null 2>&1") == 0; }

std::string slurp(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Instructions executed inside `function` (and what it calls) while a worker of `binary`
// takes one sample of `iterations` iterations of `benchmark`.
double instructions(const std::string& binary, const std::string& benchmark, const std::string& function,
                    long iterations) {
  const fs::path dir = tare_test::scratch_dir() / "gbench_loop_cost";
  fs::create_directories(dir);
  const fs::path commands = dir / "commands", replies = dir / "replies", profile = dir / "profile";
  std::ofstream(commands) << "sample " << iterations << " 1\nfinish\n";
  const std::string command = "valgrind --tool=callgrind --callgrind-out-file=" + profile.string() +
                              " '--toggle-collect=" + function + "' " + binary + " --tare-worker bench=" + benchmark +
                              " threads=1 tsc_ghz=0 layout_seed=1 3< " + commands.string() + " 4> " +
                              replies.string() + " > /dev/null 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << slurp(replies);
  std::smatch match;
  const std::string text = slurp(profile);
  if (!std::regex_search(text, match, std::regex("\\n(summary|totals): ([0-9]+)"))) {
    ADD_FAILURE() << "no totals in the callgrind profile";
    return 0;
  }
  return std::stod(match[2]);
}

TEST(GbenchLoopCost, AnIterationOfTheStateLoopCostsAFewInstructions) {
  if (!have_valgrind()) GTEST_SKIP() << "valgrind is not installed";
  const std::string binary = GBCORPUS_REGISTRATION_TARE;
  // BM_empty's body is a store and an empty asm; the range-for loop around it a decrement,
  // a compare and a branch. BM_keep_running_empty's body is an empty asm; KeepRunning is a
  // compare, a subtraction and a branch. Nothing of tare's runs per iteration.
  for (const auto& [function, most] :
       {std::pair<std::string, double>{"BM_empty", 5}, {"BM_keep_running_empty", 8}}) {
    const double once = instructions(binary, function, "*" + function + "*", 1000);
    const double twice = instructions(binary, function, "*" + function + "*", 2000);
    const double per_iteration = (twice - once) / 1000;
    EXPECT_GT(per_iteration, 0) << function;
    EXPECT_LE(per_iteration, most) << function;
    std::printf("%s: %.2f instructions per iteration\n", function.c_str(), per_iteration);
  }
}

}  // namespace

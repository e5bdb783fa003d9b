// The callgrind worker's refusals and its scratch directory: what can be checked without
// running valgrind (tests/e2e/instructions_test.cpp runs it).
#include "runner/callgrind_fork.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "input/usage_error.hpp"
#include "runner/worker_process.hpp"

namespace {

// Sets PATH for the test's scope, and puts the old one back.
class PathForTest {
 public:
  explicit PathForTest(const char* path) : old_(std::getenv("PATH") ? std::getenv("PATH") : "") {
    setenv("PATH", path, 1);
  }
  ~PathForTest() { setenv("PATH", old_.c_str(), 1); }

 private:
  std::string old_;
};

TEST(CallgrindFork, ValgrindMissingFromThePathIsOneUsageLineNamingTheOption) {
  const PathForTest path("/nonexistent:relative/dir");
  EXPECT_FALSE(tare::runner::find_valgrind());
  try {
    tare::runner::require_valgrind("--metric instructions");
    ADD_FAILURE() << "found valgrind";
  } catch (const tare::input::UsageError& e) {
    EXPECT_STREQ(e.what(), "--metric instructions: needs valgrind (apt-get install valgrind)");
  }
}

TEST(CallgrindFork, ValgrindOnThePathIsFoundByItsAbsolutePath) {
  const auto directory = std::filesystem::temp_directory_path() / ("tare-fake-valgrind-" + std::to_string(getpid()));
  std::filesystem::create_directories(directory);
  const auto fake = directory / "valgrind";
  std::ofstream(fake) << "#!/bin/sh\n";
  std::filesystem::permissions(fake, std::filesystem::perms::owner_all);
  {
    const PathForTest path(("/nonexistent:" + directory.string()).c_str());
    const auto found = tare::runner::find_valgrind();
    ASSERT_TRUE(found);
    EXPECT_EQ(*found, fake.string());
  }
  std::filesystem::remove_all(directory);
}

TEST(CallgrindFork, ABenchmarkWithThreadsIsRefusedBeforeAnyWorkerStarts) {
  tare::runner::CallgrindTarget target;
  target.executable = "/nonexistent/bench";  // never started
  target.worker.benchmark = "b";
  target.worker.threads = 2;
  tare::runner::CallgrindPlan plan;
  plan.valgrind = "/nonexistent/valgrind";
  try {
    tare::runner::run_callgrind_fork(target, plan);
    ADD_FAILURE() << "counted";
  } catch (const tare::runner::WorkerFailure& e) {
    EXPECT_NE(std::string(e.what()).find("single-threaded benchmarks only (this one runs 2 threads)"), std::string::npos)
        << e.what();
  }
}

TEST(CallgrindFork, TheScratchDirectoryGoesWithEverythingInIt) {
  std::string where;
  {
    const tare::runner::CallgrindDirectory directory;
    where = directory.path();
    ASSERT_TRUE(std::filesystem::is_directory(where));
    std::ofstream(where + "/callgrind.out.1.1") << "totals: 1\n";
  }
  EXPECT_FALSE(std::filesystem::exists(where));
}

#ifdef TARE_NOPS_BENCH
// A benchmark of exactly 100 instructions per operation, counted with per-instruction files
// (what the asm profiler reads): the body's batches minus the empty loop's are 100 per
// invocation, and each batch has its file.
TEST(CallgrindFork, CountsTheHundredInstructionBodyAndKeepsAFilePerBatch) {
#ifdef TARE_SANITIZE
  GTEST_SKIP() << "valgrind cannot run a binary built with sanitizers";
#endif
  const auto valgrind = tare::runner::find_valgrind();
  ASSERT_TRUE(valgrind) << "valgrind is installed with the tests (scripts/install-deps.sh --tests)";
  const tare::runner::CallgrindDirectory directory;
  tare::runner::CallgrindTarget target;
  target.executable = TARE_NOPS_BENCH;
  target.worker.benchmark = "nops.block";
  tare::runner::CallgrindPlan plan;
  plan.valgrind = *valgrind;
  plan.output_directory = directory.path();
  plan.invocations = 64;
  plan.dump_instructions = true;
  const auto run = tare::runner::run_callgrind_fork(target, plan);
  EXPECT_EQ(run.counts.invocations, 64u);
  EXPECT_EQ(run.body_2n.invocations, 128u);
  const auto body = run.counts.body_2n - run.counts.body_n;
  const auto empty = run.counts.empty_2n - run.counts.empty_n;
  EXPECT_EQ(body - empty, 64u * 100u) << "body " << body << ", empty loop " << empty;
  for (const auto* batch : {&run.body_n, &run.body_2n, &run.empty_n, &run.empty_2n}) {
    std::ifstream file(batch->path);
    ASSERT_TRUE(file) << batch->path;
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("positions: instr line"), std::string::npos) << batch->path;  // --dump-instr=yes
    EXPECT_NE(text.find("totals: " + std::to_string(batch->instructions)), std::string::npos) << batch->path;
  }
  // Only a caller that asks reads the files for rep strings; a block of nops has none.
  EXPECT_FALSE(run.counts.rep_strings);
  const auto rep_strings = tare::runner::rep_strings_of(run);
  EXPECT_EQ(rep_strings.n, 0u);
  EXPECT_EQ(rep_strings.two_n, 0u);
  // Calibrated, the batch is a power of two.
  plan.invocations = 0;
  plan.dump_instructions = false;
  const auto without_instructions = tare::runner::run_callgrind_fork(target, plan).counts;
  const auto calibrated = without_instructions.invocations;
  EXPECT_EQ(calibrated & (calibrated - 1), 0u) << calibrated;
  EXPECT_FALSE(without_instructions.rep_strings);  // no per-instruction counts to look in
}
#endif

}  // namespace

// The callgrind worker's refusals and its scratch directory: what can be checked without
// running valgrind (tests/e2e/instructions_test.cpp runs it).
#include "runner/callgrind_fork.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
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

}  // namespace

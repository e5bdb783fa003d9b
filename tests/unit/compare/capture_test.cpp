// capture_output (what `tare ab` lists benchmarks with, and how --prof asm runs objdump)
// against real misbehaving programs: each ends within its deadline or cap, says which,
// and leaves no process behind.
#include "system/capture.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "tests/support/process.hpp"
#include "tests/support/processes.hpp"

namespace tare::system {
namespace {

std::string capture_script(const std::string& name, const std::string& body) {
  const auto path = tare_test::scratch_dir() / name;
  std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
  ::chmod(path.c_str(), 0755);
  return path.string();
}

CaptureLimits capture_limits(std::chrono::seconds within, std::size_t bytes) {
  return {std::chrono::steady_clock::now() + within, bytes};
}

TEST(Capture, TakesOutputErrorsAndExitStatus) {
  const auto r = capture_output(capture_script("capture_plain", "echo \"$1 $2\"; echo oops >&2; exit 3"),
                                {"a b", "c"}, capture_limits(std::chrono::seconds(60), 100));
  EXPECT_EQ(r.ending, Captured::Ending::ended);
  EXPECT_EQ(r.exit_status, 3);
  EXPECT_EQ(r.output, "a b c\n");
  EXPECT_EQ(r.errors, "oops\n");
}

TEST(Capture, AProgramThatCannotRunSaysWhy) {
  const auto r = capture_output("/nonexistent/program", {}, capture_limits(std::chrono::seconds(60), 100));
  EXPECT_EQ(r.ending, Captured::Ending::not_started);
  EXPECT_EQ(r.start_error, "/nonexistent/program: cannot be run: No such file or directory");
}

// The program exits while a process it started still holds its stdout: the capture ends
// at the exit, not at the end of the pipe (which never comes), and the process is killed.
TEST(Capture, EndsAtTheExitWhenAChildHoldsTheOutput) {
  const auto pid_file = tare_test::scratch_dir() / "capture_holder.pid";
  const auto r = capture_output(
      capture_script("capture_holder", "sleep 86400 &\necho $! > '" + pid_file.string() + "'\necho listed"), {},
      capture_limits(std::chrono::seconds(600), 100));
  EXPECT_EQ(r.ending, Captured::Ending::ended);
  EXPECT_EQ(r.exit_status, 0);
  EXPECT_EQ(r.output, "listed\n");
  const auto left = tare_test::pids_in(pid_file);
  EXPECT_EQ(left.size(), 1u) << "the script recorded its child";
  EXPECT_TRUE(tare_test::processes_gone(left));
}

TEST(Capture, AProgramThatHangsIsKilledAtTheDeadline) {
  const auto r = capture_output(capture_script("capture_hang", "echo $$\nexec sleep 86400"), {},
                                capture_limits(std::chrono::seconds(2), 100));
  EXPECT_EQ(r.ending, Captured::Ending::deadline);
  EXPECT_EQ(r.exit_status, -1);
  // Its pid, unless a busy machine kept the shell from even printing it in time.
  if (!r.output.empty()) {
    EXPECT_FALSE(tare_test::process_alive(std::stoi(r.output)));
  }
}

TEST(Capture, AFloodIsCutAtTheCap) {
  const auto r = capture_output(capture_script("capture_flood", "exec yes"), {},
                                capture_limits(std::chrono::seconds(600), 1000));
  EXPECT_EQ(r.ending, Captured::Ending::too_much_output);
  EXPECT_EQ(r.output.size(), 1000u);
  EXPECT_EQ(r.output.substr(0, 4), "y\ny\n");
}

// Standard error is read as it comes, so a program that writes much of it does not block;
// only its first 4 KiB are kept.
TEST(Capture, MuchOnStandardErrorNeitherBlocksNorIsAllKept) {
  const auto r = capture_output(capture_script("capture_stderr", "head -c 4194304 /dev/zero >&2\necho done"), {},
                                capture_limits(std::chrono::seconds(600), 100));
  EXPECT_EQ(r.ending, Captured::Ending::ended);
  EXPECT_EQ(r.output, "done\n");
  EXPECT_EQ(r.errors.size(), 4096u);
}

}  // namespace
}  // namespace tare::system

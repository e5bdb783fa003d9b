// `tare ab` lists each binary's benchmarks by running it with --list-json (issue 17, item 2):
// a binary that hangs there, or floods, ends the command with one line naming it, exit 1,
// and nothing it started is left running. The binaries are real shell scripts that also
// start a process of their own holding the pipe.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "command.hpp"
#include "support/processes.hpp"

namespace {

// A script that records its own pid and a background `sleep`'s (which holds its stdout) in
// `pids`, then does `what` and waits forever.
std::string lister_script(const std::string& name, const std::string& what, const std::filesystem::path& pids) {
  const auto path = tare_e2e::scratch_dir() / name;
  std::ofstream(path) << "#!/bin/sh\n"
                      << "sleep 86400 &\n"
                      << "echo $! >> '" << pids.string() << "'\n"
                      << "echo $$ >> '" << pids.string() << "'\n"
                      << what << "\n"
                      << "wait\n";
  ::chmod(path.c_str(), 0755);
  return path.string();
}

std::string error_line(const std::string& err) {
  const auto at = err.find("tare: error: ");
  return at == std::string::npos ? std::string() : err.substr(at, err.find('\n', at) - at);
}

}  // namespace

// Without a deadline `tare ab` would wait for the script forever (here: until the test's
// own limit kills it). The deadline is --timeout's (30 s by default); 2 s leave a busy
// machine ample time to start the script's `sleep` and record it (milliseconds' work).
TEST(ListingFaults, AbEndsAtTheTimeoutWhenABinaryHangsWhileListing) {
  const auto pids = tare_e2e::scratch_dir() / "hanging_lister.pids";
  const std::string hangs = lister_script("hanging_lister", "echo '['", pids);
  const auto r = tare_test::run_process(
      {tare_e2e::kTare, "ab", hangs, TARE_AB_BASE, "--pairs", "2", "--timeout", "2"}, std::chrono::seconds(120));
  EXPECT_FALSE(r.timed_out) << "tare ab waited for the hanging binary";
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(error_line(r.err), "tare: error: " + hangs + ": its --list-json did not finish within 2 s (--timeout); killed")
      << r.err;
  const auto listed = tare_test::pids_in(pids);
  EXPECT_FALSE(listed.empty()) << "the script recorded its processes";
  EXPECT_TRUE(tare_test::processes_gone(listed));
}

// 32 MiB, then silence with the pipe held open: without a cap `tare ab` would keep it all
// and then wait for the end of the pipe.
TEST(ListingFaults, AbStopsReadingAtTheCapWhenABinaryFloodsWhileListing) {
  const auto pids = tare_e2e::scratch_dir() / "flooding_lister.pids";
  const std::string floods = lister_script("flooding_lister", "head -c 33554432 /dev/zero", pids);
  const auto r = tare_test::run_process(
      {tare_e2e::kTare, "ab", TARE_AB_BASE, floods, "--pairs", "2", "--timeout", "600"}, std::chrono::seconds(120));
  EXPECT_FALSE(r.timed_out) << "tare ab waited for the flooding binary";
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(error_line(r.err),
            "tare: error: " + floods + ": its --list-json wrote more than 16 MiB, more than any benchmark list; killed")
      << r.err;
  const auto listed = tare_test::pids_in(pids);
  EXPECT_FALSE(listed.empty()) << "the script recorded its processes";
  EXPECT_TRUE(tare_test::processes_gone(listed));
}

// Gates fail closed when the new build crashes (issue 17): `tare ab` and `tare compare` with
// --fail-on slower exit 1, naming the benchmark and the crash in one line each. The new
// build is a real binary whose benchmark segfaults.
#include <gtest/gtest.h>

#include <string>

#include "command.hpp"

namespace {

std::string first_gate_line(const std::string& err) {
  const auto at = err.find("tare: gate failed: ");
  return at == std::string::npos ? std::string() : err.substr(at, err.find('\n', at) - at);
}

}  // namespace

TEST(GateFaults, AbFailsTheGateWhenTheNewBuildCrashes) {
  const auto r = tare_e2e::run_command({tare_e2e::kTare, "ab", TARE_AB_BASE, TARE_AB_CRASHES, "--pairs", "2",
                                        "--measure-ms", "5", "--warmup-max-ms", "10", "--fail-on", "slower"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const std::string line = first_gate_line(r.err);
  EXPECT_NE(line.find("ab.spin: not compared: a worker failed"), std::string::npos) << r.err;
  EXPECT_NE(line.find("signal 11"), std::string::npos) << r.err;
}

TEST(GateFaults, CompareFailsTheGateWhenTheNewRunCrashed) {
  const auto dir = tare_e2e::scratch_dir();
  const auto base = (dir / "gate_base.json").string(), crashed = (dir / "gate_crashed.json").string();
  const std::vector<std::string> quick{"--forks", "2", "--max-forks", "2", "--measure-ms", "5", "--warmup-max-ms",
                                       "20", "--json"};
  auto run = [&](const std::string& binary, const std::string& json) {
    std::vector<std::string> args{binary};
    args.insert(args.end(), quick.begin(), quick.end());
    args.push_back(json);
    return tare_e2e::run_command(args);
  };
  ASSERT_EQ(run(TARE_AB_BASE, base).exit_code, 0);
  ASSERT_EQ(run(TARE_AB_CRASHES, crashed).exit_code, 1) << "a crashed benchmark fails its own run";
  const auto r = tare_e2e::run_command({tare_e2e::kTare, "compare", base, crashed, "--fail-on", "slower"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_EQ(first_gate_line(r.err), "tare: gate failed: ab.spin: not compared: failed in the new run") << r.err;
}

// The timed code's identity in a run's results (`code`): --prof instructions writes it from
// its callgrind worker, --prof asm from the same file as the hot code, and a plain run does
// not. What is asserted is exact whatever the load: the functions, their digests, the loop.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <string>
#include <vector>

#include "command.hpp"

namespace {

using IdentityJson = nlohmann::json;  // other e2e files have their own aliases (unity builds)

bool identity_tools_installed() {
  return std::system("valgrind --version > /dev/null 2>&1") == 0 && std::system("objdump --version > /dev/null 2>&1") == 0;
}

// identity.mix run with `profiler` and tiny budgets; the benchmark's results.
IdentityJson identity_run(const std::string& profiler, const std::string& file) {
  const auto path = (tare_e2e::scratch_dir() / file).string();
  std::vector<std::string> args{TARE_E2E_IDENTITY_BASE, "--forks", "2", "--max-forks", "2", "--measure-ms", "2",
                                "--warmup-max-ms", "20", "--json", path};
  if (!profiler.empty()) args.insert(args.begin() + 1, {"--prof", profiler});
  const auto result = tare_e2e::run_command(args);
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  return IdentityJson::parse(tare_e2e::slurp(path))["benchmarks"][0];
}

const IdentityJson* mix_rounds_of(const IdentityJson& code) {
  for (const auto& function : code["functions"])
    if (function["name"] == "identity_mix_rounds(unsigned long)") return &function;
  return nullptr;
}

TEST(TimedCodeInResults, ProfInstructionsWritesTheTimedCodeAndProfAsmTheSame) {
  if (!identity_tools_installed()) GTEST_SKIP() << "needs valgrind and objdump";
  const IdentityJson counted = identity_run("instructions", "identity_instructions.json");
  const IdentityJson& code = counted["code"];
  ASSERT_TRUE(code.is_object()) << counted["warnings"];
  EXPECT_TRUE(counted["instruction_counts"].is_object());
  ASSERT_FALSE(code["functions"].empty());
  for (const auto& function : code["functions"]) {
    EXPECT_EQ(function["digest"].get<std::string>().size(), 16u) << function;
    EXPECT_GT(function["instructions"].get<int>(), 0) << function;
  }
  const IdentityJson* mix = mix_rounds_of(code);
  ASSERT_NE(mix, nullptr) << code;
  EXPECT_EQ(code["hot_function"], "identity_mix_rounds(unsigned long)");
  ASSERT_TRUE(code["hot_loop_address"].is_number()) << code;
  EXPECT_GT(code["hot_loop_address"].get<std::uint64_t>(), (*mix)["address"].get<std::uint64_t>());

  // --prof asm reads the same code from its own callgrind worker.
  const IdentityJson profiled = identity_run("asm", "identity_asm.json");
  EXPECT_TRUE(profiled["hot_code"].is_object()) << profiled["warnings"];
  // The same code; the batches differ (--prof asm counts the one its timing forks
  // calibrated), but not what one invocation executes.
  for (const char* field : {"functions", "hot_function", "hot_loop_address"})
    EXPECT_EQ(profiled["code"][field], code[field]) << field;
  const auto per_invocation = [](const IdentityJson& c) {
    return c["instructions"].get<double>() / c["invocations"].get<double>();
  };
  EXPECT_DOUBLE_EQ(per_invocation(profiled["code"]), per_invocation(code));
}

TEST(TimedCodeInResults, APlainRunDoesNotIdentifyTheCode) {
  const IdentityJson plain = identity_run("", "identity_plain.json");
  EXPECT_TRUE(plain["code"].is_null()) << plain["code"];
}

}  // namespace

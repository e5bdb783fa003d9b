// --prof asm end to end: a real benchmark binary (asm_bench.cpp) run with tiny budgets,
// then under callgrind with per-instruction counts, its hot code disassembled by objdump.
// What is asserted is exact whatever the load: where the instructions go and what they are.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <filesystem>
#include <string>

#include "command.hpp"

namespace {

using asm_json = nlohmann::json;

bool asm_tools_installed() {
  return std::system("valgrind --version > /dev/null 2>&1") == 0 && std::system("objdump --version > /dev/null 2>&1") == 0;
}

const asm_json& asm_benchmark(const asm_json& run, const std::string& name) {
  for (const auto& b : run["benchmarks"])
    if (b["name"] == name) return b;
  throw std::runtime_error("no benchmark " + name);
}

double every_share(const asm_json& hot) {
  double sum = hot["before"]["share"].get<double>() + hot["after"]["share"].get<double>() +
               hot["more_functions"]["share"].get<double>();
  for (const auto& instruction : hot["listing"]) sum += instruction["share"].get<double>();
  for (const auto& function : hot["other_functions"]) sum += function["share"].get<double>();
  return sum;
}

TEST(EndToEnd, AsmProfilerShowsTheSumsLoopHottestAndTheDeletedLoopOptimizedAway) {
  if (!asm_tools_installed()) GTEST_SKIP() << "needs valgrind and objdump";
  const auto path = (tare_e2e::scratch_dir() / "asm.json").string();
  const auto result = tare_e2e::run_command({TARE_E2E_ASM_BENCH, "--prof", "asm", "--forks", "2", "--max-forks", "2",
                                             "--measure-ms", "2", "--warmup-max-ms", "20", "--json", path});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const asm_json run = asm_json::parse(tare_e2e::slurp(path));
  EXPECT_EQ(run["context"]["settings"]["profilers"], asm_json::array({"asm"}));

  const asm_json& sum = asm_benchmark(run, "asm.sum")["hot_code"];
  ASSERT_TRUE(sum.is_object()) << asm_benchmark(run, "asm.sum")["warnings"];
  EXPECT_FALSE(sum["optimized_away"].get<bool>());
  EXPECT_NE(sum["function"].get<std::string>().find("timed_loop"), std::string::npos) << sum["function"];
  EXPECT_NEAR(every_share(sum), 1.0, 1e-9);
  ASSERT_FALSE(sum["listing"].empty());
  double hot_share = 0;
  bool reads_the_array = false, on_the_sums_line = false;
  for (const auto& instruction : sum["listing"]) {
    if (!instruction["hot"].get<bool>()) continue;
    hot_share += instruction["share"].get<double>();
    reads_the_array |= instruction["text"].get<std::string>().find('(') != std::string::npos;
    on_the_sums_line |= instruction["source"].get<std::string>().rfind("asm_bench.cpp:", 0) == 0;
  }
  EXPECT_GT(hot_share, 0.9) << sum["listing"];  // 512 numbers an operation: the loop is nearly all
  EXPECT_TRUE(reads_the_array) << sum["listing"];
  EXPECT_TRUE(on_the_sums_line) << sum["listing"];  // the bench is built with -g

  const asm_json& deleted = asm_benchmark(run, "asm.deleted")["hot_code"];
  ASSERT_TRUE(deleted.is_object()) << asm_benchmark(run, "asm.deleted")["warnings"];
  EXPECT_TRUE(deleted["optimized_away"].get<bool>()) << deleted["listing"];
  EXPECT_NEAR(every_share(deleted), 1.0, 1e-9);

  // The console says it once: for the deleted loop, not the sum.
  const std::string said = "The work was optimized away";
  const auto first = result.out.find(said);
  ASSERT_NE(first, std::string::npos) << result.out;
  EXPECT_EQ(result.out.find(said, first + 1), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("Hot code of asm.sum (--prof asm)"), std::string::npos) << result.out;
}

TEST(EndToEnd, AsmProfilerWithoutValgrindOrObjdumpIsRefusedBeforeMeasuring) {
  const auto without_either = tare_e2e::run_command({"/usr/bin/env", "PATH=/nonexistent", TARE_E2E_ASM_BENCH, "--prof", "asm"});
  EXPECT_EQ(without_either.exit_code, 2) << without_either.out << without_either.err;
  EXPECT_NE(without_either.err.find("--prof asm: needs valgrind"), std::string::npos) << without_either.err;
  EXPECT_EQ(without_either.out.find("asm.sum"), std::string::npos) << without_either.out;  // nothing measured
  // A PATH with a valgrind (any executable of that name) and no objdump.
  const auto folder = tare_e2e::scratch_dir() / "only_valgrind";
  std::filesystem::create_directories(folder);
  std::filesystem::copy_file("/bin/true", folder / "valgrind", std::filesystem::copy_options::overwrite_existing);
  const auto without_objdump =
      tare_e2e::run_command({"/usr/bin/env", "PATH=" + folder.string(), TARE_E2E_ASM_BENCH, "--prof", "asm"});
  EXPECT_EQ(without_objdump.exit_code, 2) << without_objdump.out << without_objdump.err;
  EXPECT_NE(without_objdump.err.find("--prof asm: needs objdump (apt-get install binutils)"), std::string::npos)
      << without_objdump.err;
}

}  // namespace

// --prof asm end to end: a real benchmark binary (asm_bench.cpp) run with tiny budgets,
// then under callgrind with per-instruction counts, its hot code disassembled by objdump.
// What is asserted is exact whatever the load: where the instructions go and what they are.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

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

// The lines of a benchmark's hot-code block in the console: from its title to the blank
// line after it.
std::vector<std::string> hot_code_lines(const std::string& console, const std::string& benchmark) {
  const auto start = console.find("Hot code of " + benchmark + " (--prof asm)");
  if (start == std::string::npos) return {};
  std::istringstream in(console.substr(start, console.find("\n\n", start) - start));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// "    0.50% ▌  3337a  jne 33060": an instruction line, its share and whether it is marked.
struct PrintedInstruction {
  double percent = 0;  // "<0.01%" as 0.005, a blank share as 0
  bool marked = false;
};

std::vector<PrintedInstruction> printed_instructions(const std::vector<std::string>& lines) {
  static const std::regex instruction(R"(^  ( *(<?)([0-9.]+)%| {8}) (▌| ) +[0-9a-f]+  \S.*$)");
  std::vector<PrintedInstruction> printed;
  for (const auto& line : lines) {
    std::smatch m;
    if (!std::regex_match(line, m, instruction)) continue;
    const double percent = m[3].matched ? std::stod(m[3].str()) : 0;
    printed.push_back({m[2].length() > 0 ? percent / 2 : percent, m[4] == "▌"});
  }
  return printed;
}

// "...; the 208 listed hold 99.94%": the share the title states for the listing, in percent.
double stated_listing_percent(const std::string& title) {
  static const std::regex stated(R"(; the ([0-9]+) listed hold ([0-9.]+)%$)");
  std::smatch m;
  if (!std::regex_search(title, m, stated)) throw std::runtime_error("no listing share in: " + title);
  return std::stod(m[2].str());
}

double listing_share(const asm_json& hot) {
  double sum = 0;
  for (const auto& instruction : hot["listing"]) sum += instruction["share"].get<double>();
  return sum;
}

TEST(EndToEnd, AsmProfilerListsALoopOfTwoHundredWholeAndWritesOneOfSixHundredToTheFileItNames) {
  if (!asm_tools_installed()) GTEST_SKIP() << "needs valgrind and objdump";
  const auto path = (tare_e2e::scratch_dir() / "hot_loops.json").string();
  const auto folder = tare_e2e::scratch_dir() / "hot_loops.asm";
  std::filesystem::remove_all(folder);
  const auto result =
      tare_e2e::run_command({TARE_E2E_HOT_LOOPS_BENCH, "--filter", "^loop\\.", "--prof", "asm", "--forks", "2",
                             "--max-forks", "2", "--measure-ms", "2", "--warmup-max-ms", "20", "--json", path});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const asm_json run = asm_json::parse(tare_e2e::slurp(path));

  // 200 instructions: every one listed and marked, on the console as in the JSON.
  const asm_json& loop = asm_benchmark(run, "loop.200")["hot_code"];
  ASSERT_TRUE(loop.is_object()) << asm_benchmark(run, "loop.200")["warnings"];
  EXPECT_EQ(loop["region"]["instructions"], 200);
  EXPECT_TRUE(loop["region"]["loop"].get<bool>());
  EXPECT_FALSE(loop["listing_cut"].get<bool>());
  EXPECT_TRUE(loop["listing_file"].is_null());
  int marked = 0;
  for (const auto& instruction : loop["listing"]) marked += instruction["hot"].get<bool>() ? 1 : 0;
  EXPECT_EQ(marked, 200) << loop["listing"];
  const auto block = hot_code_lines(result.out, "loop.200");
  ASSERT_FALSE(block.empty()) << result.out;
  const auto printed = printed_instructions(block);
  EXPECT_EQ(printed.size(), loop["listing"].size()) << result.out;
  int printed_marked = 0;
  double printed_sum = 0;
  for (const auto& instruction : printed) {
    printed_marked += instruction.marked ? 1 : 0;
    printed_sum += instruction.percent;
  }
  EXPECT_EQ(printed_marked, 200) << result.out;
  EXPECT_NE(result.out.find("▌ hottest region: a loop of 200 instructions, listed whole"), std::string::npos) << result.out;
  // The shares add up: the lines printed to the share the title states (each rounded to
  // 0.01%), and what is listed and left out to the function's share.
  const double stated = stated_listing_percent(block[0]);
  EXPECT_NEAR(stated, 100 * listing_share(loop), 0.005 + 1e-9) << block[0];
  EXPECT_NEAR(printed_sum, stated, 0.005 * (printed.size() + 1)) << result.out;
  EXPECT_NEAR(loop["before"]["share"].get<double>() + listing_share(loop) + loop["after"]["share"].get<double>(),
              loop["function_share"].get<double>(), 1e-9);
  EXPECT_GT(stated, 99.0);  // the region holds nearly all: nothing of note is left out

  // 600 instructions: past the inline limit, its costliest 400 listed and the whole
  // function in a file beside the results, named in the console and the JSON.
  const asm_json& long_loop = asm_benchmark(run, "loop.600")["hot_code"];
  ASSERT_TRUE(long_loop.is_object()) << asm_benchmark(run, "loop.600")["warnings"];
  EXPECT_EQ(long_loop["region"]["instructions"], 600);
  EXPECT_TRUE(long_loop["listing_cut"].get<bool>());
  EXPECT_EQ(long_loop["listing"].size(), 400u);
  const std::string file = (folder / "loop.600.txt").string();
  EXPECT_EQ(long_loop["listing_file"], file);
  const auto long_block = hot_code_lines(result.out, "loop.600");
  EXPECT_EQ(printed_instructions(long_block).size(), 400u) << result.out;
  EXPECT_NE(result.out.find("  the whole listing, every instruction with its share: " + file), std::string::npos)
      << result.out;
  EXPECT_NEAR(long_loop["before"]["share"].get<double>() + listing_share(long_loop) +
                  long_loop["after"]["share"].get<double>(),
              long_loop["function_share"].get<double>(), 1e-9);
  std::vector<std::string> whole;
  {
    std::istringstream in(tare_e2e::slurp(file));
    for (std::string line; std::getline(in, line);) whole.push_back(line);
  }
  ASSERT_FALSE(whole.empty()) << file;
  const auto all = printed_instructions(whole);
  int all_marked = 0;
  for (const auto& instruction : all) all_marked += instruction.marked ? 1 : 0;
  EXPECT_EQ(all_marked, 600) << tare_e2e::slurp(file);
  EXPECT_EQ(all.size(), whole.size() - 2);  // a title and the region's line, then every instruction
  EXPECT_NE(whole[0].find("Hot code of loop.600 (--prof asm), the whole listing of "), std::string::npos) << whole[0];
  // loop.200 fitted: no file of its own.
  EXPECT_FALSE(std::filesystem::exists(folder / "loop.200.txt"));
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

// --prof asm's hot code in the reports: the JSON round trip (hot_code) and the console
// block (its lines, the hottest region marked, the optimized-away statement, its bound).
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "report/console.hpp"
#include "report/hot_code_block.hpp"
#include "report/json_read.hpp"
#include "sample_runs.hpp"

namespace tare::report {
namespace {

results::AsmProfile summing_loop() {
  results::AsmProfile hot;
  hot.instructions = 32623;
  hot.function = "sum_loop(int const*, int, unsigned long)";
  hot.object = "/tmp/fx/sum_loop";
  hot.function_share = 0.9995;
  hot.region = {3, 0.5886, true};
  hot.listing = {{0x1277, "nopw 0x0(%rax,%rax,1)", "sum_loop.cpp:7", 0.003, false},
                 {0x1280, "movslq (%rax),%r8", "sum_loop.cpp:7", 0.1962, true},
                 {0x1283, "add $0x4,%rax", "sum_loop.cpp:7", 0.1962, true},
                 {0x128d, "jne 1280", "sum_loop.cpp:7", 0.1962, true},
                 {0x128f, "sub $0x1,%rdx", "sum_loop.cpp:6", 0, false}};
  hot.before = {6, 0.0002};
  hot.after = {3, 0};
  hot.other_functions = {{"main", "/tmp/fx/sum_loop", 0.0005}};
  hot.more_functions = {2, 0.0001};
  return hot;
}

std::string read_back(const std::string& text) {
  std::istringstream in(text);
  return testing::to_text(read_json(in));
}

TEST(HotCode, JsonRoundTripKeepsEveryField) {
  results::Run run = testing::full_run();
  run.benchmarks[0].hot_code = summing_loop();
  const std::string text = testing::to_text(run);
  std::istringstream in(text);
  const results::Run read = read_json(in);
  ASSERT_TRUE(read.benchmarks[0].hot_code);
  const auto& hot = *read.benchmarks[0].hot_code;
  EXPECT_EQ(hot.instructions, 32623u);
  EXPECT_EQ(hot.object, "/tmp/fx/sum_loop");
  ASSERT_EQ(hot.listing.size(), 5u);
  EXPECT_EQ(hot.listing[1].address, 0x1280u);
  EXPECT_EQ(hot.listing[1].text, "movslq (%rax),%r8");
  EXPECT_TRUE(hot.listing[1].hot);
  EXPECT_EQ(hot.before.count, 6);
  EXPECT_EQ(hot.more_functions.count, 2);
  EXPECT_EQ(hot.region.instructions, 3);
  EXPECT_DOUBLE_EQ(hot.region.share, 0.5886);
  EXPECT_TRUE(hot.region.loop);
  EXPECT_FALSE(hot.listing_cut);
  EXPECT_EQ(hot.listing_file, "");
  EXPECT_EQ(hot.rep_string_instructions, 0u);
  EXPECT_FALSE(read.benchmarks[1].hot_code);  // null for a benchmark without it
  EXPECT_EQ(read_back(text), text);
}

TEST(HotCode, JsonShape) {
  results::Run run = testing::full_run();
  run.benchmarks[0].hot_code = summing_loop();
  const auto json = nlohmann::ordered_json::parse(testing::to_text(run));
  const auto& hot = json["benchmarks"][0]["hot_code"];
  std::vector<std::string> keys;
  for (const auto& [key, value] : hot.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"instructions", "function", "object", "function_share", "optimized_away",
                                             "region", "listing", "listing_cut", "listing_file", "before", "after",
                                             "other_functions", "more_functions", "rep_string_instructions"}));
  EXPECT_EQ(hot["region"], nlohmann::ordered_json::parse(R"({"instructions": 3, "share": 0.5886, "loop": true})"));
  EXPECT_TRUE(hot["listing_file"].is_null());
  EXPECT_EQ(hot["listing"][1]["address"], 0x1280);
  EXPECT_EQ(hot["before"]["instructions"], 6);
  EXPECT_EQ(hot["more_functions"]["functions"], 2);
  EXPECT_TRUE(json["benchmarks"][1]["hot_code"].is_null());
}

TEST(HotCode, ConsoleBlockListsTheInstructionsAndMarksTheHottestRegion) {
  results::Benchmark b;
  b.name = "asm.sum";
  b.hot_code = summing_loop();
  const auto lines = detail::hot_code_block(b, false);
  ASSERT_EQ(lines.size(), 13u);  // title, function, region, above, 5 instructions, below, 3 of elsewhere
  EXPECT_NE(lines[0].find("Hot code of asm.sum (--prof asm)"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("32623 instructions"), std::string::npos) << lines[0];
  // The title says what the listed lines add up to: 0.30 + 3 × 19.62 = 59.16%.
  EXPECT_NE(lines[0].find("; the 5 listed hold 59.16%"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find("99.95%   sum_loop (sum_loop)"), std::string::npos) << lines[1];  // no parameters
  EXPECT_EQ(lines[2], "    58.86%   ▌ hottest region: a loop of 3 instructions, listed whole");
  EXPECT_NE(lines[3].find("… 6 instructions above"), std::string::npos) << lines[3];
  EXPECT_EQ(lines[5], "    19.62% ▌   1280  movslq (%rax),%r8");  // the same source line as above: not repeated
  EXPECT_NE(lines[4].find("sum_loop.cpp:7"), std::string::npos) << lines[4];
  EXPECT_EQ(lines[4].find("▌"), std::string::npos) << lines[4];
  EXPECT_NE(lines[8].find("sum_loop.cpp:6"), std::string::npos) << lines[8];
  EXPECT_NE(lines[9].find("… 3 instructions below"), std::string::npos) << lines[9];
  EXPECT_EQ(lines[10], "  Elsewhere:");
  EXPECT_EQ(lines[11], "     0.05%   main (sum_loop)");
  EXPECT_EQ(lines[12], "     0.01%   2 more functions");
  for (const auto& line : lines) EXPECT_EQ(line.find("optimized away"), std::string::npos) << line;
  for (const auto& line : lines) EXPECT_EQ(line.find("rep-prefixed"), std::string::npos) << line;
}

TEST(HotCode, ACutListingNamesTheFileThatHoldsItWholeOrSaysItCouldNotBeWritten) {
  results::Benchmark b;
  b.name = "loop.600";
  b.hot_code = summing_loop();
  b.hot_code->region = {600, 0.9994, true};
  b.hot_code->listing_cut = true;
  b.hot_code->listing_file = "out/run.asm/loop.600.txt";
  const auto lines = detail::hot_code_block(b, false);
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[2], "    99.94%   ▌ hottest region: a loop of 600 instructions; the costliest 5 of the function's "
                      "instructions listed");
  EXPECT_EQ(lines[3], "  the whole listing, every instruction with its share: out/run.asm/loop.600.txt");
  b.hot_code->listing_file.clear();
  const auto unwritten = detail::hot_code_block(b, false);
  EXPECT_NE(unwritten[2].find("(the whole listing could not be written: see the warnings)"), std::string::npos)
      << unwritten[2];
  EXPECT_EQ(unwritten[3].find("the whole listing, every"), std::string::npos) << unwritten[3];
}

TEST(HotCode, TheWholeListingsFileHoldsEveryInstructionAsTheBlockPrintsIt) {
  results::Benchmark b;
  b.name = "loop.600";
  b.hot_code = summing_loop();
  const auto block = detail::hot_code_block(b, false);
  auto whole = b.hot_code->listing;
  whole.insert(whole.begin(), {0x1270, "push %rbp", "sum_loop.cpp:5", 0.0001, false});
  const auto lines = detail::hot_code_listing(b, whole);
  ASSERT_EQ(lines.size(), 2 + whole.size());
  EXPECT_NE(lines[0].find("the whole listing of sum_loop(int const*, int, unsigned long) (/tmp/fx/sum_loop)"),
            std::string::npos)
      << lines[0];
  EXPECT_NE(lines[0].find("its 6 instructions here hold 59.17%"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1], "    58.86%   ▌ hottest region: a loop of 3 instructions");
  EXPECT_EQ(lines[3], block[4]);  // the block's first listed instruction, printed alike
}

TEST(HotCode, RepStringsShareIsSaidWithHowCallgrindCountsThem) {
  results::Benchmark b;
  b.name = "rep.strings";
  b.hot_code = summing_loop();
  b.hot_code->rep_string_instructions = 16312;  // half of 32623, to the rounding
  const auto lines = detail::hot_code_block(b, false);
  EXPECT_EQ(lines.back(), "    50.00%   of the batch's count is at rep-prefixed string instructions (rep stos, rep movs, "
                          "…): callgrind counts such an instruction once per iteration, and once more where it ends");
}

TEST(HotCode, ConsoleNamesATemplateWithoutItsReturnTypeAndParameters) {
  results::Benchmark b;
  b.name = "asm.sum";
  b.hot_code = summing_loop();
  b.hot_code->function =
      "unsigned long tare::detail::timed_loop<tare_register_0()::{lambda()#1}, tare::NoState>(void const*, void*, "
      "unsigned long)";
  b.hot_code->other_functions[0].function = "tare::registry::NativeBody::run(tare::detail::StateBase&, unsigned long) const";
  b.hot_code->other_functions.push_back(
      {"void sort_loop<long>(unsigned long*, unsigned long*, long) [clone .isra.0]", "/x", 0.4});
  const auto lines = detail::hot_code_block(b, false);
  ASSERT_EQ(lines.size(), 14u);
  EXPECT_NE(lines[1].find("   tare::detail::timed_loop<tare_register_0()::{lambda()#1}, tare::NoState> (sum_loop)"),
            std::string::npos)
      << lines[1];
  EXPECT_EQ(lines[11], "     0.05%   tare::registry::NativeBody::run (sum_loop)");
  EXPECT_EQ(lines[12], "    40.00%   sort_loop<long> [clone .isra.0] (x)");
}

TEST(HotCode, ConsoleSaysPlainlyWhenTheWorkWasOptimizedAway) {
  results::Run run = testing::console_run();
  results::AsmProfile hot = summing_loop();
  hot.optimized_away = true;
  hot.function = std::string(5000, 'T');  // a template's name: cut
  run.benchmarks[0].hot_code = hot;
  std::ostringstream out;
  write_console(run, out);
  const std::string text = out.str();
  EXPECT_NE(text.find("The work was optimized away"), std::string::npos) << text;
  EXPECT_EQ(text.find(std::string(200, 'T')), std::string::npos);
  // The longest block annotate() makes: 400 instructions, a file named, 3 other functions
  // and more, rep strings: 13 lines beside the instructions.
  auto& longest = *run.benchmarks[0].hot_code;
  while (longest.listing.size() < 400) longest.listing.push_back(longest.listing.back());
  longest.other_functions.assign(3, longest.other_functions.front());
  longest.listing_cut = true;
  longest.listing_file = "run.asm/x.txt";
  longest.rep_string_instructions = 1;
  const auto lines = detail::hot_code_block(run.benchmarks[0], true);
  EXPECT_EQ(lines.size(), 413u);
}

}  // namespace
}  // namespace tare::report

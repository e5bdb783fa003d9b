// A direction on a benchmark whose timed code is the same machine code on both sides,
// placed elsewhere, is placement: named as such in every output, and no gate fails on it.
// The same code at the same addresses (identical binaries above all) keeps its direction,
// and the outputs say the difference is not the code's. Synthetic runs with a known 10%
// difference, their recorded code the same (moved or not) or changed.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "compare/compare.hpp"
#include "compare/variant_compare.hpp"
#include "tools/tare/compare_output.hpp"

namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using tare::compare::compare_runs;
using tare::compare::Direction;
using tare::results::Benchmark;
using tare::results::CodeIdentity;
using tare::results::Fork;
using Results = tare::results::Run;
using tare::results::Sample;

CodeIdentity code_at(std::uint64_t address, const std::string& digest) {
  CodeIdentity code;
  code.functions = {{"sort_ints(int*, unsigned long)", digest, address, 40}};
  code.hot_function = "sort_ints(int*, unsigned long)";
  code.hot_loop_address = address + 0x10;
  code.invocations = 1024;
  code.instructions = 1024 * 300;
  return code;
}

// Six forks of 50 samples around `per_op` ns (0.2% noise), with `code` recorded.
Results run_with(double per_op, std::uint64_t seed, std::optional<CodeIdentity> code) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(1.0, 0.002);
  Benchmark b;
  b.name = "sort";
  b.unit = "ns/op";
  double total = 0;
  for (int k = 0; k < 6; ++k) {
    Fork f;
    double sum = 0;
    for (int i = 0; i < 50; ++i) {
      const double v = per_op * noise(rng);
      f.samples.push_back(Sample{1000, v * 1000, 0, {}});
      sum += v;
    }
    f.mean = sum / 50;
    total += f.mean;
    b.forks.push_back(f);
  }
  b.score = total / 6;
  b.code = std::move(code);
  Results run;
  run.benchmarks.push_back(b);
  return run;
}

TEST(PlacementVerdict, TheSameCodeTenPercentSlowerIsPlacementAndPassesTheGate) {
  const auto report = compare_runs(run_with(100, 1, code_at(0x1200, "aaaaaaaaaaaaaaaa")),
                                   run_with(110, 2, code_at(0x1230, "aaaaaaaaaaaaaaaa")), {});
  ASSERT_EQ(report.rows.size(), 1u);
  const auto& row = report.rows[0];
  EXPECT_EQ(row.verdict.direction, Direction::slower);
  EXPECT_TRUE(row.verdict.placement);
  EXPECT_FALSE(row.verdict.fails_gate);
  EXPECT_TRUE(tare::compare::gate_failures(report).empty());
  std::ostringstream console, json;
  tare::tool::write_compare_console(report, console);
  EXPECT_THAT(console.str(), HasSubstr("placement, not a change: the same machine code ran slower by"));
  EXPECT_THAT(console.str(), HasSubstr("(its hot loop at byte 16 of a cache line, then 0)"));
  EXPECT_THAT(console.str(), HasSubstr("Same machine code in both builds, placed elsewhere (any difference is placement): sort"));
  tare::tool::write_compare_json(report, json);
  const auto doc = nlohmann::json::parse(json.str());
  const auto& j = doc["benchmarks"][0];
  EXPECT_EQ(j["verdict"], "placement");
  EXPECT_FALSE(j["fails_gate"].get<bool>());
  EXPECT_TRUE(j["code"]["same"].get<bool>());
  EXPECT_TRUE(j["code"]["moved"].get<bool>());
  EXPECT_FALSE(j["code"]["identical"].get<bool>());
  EXPECT_EQ(j["code"]["hot_loop_offset"]["base"], 16);
  EXPECT_EQ(j["code"]["hot_loop_offset"]["new"], 0);
}

TEST(PlacementVerdict, TheSameCodeAtTheSameAddressesKeepsItsDirection) {
  const auto report = compare_runs(run_with(100, 1, code_at(0x1200, "aaaaaaaaaaaaaaaa")),
                                   run_with(110, 2, code_at(0x1200, "aaaaaaaaaaaaaaaa")), {});
  const auto& row = report.rows[0];
  ASSERT_TRUE(row.code.has_value());
  EXPECT_TRUE(row.code->same);
  EXPECT_FALSE(row.code->moved);
  EXPECT_EQ(row.verdict.direction, Direction::slower);
  EXPECT_FALSE(row.verdict.placement);  // where it sits did not change: it cannot explain 10%
  EXPECT_TRUE(row.verdict.fails_gate);
  std::ostringstream console, markdown, json;
  tare::tool::write_compare_console(report, console);
  EXPECT_THAT(console.str(), Not(HasSubstr("placement")));
  EXPECT_THAT(console.str(), HasSubstr("Same machine code at the same addresses in both builds (a difference is not the "
                                       "code's, nor where it sits): sort"));
  tare::tool::write_compare_markdown(report, markdown);
  EXPECT_THAT(markdown.str(), HasSubstr("Same machine code at the same addresses in both builds"));
  tare::tool::write_compare_json(report, json);
  const auto j = nlohmann::json::parse(json.str())["benchmarks"][0];
  EXPECT_EQ(j["verdict"], "slower");
  EXPECT_TRUE(j["code"]["same"].get<bool>());
  EXPECT_FALSE(j["code"]["moved"].get<bool>());
  EXPECT_FALSE(j["code"]["identical"].get<bool>());
}

TEST(PlacementVerdict, IdenticalBinariesAreNeverPlacement) {
  auto report = compare_runs(run_with(100, 1, std::nullopt), run_with(110, 2, std::nullopt), {});
  report.rows[0].code = tare::compare::identical_code();  // as tare ab finds it from the files
  report.notes.clear();
  tare::compare::decide_verdicts(report);
  const auto& row = report.rows[0];
  EXPECT_EQ(row.verdict.direction, Direction::slower);
  EXPECT_FALSE(row.verdict.placement);
  EXPECT_TRUE(report.notes.empty());  // its code was compared: no note that it was not
  std::ostringstream console, markdown, json;
  tare::tool::write_compare_console(report, console);
  EXPECT_THAT(console.str(), Not(HasSubstr("placement")));
  EXPECT_THAT(console.str(), HasSubstr("Identical binaries, the same code at the same addresses (a difference is not "
                                       "the code's, nor where it sits): sort"));
  tare::tool::write_compare_markdown(report, markdown);
  EXPECT_THAT(markdown.str(), HasSubstr("Identical binaries, the same code at the same addresses"));
  tare::tool::write_compare_json(report, json);
  const auto j = nlohmann::json::parse(json.str())["benchmarks"][0];
  EXPECT_EQ(j["verdict"], "slower");
  EXPECT_TRUE(j["code"]["identical"].get<bool>());
  EXPECT_TRUE(j["code"]["same"].get<bool>());
  EXPECT_FALSE(j["code"]["moved"].get<bool>());
  EXPECT_TRUE(j["code"]["changed"].empty());
}

TEST(PlacementVerdict, ChangedCodeTenPercentSlowerFailsTheGateAndNamesTheFunction) {
  const auto report = compare_runs(run_with(100, 1, code_at(0x1200, "aaaaaaaaaaaaaaaa")),
                                   run_with(110, 2, code_at(0x1200, "bbbbbbbbbbbbbbbb")), {});
  const auto& row = report.rows[0];
  EXPECT_FALSE(row.verdict.placement);
  EXPECT_TRUE(row.verdict.fails_gate);
  std::ostringstream console;
  tare::tool::write_compare_console(report, console);
  EXPECT_THAT(console.str(), HasSubstr("Timed code changed: sort (in sort_ints(int*, unsigned long))"));
}

TEST(PlacementVerdict, TheSameCodeExecutingMoreInstructionsIsAChange) {
  auto more = code_at(0x1200, "aaaaaaaaaaaaaaaa");
  more.instructions = 1024 * 330;
  const auto report = compare_runs(run_with(100, 1, code_at(0x1200, "aaaaaaaaaaaaaaaa")), run_with(110, 2, more), {});
  EXPECT_FALSE(report.rows[0].verdict.placement);
  EXPECT_TRUE(report.rows[0].verdict.fails_gate);
  std::ostringstream console;
  tare::tool::write_compare_console(report, console);
  EXPECT_THAT(console.str(), HasSubstr("the same machine code executing +10% instructions: what it works on changed"));
}

TEST(PlacementVerdict, ADirectionWithoutRecordedCodeGetsANoteNamingIt) {
  const auto report = compare_runs(run_with(100, 1, std::nullopt), run_with(110, 2, std::nullopt), {});
  EXPECT_FALSE(report.rows[0].verdict.placement);
  EXPECT_TRUE(report.rows[0].verdict.fails_gate);
  ASSERT_FALSE(report.notes.empty());
  EXPECT_THAT(report.notes.back(), HasSubstr("sort: whether the timed code changed was not checked"));
}

TEST(PlacementVerdict, LayoutVariantsCompareTheFirstRunsRecordedCode) {
  std::vector<Results> base, candidate;
  for (int k = 0; k < 4; ++k) {
    base.push_back(run_with(100 + k, 10 + k, code_at(0x1200 + 16 * k, "aaaaaaaaaaaaaaaa")));
    candidate.push_back(run_with(120 + k, 20 + k, code_at(0x1300 + 16 * k, "aaaaaaaaaaaaaaaa")));
  }
  const auto report = tare::compare::compare_variant_runs(base, candidate, {});
  ASSERT_TRUE(report.rows[0].code.has_value());
  EXPECT_TRUE(report.rows[0].code->same);
  EXPECT_EQ(report.rows[0].verdict.direction, Direction::slower);
  EXPECT_TRUE(report.rows[0].verdict.placement);
}

}  // namespace

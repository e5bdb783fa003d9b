// Code placement end to end: tare ab compares each benchmark's timed code in the two builds
// (byte-identical copies, known from the files; the same code moved by an unrelated
// function; a changed function), takes directories of layout variants as sides, and tare
// compare does both from recorded runs. What is asserted is exact whatever the load: the
// code's sameness, the functions named, the design's counts.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "command.hpp"

namespace {

using PlacementJson = nlohmann::json;  // other e2e files have their own aliases (unity builds)
namespace fs = std::filesystem;

bool code_tools_installed() {
  return std::system("valgrind --version > /dev/null 2>&1") == 0 && std::system("objdump --version > /dev/null 2>&1") == 0;
}

// tare ab of two builds with a few short pairs; its JSON, and the run's output.
PlacementJson ab_of(const std::string& base, const std::string& candidate, const std::string& file,
                    tare_e2e::CommandResult& result) {
  const auto path = (tare_e2e::scratch_dir() / file).string();
  result = tare_e2e::run_command({tare_e2e::kTare, "ab", base, candidate, "--pairs", "3", "--measure-ms", "5",
                                  "--warmup-max-ms", "20", "--fail-on", "slower", "--json", path});
  return PlacementJson::parse(tare_e2e::slurp(path));
}

}  // namespace

TEST(Placement, TheSameCodeMovedByAnUnrelatedFunctionIsTheSameCode) {
  if (!code_tools_installed()) GTEST_SKIP() << "needs valgrind and objdump";
  tare_e2e::CommandResult result;
  const PlacementJson doc = ab_of(TARE_E2E_IDENTITY_BASE, TARE_E2E_IDENTITY_UNRELATED, "placement_moved.json", result);
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;  // placement fails no gate
  const PlacementJson& row = doc["benchmarks"][0];
  ASSERT_TRUE(row["code"].is_object()) << doc["notes"];
  EXPECT_TRUE(row["code"]["same"].get<bool>()) << row["code"];
  EXPECT_TRUE(row["code"]["moved"].get<bool>()) << row["code"];
  EXPECT_TRUE(row["code"]["changed"].empty());
  EXPECT_FALSE(row["fails_gate"].get<bool>());
  const std::string verdict = row["verdict"];
  EXPECT_TRUE(verdict == "no difference" || verdict == "placement") << verdict;
  EXPECT_NE(result.out.find("Same machine code in both builds, placed elsewhere (any difference is placement): identity.mix"),
            std::string::npos)
      << result.out;
}

// Identical code at identical addresses cannot explain a difference by where it sits:
// whatever the pairs found stays what the statistics say, never placement.
TEST(Placement, ByteIdenticalCopiesAreIdenticalAndNeverPlacement) {
  const fs::path copy = tare_e2e::scratch_dir() / "identity_copy";
  fs::copy_file(TARE_E2E_IDENTITY_BASE, copy, fs::copy_options::overwrite_existing);
  tare_e2e::CommandResult result;
  const PlacementJson doc = ab_of(TARE_E2E_IDENTITY_BASE, copy.string(), "placement_identical.json", result);
  const PlacementJson& row = doc["benchmarks"][0];
  ASSERT_TRUE(row["code"].is_object()) << doc["notes"];  // from the files: valgrind or not
  EXPECT_TRUE(row["code"]["identical"].get<bool>()) << row["code"];
  EXPECT_TRUE(row["code"]["same"].get<bool>());
  EXPECT_FALSE(row["code"]["moved"].get<bool>());
  EXPECT_NE(row["verdict"], "placement");
  EXPECT_EQ(result.out.find("placement"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("Identical binaries, the same code at the same addresses (a difference is not the code's, "
                            "nor where it sits): identity.mix"),
            std::string::npos)
      << result.out;
}

TEST(Placement, AChangedFunctionIsNamed) {
  if (!code_tools_installed()) GTEST_SKIP() << "needs valgrind and objdump";
  tare_e2e::CommandResult result;
  const PlacementJson doc = ab_of(TARE_E2E_IDENTITY_BASE, TARE_E2E_IDENTITY_CHANGED, "placement_changed.json", result);
  const PlacementJson& row = doc["benchmarks"][0];
  ASSERT_TRUE(row["code"].is_object()) << doc["notes"];
  EXPECT_FALSE(row["code"]["same"].get<bool>());
  EXPECT_EQ(row["code"]["changed"], PlacementJson::array({"identity_mix_rounds(unsigned long)"}));
  EXPECT_NE(row["verdict"], "placement");
  EXPECT_NE(result.out.find("Timed code changed: identity.mix (in identity_mix_rounds(unsigned long))"),
            std::string::npos)
      << result.out;
}

#ifdef TARE_E2E_LAYOUT_DIR
// A directory on each side: variant k against variant k, one pair each, the variant the
// top level of the interval.
TEST(Placement, LayoutVariantsAreTheTopLevelOfTare_ab) {
  tare_e2e::CommandResult result;
  const PlacementJson doc = ab_of(TARE_E2E_LAYOUT_DIR, TARE_E2E_LAYOUT_DIR, "placement_variants.json", result);
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_NE(doc["method"].get<std::string>().find("over 3 layout variants of each build"), std::string::npos)
      << doc["method"];
  ASSERT_EQ(doc["benchmarks"].size(), 2u);
  for (const auto& row : doc["benchmarks"]) {
    EXPECT_EQ(row["base"]["forks"], 3) << row;  // one unit per variant
    EXPECT_EQ(row["pairs"].size(), 3u) << row;  // --pairs 3 over 3 variants: one pair each
  }
}

TEST(Placement, SidesWithOtherNumbersOfVariantsAreOneLine) {
  const auto result = tare_e2e::run_command({tare_e2e::kTare, "ab", TARE_E2E_LAYOUT_DIR, TARE_E2E_IDENTITY_BASE});
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  EXPECT_NE(result.err.find("holds 3 layout variants and"), std::string::npos) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
}

// tare compare of one run of each variant per side (a directory of results files each).
TEST(Placement, LayoutVariantsAreTheTopLevelOfTare_compare) {
  std::vector<std::string> sides;
  for (const char* side : {"base_runs", "new_runs"}) {
    const fs::path dir = tare_e2e::scratch_dir() / side;
    fs::create_directories(dir);
    for (const auto& variant : fs::directory_iterator(TARE_E2E_LAYOUT_DIR)) {
      const auto run = tare_e2e::run_command({variant.path().string(), "--forks", "2", "--max-forks", "2",
                                              "--measure-ms", "2", "--warmup-max-ms", "20", "--json",
                                              (dir / (variant.path().filename().string() + ".json")).string()});
      ASSERT_EQ(run.exit_code, 0) << run.err;
    }
    sides.push_back(dir.string());
  }
  const auto js = (tare_e2e::scratch_dir() / "placement_compare.json").string();
  const auto result = tare_e2e::run_command({tare_e2e::kTare, "compare", sides[0], sides[1], "--json", js});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  const PlacementJson doc = PlacementJson::parse(tare_e2e::slurp(js));
  EXPECT_NE(doc["method"].get<std::string>().find("over the layout variants of each build (3 runs of the base, 3"),
            std::string::npos)
      << doc["method"];
  ASSERT_EQ(doc["benchmarks"].size(), 2u);
  for (const auto& row : doc["benchmarks"]) EXPECT_EQ(row["base"]["forks"], 3) << row;
}
#endif

// tare compare checks the code the runs recorded (--prof instructions).
TEST(Placement, TareCompareChecksTheCodeTheRunsRecorded) {
  if (!code_tools_installed()) GTEST_SKIP() << "needs valgrind and objdump";
  std::vector<std::string> files;
  for (const char* binary : {TARE_E2E_IDENTITY_BASE, TARE_E2E_IDENTITY_UNRELATED}) {
    files.push_back((tare_e2e::scratch_dir() / (fs::path(binary).filename().string() + ".json")).string());
    const auto run = tare_e2e::run_command({binary, "--prof", "instructions", "--forks", "2", "--max-forks", "2",
                                            "--measure-ms", "2", "--warmup-max-ms", "20", "--json", files.back()});
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
  const auto js = (tare_e2e::scratch_dir() / "placement_recorded.json").string();
  const auto result = tare_e2e::run_command({tare_e2e::kTare, "compare", files[0], files[1], "--json", js});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  const PlacementJson row = PlacementJson::parse(tare_e2e::slurp(js))["benchmarks"][0];
  ASSERT_TRUE(row["code"].is_object()) << row;
  EXPECT_TRUE(row["code"]["same"].get<bool>()) << row["code"];
}

// tare_layout_variants end to end: three layout variants of tests/e2e/layout_bench.cpp,
// linked by the build. What is asserted is exact whatever the load: the variants are the
// same benchmarks (identical --list-json), in different places (nm), and each one runs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "command.hpp"

namespace {

namespace fs = std::filesystem;

// The build's variants, in seed order, as the directory holds them.
std::vector<fs::path> layout_variant_files() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(TARE_E2E_LAYOUT_DIR)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

struct TextSymbols {
  std::vector<std::string> names_in_address_order;  // every function symbol nm lists
  std::map<std::string, std::string> address_of;    // by demangled name
};

// The functions of `binary` as `nm -C -n` lists them (text symbols: T, t, W).
TextSymbols text_symbols(const fs::path& binary) {
  const auto listed = tare_e2e::run_command({"/usr/bin/env", "nm", "--defined-only", "-C", "-n", binary.string()});
  EXPECT_EQ(listed.exit_code, 0) << listed.err;
  TextSymbols symbols;
  std::istringstream lines(listed.out);
  std::string address, kind, name;
  while (lines >> address >> kind && std::getline(lines >> std::ws, name)) {
    if (kind != "T" && kind != "t" && kind != "W") continue;
    symbols.names_in_address_order.push_back(name);
    symbols.address_of.emplace(name, address);
  }
  return symbols;
}

bool nm_installed() { return std::system("nm --version > /dev/null 2>&1") == 0; }

TEST(LayoutVariants, TheDirectoryHoldsTheNumberedVariantsAndNothingElse) {
  const auto files = layout_variant_files();
  ASSERT_EQ(files.size(), 3u);
  for (std::size_t i = 0; i < files.size(); ++i) {
    EXPECT_EQ(files[i].filename().string(), "tare_e2e_layout_bench-" + std::to_string(i + 1));
    EXPECT_EQ(access(files[i].c_str(), X_OK), 0) << files[i];
  }
  // Each variant is a different file: the same code, linked in another order.
  EXPECT_NE(tare_e2e::slurp(files[0]), tare_e2e::slurp(files[1]));
  EXPECT_NE(tare_e2e::slurp(files[1]), tare_e2e::slurp(files[2]));
  EXPECT_NE(tare_e2e::slurp(files[0]), tare_e2e::slurp(files[2]));
}

TEST(LayoutVariants, EveryVariantListsTheSameBenchmarks) {
  const auto files = layout_variant_files();
  ASSERT_EQ(files.size(), 3u);
  const auto first = tare_e2e::run_command({files[0].string(), "--list-json"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.out.find("layout.sum"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("layout.mix"), std::string::npos) << first.out;
  for (const auto& file : files) {
    const auto listed = tare_e2e::run_command({file.string(), "--list-json"});
    ASSERT_EQ(listed.exit_code, 0) << listed.err;
    EXPECT_EQ(listed.out, first.out) << file;
  }
}

TEST(LayoutVariants, TheVariantsPlaceTheSameFunctionsInDifferentOrders) {
  if (!nm_installed()) GTEST_SKIP() << "needs nm (binutils)";
  const auto files = layout_variant_files();
  ASSERT_EQ(files.size(), 3u);
  std::vector<TextSymbols> variants;
  for (const auto& file : files) variants.push_back(text_symbols(file));
  const std::string sum = "tare_layout_sum_work(unsigned long)";
  const std::string mix = "tare_layout_mix_work(unsigned long)";
  for (const auto& symbols : variants) {
    ASSERT_EQ(symbols.address_of.count(sum), 1u);
    ASSERT_EQ(symbols.address_of.count(mix), 1u);
    // The same functions in each, only their order differs.
    auto names = symbols.names_in_address_order, first = variants[0].names_in_address_order;
    std::sort(names.begin(), names.end());
    std::sort(first.begin(), first.end());
    EXPECT_EQ(names, first);
  }
  EXPECT_NE(variants[0].names_in_address_order, variants[1].names_in_address_order);
  EXPECT_NE(variants[1].names_in_address_order, variants[2].names_in_address_order);
  const bool moved = variants[0].address_of[sum] != variants[1].address_of[sum] ||
                     variants[0].address_of[sum] != variants[2].address_of[sum] ||
                     variants[0].address_of[mix] != variants[1].address_of[mix] ||
                     variants[0].address_of[mix] != variants[2].address_of[mix];
  EXPECT_TRUE(moved) << sum << " and " << mix << " sit at the same addresses in every variant";
}

TEST(LayoutVariants, EachVariantRunsABenchmark) {
  const auto files = layout_variant_files();
  ASSERT_EQ(files.size(), 3u);
  for (const auto& file : files) {
    const auto ran = tare_e2e::run_command({file.string(), "--forks", "2", "--max-forks", "2", "--measure-ms", "2",
                                            "--warmup-max-ms", "20", "--filter", "layout.mix"});
    EXPECT_EQ(ran.exit_code, 0) << file << "\n" << ran.out << ran.err;
    EXPECT_NE(ran.out.find("layout.mix"), std::string::npos) << ran.out;
    EXPECT_EQ(ran.out.find("layout.sum"), std::string::npos) << ran.out;
  }
}

}  // namespace

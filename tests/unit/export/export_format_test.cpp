// Formats by name, one writer for all, and what each leaves out.
#include "export/export_format.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "export_runs.hpp"
#include "report/csv.hpp"

namespace tare::exports {
namespace {

TEST(ExportFormat, NamesAreTheCommandLinesAndNothingElse) {
  EXPECT_EQ(format_named("jmh"), Format::jmh);
  EXPECT_EQ(format_named("bmf"), Format::bmf);
  EXPECT_EQ(format_named("github-action"), Format::github_action);
  EXPECT_EQ(format_named("csv"), Format::csv);
  EXPECT_FALSE(format_named("JMH"));
  EXPECT_FALSE(format_named("github_action"));
  EXPECT_EQ(format_names(), "jmh, bmf, github-action, csv");
}

TEST(ExportFormat, CsvIsTaresOwnSummaryWithEveryBenchmark) {
  const results::Run run = testing::export_run();
  std::ostringstream exported, summary;
  write_export(run, Format::csv, Better::smaller, exported);
  report::write_csv(run, summary);
  EXPECT_EQ(exported.str(), summary.str());
  EXPECT_TRUE(left_out_of(run, Format::csv, Better::smaller).empty());
}

TEST(ExportFormat, LeftOutAreTheBenchmarksWithoutANumberAndThoseOfTheOtherDirection) {
  const results::Run run = testing::export_run();
  std::vector<std::string> names;
  for (const LeftOut& left : left_out_of(run, Format::jmh, Better::smaller)) names.push_back(left.name + ": " + left.reason);
  EXPECT_EQ(names, (std::vector<std::string>{"crash/size=8: failed (killed by signal 11)",
                                             "lonely: no estimate (fewer than 2 good forks)"}));
  names.clear();
  for (const LeftOut& left : left_out_of(run, Format::github_action, Better::smaller)) names.push_back(left.name);
  EXPECT_EQ(names, (std::vector<std::string>{"crash/size=8", "lonely", "modes.rate"}));
}

}  // namespace
}  // namespace tare::exports

// The console's instructions table (--prof instructions): exact counts per operation, and
// when any benchmark executed rep-prefixed string instructions, how many of its counts are
// theirs, with a line saying how callgrind counts them.
#include <gtest/gtest.h>

#include <optional>
#include <sstream>
#include <string>

#include "report/console.hpp"
#include "report/profile_table.hpp"
#include "sample_runs.hpp"

namespace {

using tare::results::Profiler;

tare::results::Benchmark counted(const std::string& name, double instructions, std::optional<double> rep_strings) {
  tare::results::Benchmark b;
  b.name = name;
  b.profile = {{Profiler::instructions, "instructions", "/op", instructions, std::nullopt, 1, std::nullopt},
               {Profiler::instructions, "empty_loop_instructions", "/op", 4, std::nullopt, 1, std::nullopt}};
  if (rep_strings)
    b.profile.push_back({Profiler::instructions, "rep_string_instructions", "/op", *rep_strings, std::nullopt, 1, std::nullopt});
  return b;
}

TEST(InstructionsTable, WithoutRepStringsTheTableHasNoColumnForThemAndNoNote) {
  tare::results::Run run;
  run.benchmarks = {counted("plain", 104, 0), counted("older_file", 210, std::nullopt)};
  const auto table = tare::report::detail::instructions_table(run);
  ASSERT_TRUE(table);
  const auto lines = table->render(false);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "Profile: instructions  Instructions/op  Empty loop/op  Body/op");
  EXPECT_FALSE(tare::report::detail::rep_strings_note(run));
}

TEST(InstructionsTable, RepStringsHaveAColumnAndALineSayingTheyAreCountedPerIteration) {
  tare::results::Run run;
  run.benchmarks = {counted("rep.strings", 1511, 1502), counted("plain", 104, 0), counted("older_file", 210, std::nullopt)};
  const auto table = tare::report::detail::instructions_table(run);
  ASSERT_TRUE(table);
  const auto lines = table->render(false);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "Profile: instructions  Instructions/op  Empty loop/op  Body/op  Rep strings/op");
  EXPECT_EQ(lines[1], "rep.strings                       1511              4     1507            1502");
  EXPECT_EQ(lines[2], "plain                              104              4      100               0");
  EXPECT_EQ(lines[3], "older_file                         210              4      206               -");
  const auto note = tare::report::detail::rep_strings_note(run);
  ASSERT_TRUE(note);
  EXPECT_NE(note->find("once per iteration, and once more where it ends (a rep stosb of 1000 bytes counts 1001)"),
            std::string::npos)
      << *note;
  // The console prints the note under the table.
  tare::results::Run console = tare::report::testing::console_run();
  console.benchmarks[0].profile = run.benchmarks[0].profile;
  std::ostringstream out;
  tare::report::write_console(console, out);
  const std::string text = out.str();
  const auto table_at = text.find("Rep strings/op\n");
  ASSERT_NE(table_at, std::string::npos) << text;
  EXPECT_NE(text.find("\nRep strings/op: of Instructions/op, the counts at rep-prefixed string instructions", table_at),
            std::string::npos)
      << text;
}

}  // namespace

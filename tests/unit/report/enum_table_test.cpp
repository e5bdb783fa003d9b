// Each enum's names are one table read both ways (report/enum_table.hpp): every value of the
// enum has a row, no two rows share a name, and each name reads back to its value.
#include "report/enum_table.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "report/enum_names.hpp"
#include "report/warning_names.hpp"

namespace {

using tare::Mode;
using tare::results::Profiler;
using tare::results::Severity;
using tare::results::SpreadSource;
using tare::results::SteadyClass;
using tare::results::StopReason;
using tare::results::WarningCode;
namespace report = tare::report;

// Every value from the enum's first to `last` (its last: a value added after it moves `last`)
// has a name no other value has, and the name reads back to it. A value without a row gets
// the fallback name, which another value has or which reads back as nothing: either fails.
template <class Enum, class NameOf, class Parse>
void expect_every_value_named(Enum last, NameOf name_of, Parse parse) {
  std::set<std::string> names;
  for (int i = 0; i <= static_cast<int>(last); ++i) {
    const auto value = static_cast<Enum>(i);
    const std::string name = name_of(value);
    EXPECT_TRUE(names.insert(name).second) << "value " << i << " shares the name '" << name << "'";
    EXPECT_EQ(parse(name), value) << "value " << i << " named '" << name << "'";
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(last) + 1);
}

enum class Colour { red, green, blue };
constexpr report::EnumName<Colour> kColours[] = {{Colour::green, "green"}, {Colour::red, "red"}};

TEST(EnumTable, ReadsBothWaysAndSaysWhatItLacks) {
  EXPECT_STREQ(report::name_in(kColours, Colour::red, "?"), "red");
  EXPECT_STREQ(report::name_in(kColours, Colour::blue, "?"), "?");
  EXPECT_EQ(report::value_in(kColours, "green"), Colour::green);
  EXPECT_FALSE(report::value_in(kColours, "blue"));
  EXPECT_FALSE(report::value_in(kColours, "Green"));
  constexpr auto values = report::values_in(kColours);
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(values[0], Colour::green);
  EXPECT_EQ(values[1], Colour::red);
}

TEST(EnumTable, RowsDistinctFindsAValueOrANameTwice) {
  constexpr report::EnumName<Colour> value_twice[] = {{Colour::red, "red"}, {Colour::red, "rouge"}};
  constexpr report::EnumName<Colour> name_twice[] = {{Colour::red, "red"}, {Colour::blue, "red"}};
  EXPECT_TRUE(report::rows_distinct(kColours));
  EXPECT_FALSE(report::rows_distinct(value_twice));
  EXPECT_FALSE(report::rows_distinct(name_twice));
}

TEST(EnumTable, EveryValueOfEveryEnumHasOneNameThatReadsBack) {
  expect_every_value_named(Mode::ss, report::mode_name, report::parse_mode);
  expect_every_value_named(SteadyClass::single_shot, report::steady_class_name, report::parse_steady_class);
  expect_every_value_named(StopReason::in_progress, report::stop_reason_name, report::parse_stop_reason);
  expect_every_value_named(Profiler::disassembly, report::profiler_name, report::parse_profiler);
  expect_every_value_named(SpreadSource::own_history, report::spread_source_name, report::parse_spread_source);
  expect_every_value_named(WarningCode::unclassified, report::warning_code_name, report::parse_warning_code);
  expect_every_value_named(Severity::note, report::severity_name, report::parse_severity);
}

}  // namespace

// The codes are the JSON's and scripts': warning_codes() lists each once, in the enum's order
// (that each has its own name that reads back: enum_table_test).
#include <gtest/gtest.h>

#include <cstddef>

#include "report/warning_names.hpp"

TEST(WarningNames, EveryCodeListedOnceInTheEnumsOrder) {
  const auto codes = tare::report::warning_codes();
  // unclassified is the enum's last: as many codes as values up to it, none left out.
  ASSERT_EQ(codes.size(), static_cast<std::size_t>(tare::results::WarningCode::unclassified) + 1);
  for (std::size_t i = 0; i < codes.size(); ++i) EXPECT_EQ(static_cast<std::size_t>(codes[i]), i);
}

TEST(WarningNames, CodesAndSeveritiesKeepTheSchemasNames) {
  using tare::results::Severity;
  using tare::results::WarningCode;
  EXPECT_STREQ(tare::report::warning_code_name(WarningCode::optimised_away), "optimised_away");
  EXPECT_STREQ(tare::report::warning_code_name(WarningCode::unclassified), "unclassified");
  EXPECT_STREQ(tare::report::severity_name(Severity::unusable), "unusable");
  EXPECT_STREQ(tare::report::severity_name(Severity::caution), "caution");
  EXPECT_STREQ(tare::report::severity_name(Severity::note), "note");
  EXPECT_FALSE(tare::report::parse_severity("warning"));
}

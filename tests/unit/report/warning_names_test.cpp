// The codes are the JSON's and scripts': each has one name, and each name reads back.
#include <gtest/gtest.h>

#include <cstddef>
#include <set>
#include <string>

#include "report/warning_names.hpp"

TEST(WarningNames, EveryCodeHasItsOwnNameThatReadsBack) {
  const auto codes = tare::report::warning_codes();
  ASSERT_GT(codes.size(), 20u);
  std::set<std::string> names;
  for (const auto code : codes) {
    const std::string name = tare::report::warning_code_name(code);
    EXPECT_TRUE(names.insert(name).second) << name;
    EXPECT_EQ(tare::report::parse_warning_code(name), code) << name;
  }
  // unclassified is the enum's last: as many codes as values before it, none left out.
  EXPECT_EQ(codes.size(), static_cast<std::size_t>(tare::results::WarningCode::unclassified) + 1);
}

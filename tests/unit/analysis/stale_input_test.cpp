// The stale-input warning: a reset per sample before an operation that may change the
// state, with nothing per call; never where the operation says it changes nothing.
#include <gtest/gtest.h>

#include "analysis/stale_input.hpp"
#include "analysis/warning_severity.hpp"
#include "report/warning_names.hpp"

namespace tare::analysis {
namespace {

TEST(StaleInput, APerSampleResetOfAStateTheOperationMayChangeWarns) {
  const auto warning = stale_input_warning({true, true, false}, Mode::avgt);
  ASSERT_TRUE(warning);
  EXPECT_NE(warning->find("before_each"), std::string::npos) << *warning;
  EXPECT_NE(warning->find("const State&"), std::string::npos) << *warning;
  EXPECT_TRUE(stale_input_warning({true, true, false}, Mode::thrpt));
}

TEST(StaleInput, NoWarningWhenTheInputIsRenewedPerCallOrNotChanged) {
  EXPECT_FALSE(stale_input_warning({true, true, true}, Mode::avgt)) << "a per-call hook renews it";
  EXPECT_FALSE(stale_input_warning({false, true, false}, Mode::avgt)) << "const State& (or no state, or not known)";
  EXPECT_FALSE(stale_input_warning({true, false, false}, Mode::avgt)) << "no reset at all: nothing says it is used up";
  EXPECT_FALSE(stale_input_warning({}, Mode::avgt));
}

TEST(StaleInput, NoWarningWhereEverySampleIsOneCall) {
  EXPECT_FALSE(stale_input_warning({true, true, false}, Mode::sample));
  EXPECT_FALSE(stale_input_warning({true, true, false}, Mode::ss));
}

TEST(StaleInput, HasACodeOfItsOwnACautionThatABenchmarkCanAcknowledge) {
  EXPECT_STREQ(report::warning_code_name(results::WarningCode::stale_input), "stale_input");
  EXPECT_EQ(report::parse_warning_code("stale_input"), results::WarningCode::stale_input);
  EXPECT_EQ(severity_of(results::WarningCode::stale_input), results::Severity::caution);
  EXPECT_EQ(code_of(tare::Warning::stale_input), results::WarningCode::stale_input);
}

}  // namespace
}  // namespace tare::analysis

// The stale-input finding: a reset per sample before an operation that may change the
// state, with nothing per call; never where the operation says it changes nothing. Its
// words are the report's (tests/unit/report/warning_words_test.cpp).
#include <gtest/gtest.h>

#include "analysis/stale_input.hpp"
#include "analysis/warning_severity.hpp"

namespace tare::analysis {
namespace {

TEST(StaleInput, APerSampleResetOfAStateTheOperationMayChangeIsFound) {
  EXPECT_TRUE(input_goes_stale({true, true, false}, Mode::avgt));
  EXPECT_TRUE(input_goes_stale({true, true, false}, Mode::thrpt));
}

TEST(StaleInput, NotFoundWhenTheInputIsRenewedPerCallOrNotChanged) {
  EXPECT_FALSE(input_goes_stale({true, true, true}, Mode::avgt)) << "a per-call hook renews it";
  EXPECT_FALSE(input_goes_stale({false, true, false}, Mode::avgt)) << "const State& (or no state, or not known)";
  EXPECT_FALSE(input_goes_stale({true, false, false}, Mode::avgt)) << "no reset at all: nothing says it is used up";
  EXPECT_FALSE(input_goes_stale({}, Mode::avgt));
}

TEST(StaleInput, NotFoundWhereEverySampleIsOneCall) {
  EXPECT_FALSE(input_goes_stale({true, true, false}, Mode::sample));
  EXPECT_FALSE(input_goes_stale({true, true, false}, Mode::ss));
}

TEST(StaleInput, IsACautionThatABenchmarkCanAcknowledge) {
  EXPECT_EQ(severity_of(results::WarningCode::stale_input), results::Severity::caution);
  EXPECT_EQ(code_of(tare::Warning::stale_input), results::WarningCode::stale_input);
}

}  // namespace
}  // namespace tare::analysis

// The stale-input warning: a reset per sample before an operation that may change the
// state, with nothing per call; never where the operation says it changes nothing.
#include <gtest/gtest.h>

#include "analysis/stale_input.hpp"

namespace tare::analysis {
namespace {

TEST(StaleInput, APerSampleResetOfAStateTheOperationMayChangeWarns) {
  const auto warning = stale_input_warning({true, true, false});
  ASSERT_TRUE(warning);
  EXPECT_NE(warning->find("before_each"), std::string::npos) << *warning;
  EXPECT_NE(warning->find("const State&"), std::string::npos) << *warning;
}

TEST(StaleInput, NoWarningWhenTheInputIsRenewedPerCallOrNotChanged) {
  EXPECT_FALSE(stale_input_warning({true, true, true})) << "a per-call hook renews it";
  EXPECT_FALSE(stale_input_warning({false, true, false})) << "const State& (or no state, or not known)";
  EXPECT_FALSE(stale_input_warning({true, false, false})) << "no reset at all: nothing says the input is used up";
  EXPECT_FALSE(stale_input_warning({}));
}

}  // namespace
}  // namespace tare::analysis

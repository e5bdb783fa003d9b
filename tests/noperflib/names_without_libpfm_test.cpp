// A build without libpfm4: the kernel's generic names resolve as with it; other names are
// refused with a reason that says libpfm4 was not built in.
#include <linux/perf_event.h>

#include <gtest/gtest.h>

#include "perf/resolve.hpp"

namespace {

TEST(PerfNamesWithoutLibpfm, GenericNamesWorkOthersSayLibpfmIsMissing) {
  EXPECT_FALSE(tare::perf::libpfm_built_in());
  const auto faults = tare::perf::resolve_event("page-faults");
  ASSERT_TRUE(faults.encoding);
  EXPECT_EQ(faults.encoding->type, PERF_TYPE_SOFTWARE);
  const auto l1 = tare::perf::resolve_event("L1-dcache-load-misses");
  ASSERT_TRUE(l1.encoding);
  EXPECT_EQ(l1.encoding->type, PERF_TYPE_HW_CACHE);
  const auto pmu = tare::perf::resolve_event("INST_RETIRED:ANY_P");
  EXPECT_FALSE(pmu.encoding);
  EXPECT_NE(pmu.error.find("libpfm4"), std::string::npos) << pmu.error;
  EXPECT_NE(pmu.error.find("not built in"), std::string::npos) << pmu.error;
}

}  // namespace

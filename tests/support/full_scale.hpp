// A simulation of rates (an interval's coverage, a rule's false alarms over thousands of
// synthetic runs) is a test of the statistics, not of memory: it runs in the optimised build
// (tare_full_scale_tests in scripts/test.sh's first stage). Under the sanitizers, which are
// there for memory errors and undefined behaviour, it is skipped: the code it drives is run
// there by the smaller tests beside it.
#pragma once

#include <gtest/gtest.h>

#include <iostream>

#ifdef TARE_SANITIZE
#define TARE_SIMULATION_OF_RATES() \
  GTEST_SKIP() << "a simulation of rates: it runs in full in the optimised build, not under the sanitizers"
#else
#define TARE_SIMULATION_OF_RATES() static_cast<void>(0)
#endif

namespace tare::test {

/// Prints a rate a simulation observed beside the test's verdict, so a run's log shows how
/// far it lay from its bar.
inline void report_observed(const char* what, double rate) { std::cout << "[ observed ] " << what << ": " << rate << '\n'; }

}  // namespace tare::test

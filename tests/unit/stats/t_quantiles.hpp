// Quantiles of Student's t at 0.975 that the stats tests check intervals against (mpmath,
// the root of the regularised incomplete beta, checked against tables).
#pragma once

namespace tare::stats::testing {

inline constexpr double kT4 = 2.77644510519779435780;
inline constexpr double kT9 = 2.26215716279820554261;
inline constexpr double kT10 = 2.2281388519863;
inline constexpr double kT19 = 2.0930240544083;
inline constexpr double kT24 = 2.0638985616280;
inline constexpr double kT32 = 2.0369333434601;
inline constexpr double kT33 = 2.0345152974493;

}  // namespace tare::stats::testing

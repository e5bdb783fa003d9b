// Rates as people read them: "950/s", "40k/s", "1.5M/s", "20M/s", "2.5G/s". The bench and
// the `tare stream` command print rates from the tens to the tens of millions per second,
// and a printf("%.3gM/s") shows a low rate as "0M/s" and an empty measurement as "nanM/s".
#pragma once

#include <string>

namespace tare::stream {

/// Three significant figures with a k, M or G prefix chosen after rounding (999,999 is
/// "1M/s", not "1e+03k/s"). 0 is "0/s"; NaN and infinities (nothing measured) are "-".
std::string rate_text(double events_per_s);

/// `part` as a percentage of `whole` with `digits` decimals ("99.7%"); "-" when whole is 0,
/// negative or either is not finite (no NaN, no division by zero).
std::string percent_text(double part, double whole, int digits = 1);

}  // namespace tare::stream

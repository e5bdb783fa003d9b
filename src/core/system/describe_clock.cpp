// The clock part of the context: which clock the numbers were timed with and how fine and
// how costly it is, so a reader can judge whether a score is near the clock's limits.
#include "system/describe_clock.hpp"

#include "clock/active_clock.hpp"
#include "clock/clocksource.hpp"

namespace tare::system {

void describe_clock(results::Context& ctx, const clock::Characterization& measured) {
  const clock::Characterization& c = measured;
  ctx.clock.name = clock::active_name();
  ctx.clock.resolution_ns = c.resolution_ns;
  ctx.clock.overhead_ns = c.overhead_ns;
  ctx.clock.tsc_ghz = clock::tsc_ghz();
  ctx.clock.clocksource = clock::clocksource();
}

}  // namespace tare::system

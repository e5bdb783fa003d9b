#include "stream/verdict/held_by.hpp"

#include <cmath>
#include <cstdio>

namespace tare::stream {
namespace {

std::string blame_ms(double ns) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g ms", ns / 1e6);
  return text;
}

std::string blame_percent(double share) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f%%", 100 * share);
  return text;
}

std::string blame_rate(double per_s) {
  if (std::isinf(per_s)) return "unbounded";
  char text[32];
  std::snprintf(text, sizeof text, "%.0f/s", per_s);
  return text;
}

}  // namespace

const char* held_by_name(HeldBy part) noexcept {
  switch (part) {
    case HeldBy::driver: return "driver";
    case HeldBy::broker: return "broker";
    case HeldBy::sut: return "sut";
  }
  return "?";
}

Blame held_by(const TrialVerdict& verdict, const BrokerEvidence& e) {
  if (verdict.verdict == Verdict::invalid && e.lateness_p99_ns > verdict.lateness_limit_ns)
    return {HeldBy::driver, "the driver fell behind its schedule (lateness p99 " + blame_ms(e.lateness_p99_ns) +
                                ", limit " + blame_ms(verdict.lateness_limit_ns) + ")"};
  if (e.delivery_failures > 0)
    return {HeldBy::broker, "the broker refused " + std::to_string(static_cast<long long>(e.delivery_failures)) +
                                " events"};
  const double full_share = e.window_ns > 0 ? e.queue_full_ns / e.window_ns : 0;
  if (full_share >= kQueueFullShare)
    return {HeldBy::broker, "the producer's queue was full " + blame_percent(full_share) +
                                " of the time: the broker acknowledged events slower than they were offered "
                                "(produce latency mean " + blame_ms(e.produce_latency_mean_ns) + ")"};
  if (verdict.verdict == Verdict::unsustainable) {
    if (e.sut_capacity_per_s >= 0 && e.taken_per_s < kUnderCapacity * e.sut_capacity_per_s)
      return {HeldBy::broker, "the SUT's group fell behind taking " + blame_rate(e.taken_per_s) + ", under its capacity (" +
                                  blame_rate(e.sut_capacity_per_s) + "): it waited for the broker to hand events out"};
    return {HeldBy::sut, "the broker took every event as offered; the SUT's group fell behind"};
  }
  const double outside = e.event_time_p50_ns - e.processing_time_p50_ns;
  if (outside > e.processing_time_p50_ns)
    return {HeldBy::broker, "the rate held; events spent most of their time on the way through the broker (" +
                                blame_ms(outside) + " of the event-time p50 " + blame_ms(e.event_time_p50_ns) +
                                "; produce latency mean " + blame_ms(e.produce_latency_mean_ns) + ")"};
  return {HeldBy::sut, "the rate held; events spent most of their time in the SUT (processing-time p50 " +
                           blame_ms(e.processing_time_p50_ns) + " of the event-time p50 " + blame_ms(e.event_time_p50_ns) + ")"};
}

}  // namespace tare::stream

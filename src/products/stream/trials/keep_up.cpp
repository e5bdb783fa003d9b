#include "stream/trials/keep_up.hpp"

#include <cmath>
#include <cstdio>

#include "stream/verdict/rate_text.hpp"
#include "stream/verdict/trial_verdict.hpp"

namespace tare::stream {
namespace {

// "850 us", "12.1 ms", "3.2 s": lateness spans microseconds to seconds.
std::string duration_text(double ns) {
  char text[32];
  if (ns < 1e6)
    std::snprintf(text, sizeof text, "%.0f us", ns / 1e3);
  else if (ns < 1e9)
    std::snprintf(text, sizeof text, "%.3g ms", ns / 1e6);
  else
    std::snprintf(text, sizeof text, "%.3g s", ns / 1e9);
  return text;
}

}  // namespace

KeepUp keep_up_of(const TrialResult& trial, double max_lateness_p99_ns, double min_share) {
  KeepUp k;
  const SampleRates rates = rates_between(trial.backlog, static_cast<double>(trial.warmup_ns) / 1e9,
                                          static_cast<double>(trial.schedule_end_ns) / 1e9);
  k.offered = trial.offered_rate;
  k.generated = rates.generated;
  k.delivered = rates.taken;
  k.lateness_p50_ns = trial.lateness.value_at_percentile(50);
  k.lateness_p99_ns = trial.lateness.value_at_percentile(99);
  k.max_lateness_p99_ns = max_lateness_p99_ns;
  // Too short a window to measure a rate is not a shortfall; NaN compares false.
  k.rate_kept = !(k.generated < min_share * k.offered);
  k.lateness_kept = static_cast<double>(k.lateness_p99_ns) <= max_lateness_p99_ns;
  return k;
}

std::string keep_up_warning(const KeepUp& k) {
  if (k.kept_up()) return "";
  std::string text = "the driver did not keep up: generated " + rate_text(k.generated) + " of " +
                     rate_text(k.offered) + " offered (" + percent_text(k.generated, k.offered) + ")";
  text += k.rate_kept ? "; " : ", short by " + rate_text(k.offered - k.generated) + "; ";
  text += "lateness p99 " + duration_text(static_cast<double>(k.lateness_p99_ns));
  if (!k.lateness_kept) text += " (limit " + duration_text(k.max_lateness_p99_ns) + ")";
  return text;
}

}  // namespace tare::stream

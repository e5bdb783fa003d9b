#include "worker/measured_counters.hpp"

#include "perf/event_text.hpp"

namespace tare::worker {

MeasuredCounters::MeasuredCounters(const std::string& events) {
  if (!events.empty()) counters_ = std::make_unique<perf::CounterSet>(perf::events_from_text(events));
}

results::Sample MeasuredCounters::sample(Executor& executor, std::uint64_t invocations) {
  if (!measuring_) return executor.sample(invocations);
  counters_->enable();
  results::Sample sample = executor.sample(invocations);
  counters_->disable();
  ops_ += sample.ops;
  return sample;
}

std::optional<PerfCounts> MeasuredCounters::counts() const {
  if (!counters_) return std::nullopt;
  PerfCounts counts;
  counts.ops = ops_;
  for (const auto& r : counters_->read()) counts.readings.push_back({"", r.value, r.enabled_ns, r.running_ns});
  return counts;
}

}  // namespace tare::worker

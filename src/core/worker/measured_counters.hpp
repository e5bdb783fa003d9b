// --prof perf in the worker: the counters the runner sent, opened before the benchmark's
// threads start (so that they inherit them) and running only around the measured samples,
// not around warmup, calibration, the floor or the reference workload.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "perf/counters.hpp"
#include "results/results.hpp"
#include "worker/executor.hpp"
#include "worker/protocol_replies.hpp"

namespace tare::worker {

class MeasuredCounters {
 public:
  /// `events` as perf::events_to_text wrote them; "" counts nothing.
  explicit MeasuredCounters(const std::string& events);
  /// The measured samples start ("begin"): from here each sample is counted.
  void begin() { measuring_ = counters_ != nullptr; }
  /// One sample, counted when measuring.
  results::Sample sample(Executor& executor, std::uint64_t invocations);
  /// The readings since begin() (the "p" reply), when there are counters.
  std::optional<PerfCounts> counts() const;

 private:
  std::unique_ptr<perf::CounterSet> counters_;
  bool measuring_ = false;
  std::uint64_t ops_ = 0;
};

}  // namespace tare::worker

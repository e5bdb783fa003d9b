// What the rest of the machine does while a run works.
#pragma once

#include <chrono>
#include <optional>

#include "system/parse_files.hpp"

namespace tare::system {

/// How many cores' worth of CPU the rest of the machine uses while this process works: the
/// busy time /proc/stat counts over a span, less what this process and its children (the
/// workers, once reaped) used in it. Measured over the run itself, at no cost to it: a load
/// average trails by minutes (and counts the previous benchmark run), and a window taken
/// before the run would be time spent waiting.
class OtherLoad {
 public:
  /// The span starts.
  OtherLoad();
  /// Cores' worth of CPU the rest of the machine used since the span started; -1 when
  /// unreadable or the span was too short to say (every child started must be reaped).
  double cores() const;
  /// The share of the CPU time /proc/stat counted since the span started that the
  /// hypervisor gave to other guests (steal); -1 when unreadable or too short to say.
  double steal_share() const;

  static constexpr double kShortestSpanSeconds = 0.1;

 private:
  std::optional<parse::CpuTimes> start_;
  double own_start_s_ = 0;
  std::chrono::steady_clock::time_point wall_start_;
};

}  // namespace tare::system

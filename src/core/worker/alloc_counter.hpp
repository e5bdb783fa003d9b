// The allocation counter of --prof alloc as the worker sees it: libtare_alloc.so, preloaded
// by the runner, reached through the C functions it exports (looked up by name at run time,
// so libtare never links it).
#pragma once

#include <cstdint>

#include "results/results.hpp"

struct tare_alloc_totals;  // alloc_preload/tare_alloc.h

namespace tare::worker {

class AllocationCounter {
 public:
  using Switch = void (*)();

  /// Finds the counter in this process and checks that this program's allocations reach
  /// it; throws std::runtime_error saying why not (the preload did not take, or the
  /// program allocates through an allocator of its own).
  static AllocationCounter attach();

  void start() const { start_(); }
  void stop() const { stop_(); }
  /// Zeroes the totals (counting off).
  void reset() const { reset_(); }
  /// The totals since the reset, for `ops` operations counted.
  results::Allocations read(std::uint64_t ops) const;

  // The switches themselves, for a caller that brackets a region with plain calls: counting
  // on and off for every thread, and the calling thread set aside and back.
  Switch start_function() const { return start_; }
  Switch stop_function() const { return stop_; }
  Switch aside_function() const { return aside_; }
  Switch back_function() const { return back_; }

 private:
  Switch start_ = nullptr, stop_ = nullptr, reset_ = nullptr, aside_ = nullptr, back_ = nullptr;
  void (*read_)(tare_alloc_totals*) = nullptr;
};

}  // namespace tare::worker

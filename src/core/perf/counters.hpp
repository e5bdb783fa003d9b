// Counting events in this process through perf_event_open: opened disabled, in the groups
// grouping.hpp makes, inherited by the threads the process starts afterwards (the
// benchmark's), switched on and off around what is to be counted, read at the end.
//
// Inherited counters are summed over the threads by the kernel, group reads included
// (PERF_FORMAT_GROUP with inherit works for counting; only sampling reads refuse it), and
// switching a leader on or off switches its inherited copies too. Threads that existed
// before the counters were opened are not counted: open them first. perf_event_open(2)
// warns that inherit does not work with PERF_FORMAT_GROUP on some kernels: where opening
// a leader that way fails (EINVAL), each event is opened and read on its own instead.
#pragma once

#include <optional>
#include <vector>

#include "perf/event.hpp"

namespace tare::perf {

/// perf_event_open's errno for `event` opened alone on this process (disabled, then
/// closed); nullopt when it opens. What the runner probes before measuring.
std::optional<int> open_error(const Encoding& event);

class CounterSet {
 public:
  /// Opens `events`, disabled. A member its group refuses is opened as a group of its own;
  /// an event that cannot be opened at all throws std::runtime_error naming it and why.
  explicit CounterSet(const std::vector<Encoding>& events);
  ~CounterSet();
  CounterSet(const CounterSet&) = delete;
  CounterSet& operator=(const CounterSet&) = delete;

  void enable();
  void disable();
  /// Every event's reading so far, in the order the events were given.
  std::vector<Reading> read() const;

 private:
  struct Group {
    std::vector<std::size_t> members;  ///< indices into the events given
    std::vector<int> fds;              ///< fds[0] is the leader's
    bool read_alone = false;           ///< a single event, without PERF_FORMAT_GROUP
  };
  void close_all();
  void open_group(const std::vector<Encoding>& events, const std::vector<std::size_t>& members);
  std::vector<Group> groups_;
  std::size_t events_ = 0;
};

}  // namespace tare::perf

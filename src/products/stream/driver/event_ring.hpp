// A generator's in-memory queue (Karimov et al.'s driver-instance queue): events due but not
// yet taken by the SUT. A circular buffer that doubles when full, up to a hard cap: memory
// follows the real backlog (a sustainable run keeps it small), and the generator never waits
// for the SUT; at the cap the run is declared overloaded instead.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include "stream/workload/workload.hpp"

namespace tare::stream {

class EventRing {
 public:
  explicit EventRing(std::size_t cap, std::size_t initial = 4096)
      : cap_(std::max<std::size_t>(cap, 1)), slots_(std::min(initial, cap_)) {}

  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  std::size_t cap() const noexcept { return cap_; }

  /// False when the ring holds `cap` events already (the caller declares overload).
  bool push(const Event& event) {
    if (size_ == slots_.size()) {
      if (size_ >= cap_) return false;
      grow();
    }
    slots_[wrap(head_ + size_)] = event;  // no division per event: the driver pushes millions a second
    ++size_;
    return true;
  }

  /// The oldest events that lie contiguously in memory, at most `n` of them (fewer when the
  /// queue wraps around its end): the driver encodes them straight into a frame, without
  /// copying them out first. drop() then removes them.
  std::span<const Event> front(std::size_t n) const noexcept {
    n = std::min({n, size_, slots_.size() - head_});
    return {slots_.data() + head_, n};
  }

  /// Removes the `n` oldest events (n <= size()).
  void drop(std::size_t n) noexcept {
    head_ = wrap(head_ + n);
    size_ -= n;
  }

  /// Moves up to `n` of the oldest events to `out` (appended); returns how many.
  std::size_t pop(std::size_t n, std::vector<Event>& out) {
    n = std::min(n, size_);
    for (std::size_t i = 0; i < n; ++i) out.push_back(slots_[wrap(head_ + i)]);
    drop(n);
    return n;
  }

 private:
  // An index below 2 * slots: one comparison instead of a modulo.
  std::size_t wrap(std::size_t i) const noexcept { return i >= slots_.size() ? i - slots_.size() : i; }

  void grow() {
    std::vector<Event> bigger(std::min(std::max<std::size_t>(slots_.size() * 2, 1), cap_));
    for (std::size_t i = 0; i < size_; ++i) bigger[i] = slots_[(head_ + i) % slots_.size()];
    slots_.swap(bigger);
    head_ = 0;
  }

  std::size_t cap_;
  std::vector<Event> slots_;
  std::size_t head_ = 0, size_ = 0;
};

}  // namespace tare::stream

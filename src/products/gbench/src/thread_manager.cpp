#include "thread_manager.hpp"

namespace benchmark::internal {

void ThreadManager::arrive_and_wait() {
  std::unique_lock lock(mutex_);
  const std::uint64_t crossing = crossing_;
  if (++arrived_ == threads_) {
    arrived_ = 0;
    ++crossing_;
    all_here_.notify_all();
    return;
  }
  all_here_.wait(lock, [&] { return crossing_ != crossing; });
}

void StartStopBarrier(ThreadManager* manager) { manager->arrive_and_wait(); }

}  // namespace benchmark::internal

// Which benchmark thread is running (tare::thread_index / thread_count).
#pragma once

namespace tare::worker {
/// Set once, before the benchmark threads start.
void set_thread_count(int count) noexcept;
/// Set by each benchmark thread for itself.
void set_thread_index(int index) noexcept;
}  // namespace tare::worker

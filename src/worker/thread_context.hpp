// Which benchmark thread is running (tare::thread_index / thread_count).
#pragma once

namespace tare::worker {
void set_thread_context(int index, int count) noexcept;
}

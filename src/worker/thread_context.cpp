#include "worker/thread_context.hpp"

#include "tare/benchmark.hpp"

namespace tare {
namespace {
thread_local int t_index = 0;
int g_count = 1;
}  // namespace

int thread_index() noexcept { return t_index; }
int thread_count() noexcept { return g_count; }

void worker::set_thread_context(int index, int count) noexcept {
  t_index = index;
  g_count = count;
}
}  // namespace tare

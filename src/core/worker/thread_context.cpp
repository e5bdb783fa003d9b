#include "worker/thread_context.hpp"

#include "tare/benchmark.hpp"

namespace tare {
namespace {
thread_local int t_index = 0;
int g_count = 1;  // written before the threads exist, read-only while they run
}  // namespace

int thread_index() noexcept { return t_index; }
int thread_count() noexcept { return g_count; }

void worker::set_thread_count(int count) noexcept { g_count = count; }
void worker::set_thread_index(int index) noexcept { t_index = index; }
}  // namespace tare

// A benchmark whose every operation maps four fresh pages, touches each once and unmaps
// them: four minor page faults per operation, a known answer for the rusage profiler.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <tare/tare.hpp>

namespace {

long touch_four_fresh_pages() {
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  void* memory = mmap(nullptr, 4 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) return -1;
  auto* bytes = static_cast<volatile char*>(memory);
  for (std::size_t i = 0; i < 4; ++i) bytes[i * page] = 1;
  munmap(memory, 4 * page);
  return 0;
}

}  // namespace

TARE_BENCHMARKS {
  tare::bench("faults.four_pages", [] { return touch_four_fresh_pages(); });
}

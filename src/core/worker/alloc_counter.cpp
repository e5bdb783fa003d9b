#include "worker/alloc_counter.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "alloc_preload/tare_alloc.h"

namespace tare::worker {
namespace {

template <class Function>
Function find_function(const char* name) {
  void* found = dlsym(RTLD_DEFAULT, name);
  if (!found)
    throw std::runtime_error(
        std::string("the allocation counter (libtare_alloc.so) is not loaded in the worker: ") + name +
        " not found (LD_PRELOAD did not take: a statically linked or set-user-ID program ignores it; or "
        "TARE_ALLOC_LIBRARY names another library)");
  return reinterpret_cast<Function>(found);
}

// Through a volatile pointer, so that the compiler cannot pair the malloc with the free and
// drop both.
void* (*volatile g_probe_malloc)(std::size_t) = std::malloc;

}  // namespace

AllocationCounter AllocationCounter::attach() {
  AllocationCounter counter;
  counter.start_ = find_function<Switch>(TARE_ALLOC_START);
  counter.stop_ = find_function<Switch>(TARE_ALLOC_STOP);
  counter.reset_ = find_function<Switch>(TARE_ALLOC_RESET);
  counter.aside_ = find_function<Switch>(TARE_ALLOC_ASIDE);
  counter.back_ = find_function<Switch>(TARE_ALLOC_BACK);
  counter.read_ = find_function<void (*)(tare_alloc_totals*)>(TARE_ALLOC_READ);
  // The executable's own malloc (a static allocator, tcmalloc linked in) comes before any
  // preloaded one: the counter would be present and see nothing.
  counter.reset();
  counter.start();
  std::free(g_probe_malloc(1));
  counter.stop();
  const results::Allocations probe = counter.read(1);
  counter.reset();
  if (probe.allocations != 1 || probe.frees != 1)
    throw std::runtime_error(
        "this program's allocations do not reach the allocation counter (libtare_alloc.so): it "
        "brings an allocator of its own");
  return counter;
}

results::Allocations AllocationCounter::read(std::uint64_t ops) const {
  tare_alloc_totals totals{};
  read_(&totals);
  return {ops, totals.allocations, totals.frees, totals.bytes, totals.peak_live_bytes};
}

}  // namespace tare::worker

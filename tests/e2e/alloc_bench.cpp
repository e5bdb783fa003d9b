// Benchmarks with a known number of allocations per operation, for --prof alloc: three
// blocks of 64 bytes (through malloc, new[] and operator new) allocated and freed by every
// operation, on one thread and on two; a thousand blocks; none at all; one list node per
// operation between hooks that build and free a hundred (the hooks' are not the
// operation's). Their state allocates a mebibyte when it is set up and frees it when torn
// down: none of it may count. And one that tells, per operation, whether its process has the
// allocation counter loaded and whether the counter saw its allocation (user counters), so
// that a run shows which workers counted: never a scored one.
#include <dlfcn.h>

#include <cstdint>
#include <cstdlib>
#include <list>
#include <new>
#include <vector>

#include <tare/tare.hpp>

#include "alloc_preload/tare_alloc.h"

namespace {

struct Buffer {
  std::vector<char> setup = std::vector<char>(1 << 20, 1);
};

long three_blocks_of_64_bytes() {
  void* a = std::malloc(64);
  char* b = new char[64];
  void* c = ::operator new(64);
  // Escaping pointers: the compiler may not pair the allocations with their frees and drop both.
  tare::consume(a);
  tare::consume(b);
  tare::consume(c);
  ::operator delete(c);
  delete[] b;
  std::free(a);
  return 3;
}

struct Blocks {
  void* block[1000];
};

long a_thousand_blocks_of_16_bytes(Blocks& b) {
  for (void*& block : b.block) block = std::malloc(16);
  tare::clobber();  // the blocks escape: the compiler may not drop the pairs
  for (void* block : b.block) std::free(block);
  return 1000;
}

// A hundred nodes built before each operation and freed after it, by the hooks; one node
// per operation. (The hooks run untimed, so they take far longer than the timed samples:
// a hundred, not more, keeps the run short.)
struct Lists {
  std::list<int> source = std::list<int>(100, 7);
  std::list<int> work;
};

// Per operation: in a process with the allocation counter loaded (`loaded`), and with its
// allocation counted (`counted`).
struct Seen {
  using Read = void (*)(tare_alloc_totals*);
  Read read = reinterpret_cast<Read>(dlsym(RTLD_DEFAULT, TARE_ALLOC_READ));
  std::uint64_t loaded = 0, counted = 0;
};

std::uint64_t allocate_and_tell(Seen& s) {
  tare_alloc_totals before{}, after{};
  if (s.read) s.read(&before);
  void* block = std::malloc(8);
  tare::consume(block);
  std::free(block);
  if (!s.read) return 0;
  s.read(&after);
  ++s.loaded;
  s.counted += after.allocations > before.allocations;
  return s.counted;
}

}  // namespace

TARE_BENCHMARKS {
  tare::group<Buffer>("alloc").bench("three_blocks", [](Buffer&) { return three_blocks_of_64_bytes(); });
  tare::group<Buffer>("alloc").threads(2).bench("three_blocks_threaded", [](Buffer&) { return three_blocks_of_64_bytes(); });
  tare::group<Buffer>("alloc").bench("none", [](Buffer& b) { return b.setup[static_cast<std::size_t>(tare::opaque(7))]; });
  tare::group<Blocks>("alloc").bench("thousand_blocks", a_thousand_blocks_of_16_bytes);
  tare::group<Lists>("alloc")
      .before_each([](Lists& l) { l.work = l.source; })
      .after_each([](Lists& l) { l.work.clear(); })
      .bench("hooked_list", [](Lists& l) {
        l.work.push_back(1);
        l.work.pop_back();
        return l.work.size();
      });
  tare::group<Seen>("alloc").counter("loaded", &Seen::loaded).counter("counted", &Seen::counted).bench("seen", allocate_and_tell);
}

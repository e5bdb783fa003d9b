// Benchmarks with a known number of allocations per operation, for --prof alloc: three
// blocks of 64 bytes (through malloc, new[] and operator new) allocated and freed by every
// operation, on one thread and on two; and none at all. Their state allocates a mebibyte
// when it is set up and frees it when torn down: none of it may count.
#include <cstdlib>
#include <new>
#include <vector>

#include <tare/tare.hpp>

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

}  // namespace

TARE_BENCHMARKS {
  tare::group<Buffer>("alloc").bench("three_blocks", [](Buffer&) { return three_blocks_of_64_bytes(); });
  tare::group<Buffer>("alloc").threads(2).bench("three_blocks_threaded", [](Buffer&) { return three_blocks_of_64_bytes(); });
  tare::group<Buffer>("alloc").bench("none", [](Buffer& b) { return b.setup[static_cast<std::size_t>(tare::opaque(7))]; });
}

// A program with an allocator of its own (here glibc's, under the executable's own malloc,
// free, calloc and realloc): definitions in the executable come before any preloaded
// library's, so --prof alloc's counter would see nothing. The worker must say so.
#include <cstddef>
#include <cstdlib>

#include <tare/tare.hpp>

extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* block, std::size_t size);
void __libc_free(void* block);

// noexcept as glibc declares them (__THROW).
void* malloc(std::size_t size) noexcept { return __libc_malloc(size); }
void* calloc(std::size_t count, std::size_t size) noexcept { return __libc_calloc(count, size); }
void* realloc(void* block, std::size_t size) noexcept { return __libc_realloc(block, size); }
void free(void* block) noexcept { __libc_free(block); }
}

TARE_BENCHMARKS {
  tare::bench("own_malloc.block", [] {
    void* block = std::malloc(64);
    tare::consume(block);
    std::free(block);
    return 1;
  });
}

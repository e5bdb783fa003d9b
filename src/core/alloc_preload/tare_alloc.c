/* libtare_alloc.so: counts allocations for `--prof alloc`. Preloaded into a worker
 * (LD_PRELOAD), it stands in for glibc's allocation functions and hands every call on to
 * glibc's own (__libc_malloc and the like, which glibc exports for exactly this; looking the
 * next definition up with dlsym(RTLD_NEXT) instead would allocate while the first malloc is
 * still being resolved). It is C on purpose: a preloaded library that needed libstdc++ would
 * load it into programs that have their own, or none.
 *
 * Counting is off until the worker turns it on around the batches of a counting fork, and a
 * thread may set itself aside meanwhile (the benchmark's untimed hooks, a paused timer: what
 * they allocate is not the operation's). Each thread
 * counts in a slot of its own (claimed on its first counted call, kept after it exits so its
 * counts stay in the totals) written by that thread alone: threads of a multi-threaded
 * benchmark never share a cache line. Threads beyond kSlots share one last slot, with
 * atomic additions. Live bytes are glibc's usable size of each block (malloc_usable_size),
 * the only size free() can know; bytes allocated are the sizes asked for. */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "tare_alloc.h"

extern void* __libc_malloc(size_t size);
extern void* __libc_calloc(size_t count, size_t size);
extern void* __libc_realloc(void* block, size_t size);
extern void __libc_free(void* block);
extern void* __libc_memalign(size_t alignment, size_t size);
extern void* __libc_valloc(size_t size);
extern void* __libc_pvalloc(size_t size);

#define EXPORTED __attribute__((visibility("default")))

enum { kSlots = 256 };

struct slot {
  _Atomic uint64_t allocations;
  _Atomic uint64_t frees;
  _Atomic uint64_t bytes;
  _Atomic int64_t live;  /* usable bytes allocated minus freed since the reset */
  _Atomic int64_t peak;
} __attribute__((aligned(64)));

static struct slot g_slots[kSlots + 1]; /* the last: shared by the threads beyond kSlots */
static _Atomic unsigned g_slots_claimed;
static _Atomic int g_counting;
static __thread struct slot* t_slot __attribute__((tls_model("initial-exec")));
static __thread int t_aside __attribute__((tls_model("initial-exec"))); /* this thread counts nothing */

static struct slot* shared_slot(void) { return &g_slots[kSlots]; }

static struct slot* own_slot(void) {
  if (!t_slot) {
    const unsigned index = atomic_fetch_add_explicit(&g_slots_claimed, 1, memory_order_relaxed);
    t_slot = index < kSlots ? &g_slots[index] : shared_slot();
  }
  return t_slot;
}

static int counting(void) { return !t_aside && atomic_load_explicit(&g_counting, memory_order_relaxed); }

/* A slot's own thread is its only writer: a plain load and store, no locked instruction. */
static void add_unsigned(struct slot* s, _Atomic uint64_t* counter, uint64_t amount) {
  if (s == shared_slot()) atomic_fetch_add_explicit(counter, amount, memory_order_relaxed);
  else atomic_store_explicit(counter, atomic_load_explicit(counter, memory_order_relaxed) + amount, memory_order_relaxed);
}

static void add_live(struct slot* s, int64_t amount) {
  int64_t live;
  if (s == shared_slot()) {
    live = atomic_fetch_add_explicit(&s->live, amount, memory_order_relaxed) + amount;
  } else {
    live = atomic_load_explicit(&s->live, memory_order_relaxed) + amount;
    atomic_store_explicit(&s->live, live, memory_order_relaxed);
  }
  int64_t peak = atomic_load_explicit(&s->peak, memory_order_relaxed);
  while (live > peak && !atomic_compare_exchange_weak_explicit(&s->peak, &peak, live, memory_order_relaxed,
                                                               memory_order_relaxed)) {
  }
}

static void count_allocation(void* block, size_t requested) {
  if (!block || !counting()) return;
  struct slot* s = own_slot();
  add_unsigned(s, &s->allocations, 1);
  add_unsigned(s, &s->bytes, requested);
  add_live(s, (int64_t)malloc_usable_size(block));
}

/* `usable`: the block's usable size, read before glibc took it back. */
static void count_free(size_t usable) {
  struct slot* s = own_slot();
  add_unsigned(s, &s->frees, 1);
  add_live(s, -(int64_t)usable);
}

EXPORTED void* malloc(size_t size) {
  void* block = __libc_malloc(size);
  count_allocation(block, size);
  return block;
}

EXPORTED void free(void* block) {
  if (block && counting()) count_free(malloc_usable_size(block));
  __libc_free(block);
}

EXPORTED void* calloc(size_t count, size_t size) {
  void* block = __libc_calloc(count, size);
  count_allocation(block, count * size); /* glibc refused an overflowing product: no block */
  return block;
}

/* A realloc that resizes a block is a free of the old one and an allocation of the new
 * size, moved or not; realloc(block, 0) frees (glibc's rule), realloc(NULL, n) allocates. */
EXPORTED void* realloc(void* block, size_t size) {
  if (!block) return malloc(size);
  const int counted = counting();
  const size_t old_usable = counted ? malloc_usable_size(block) : 0;
  void* resized = __libc_realloc(block, size);
  if (!counted) return resized;
  if (size == 0) {
    count_free(old_usable);
  } else if (resized) {
    count_free(old_usable);
    count_allocation(resized, size);
  }
  return resized;
}

/* glibc's own reallocarray would reach realloc by an internal call this library cannot see. */
EXPORTED void* reallocarray(void* block, size_t count, size_t size) {
  size_t bytes;
  if (__builtin_mul_overflow(count, size, &bytes)) {
    errno = ENOMEM;
    return NULL;
  }
  return realloc(block, bytes);
}

EXPORTED void* memalign(size_t alignment, size_t size) {
  void* block = __libc_memalign(alignment, size);
  count_allocation(block, size);
  return block;
}

EXPORTED void* aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

EXPORTED int posix_memalign(void** out, size_t alignment, size_t size) {
  /* glibc's checks: a power of two, a multiple of the size of a pointer. */
  if (alignment == 0 || alignment % sizeof(void*) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  void* block = __libc_memalign(alignment, size);
  if (!block) return ENOMEM;
  count_allocation(block, size);
  *out = block;
  return 0;
}

EXPORTED void* valloc(size_t size) {
  void* block = __libc_valloc(size);
  count_allocation(block, size);
  return block;
}

EXPORTED void* pvalloc(size_t size) {
  void* block = __libc_pvalloc(size);
  count_allocation(block, size);
  return block;
}

EXPORTED void tare_alloc_start(void) { atomic_store_explicit(&g_counting, 1, memory_order_seq_cst); }

EXPORTED void tare_alloc_stop(void) { atomic_store_explicit(&g_counting, 0, memory_order_seq_cst); }

EXPORTED void tare_alloc_aside(void) { t_aside = 1; }

EXPORTED void tare_alloc_back(void) { t_aside = 0; }

EXPORTED void tare_alloc_reset(void) {
  for (int i = 0; i <= kSlots; ++i) {
    atomic_store(&g_slots[i].allocations, 0);
    atomic_store(&g_slots[i].frees, 0);
    atomic_store(&g_slots[i].bytes, 0);
    atomic_store(&g_slots[i].live, 0);
    atomic_store(&g_slots[i].peak, 0);
  }
}

EXPORTED void tare_alloc_read(struct tare_alloc_totals* totals) {
  struct tare_alloc_totals sum = {0, 0, 0, 0};
  for (int i = 0; i <= kSlots; ++i) {
    sum.allocations += atomic_load(&g_slots[i].allocations);
    sum.frees += atomic_load(&g_slots[i].frees);
    sum.bytes += atomic_load(&g_slots[i].bytes);
    sum.peak_live_bytes += (uint64_t)atomic_load(&g_slots[i].peak);
  }
  *totals = sum;
}

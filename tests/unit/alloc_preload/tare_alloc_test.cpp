// libtare_alloc.so, the allocation counter of --prof alloc, linked into this test directly
// (its malloc then stands before glibc's, as a preload would): what each allocation function
// counts, that nothing counts while it is off, and threads counting apart.
#include <gtest/gtest.h>
#include <malloc.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <thread>
#include <vector>

#include "alloc_preload/tare_alloc.h"

namespace {

// Counting from zero for the lifetime of the object; the totals read once it stopped.
class CountingWindow {
 public:
  CountingWindow() {
    tare_alloc_reset();
    tare_alloc_start();
  }
  ~CountingWindow() { tare_alloc_stop(); }
  tare_alloc_totals stop() {
    tare_alloc_stop();
    tare_alloc_totals totals{};
    tare_alloc_read(&totals);
    return totals;
  }
};

std::size_t usable_size_of(std::size_t request) {
  void* block = std::malloc(request);
  const std::size_t usable = malloc_usable_size(block);
  std::free(block);
  return usable;
}

TEST(AllocCounter, NothingCountsUntilStartedNorAfterStopped) {
  tare_alloc_reset();
  std::free(std::malloc(64));
  tare_alloc_totals totals{};
  tare_alloc_read(&totals);
  EXPECT_EQ(totals.allocations, 0u);
  EXPECT_EQ(totals.frees, 0u);
  CountingWindow window;
  std::free(std::malloc(64));
  const auto counted = window.stop();
  std::free(std::malloc(64));
  tare_alloc_read(&totals);
  EXPECT_EQ(counted.allocations, 1u);
  EXPECT_EQ(totals.allocations, 1u);
}

TEST(AllocCounter, MallocCallocAndOperatorNewCountBlocksAndBytesAskedFor) {
  CountingWindow window;
  void* a = std::malloc(64);
  void* b = std::calloc(4, 8);
  char* c = new char[100];
  std::free(a);
  std::free(b);
  delete[] c;
  std::free(nullptr);  // no block: not a free
  const auto totals = window.stop();
  EXPECT_EQ(totals.allocations, 3u);
  EXPECT_EQ(totals.frees, 3u);
  EXPECT_EQ(totals.bytes, 64u + 32u + 100u);
}

TEST(AllocCounter, ReallocIsAFreeAndAnAllocationExceptAtItsEdges) {
  void* block = std::malloc(16);  // before counting
  CountingWindow window;
  block = std::realloc(block, 4096);   // resized: a free and an allocation
  void* fresh = std::realloc(nullptr, 32);  // an allocation
  EXPECT_EQ(std::realloc(fresh, 0), nullptr);  // a free (glibc's rule)
  // Called through a pointer: the compiler's own knowledge of reallocarray would warn of
  // the overflow, and of the block's use after a call that did not take it.
  void* (*volatile realloc_array)(void*, std::size_t, std::size_t) = reallocarray;
  errno = 0;
  EXPECT_EQ(realloc_array(block, SIZE_MAX, 2), nullptr);  // overflow: refused, nothing counted
  EXPECT_EQ(errno, ENOMEM);
  block = realloc_array(block, 16, 16);  // 256 bytes
  std::free(block);
  const auto totals = window.stop();
  EXPECT_EQ(totals.allocations, 3u);
  EXPECT_EQ(totals.frees, 4u);
  EXPECT_EQ(totals.bytes, 4096u + 32u + 256u);
}

TEST(AllocCounter, AlignedAllocationsCountAndABadAlignmentDoesNot) {
  CountingWindow window;
  void* a = nullptr;
  EXPECT_EQ(posix_memalign(&a, 64, 100), 0);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(a) % 64, 0u);
  void* refused = nullptr;
  EXPECT_EQ(posix_memalign(&refused, 24, 8), EINVAL);
  void* b = aligned_alloc(128, 256);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b) % 128, 0u);
  void* c = memalign(32, 10);
  void* d = valloc(10);
  void* e = pvalloc(10);
  for (void* block : {a, b, c, d, e}) std::free(block);
  const auto totals = window.stop();
  EXPECT_EQ(totals.allocations, 5u);
  EXPECT_EQ(totals.frees, 5u);
  EXPECT_EQ(totals.bytes, 100u + 256u + 10u + 10u + 10u);
}

TEST(AllocCounter, PeakLiveBytesAreTheMostUsableBytesHeldAtOnce) {
  const std::size_t usable = usable_size_of(1000);
  CountingWindow window;
  void* a = std::malloc(1000);
  void* b = std::malloc(1000);
  std::free(a);
  std::free(b);
  std::free(std::malloc(500));
  const auto totals = window.stop();
  EXPECT_EQ(totals.peak_live_bytes, 2 * usable);
}

// Two threads, created before counting starts and ended after it stopped (starting and
// ending a thread allocate and free), each allocating and freeing ten blocks of 64 bytes one
// at a time while it is on.
TEST(AllocCounter, ThreadsCountApartAndTheTotalsAddThemUp) {
  const std::size_t usable = usable_size_of(64);
  std::atomic<bool> go{false}, release{false};
  std::atomic<int> done{0};
  auto work = [&] {
    while (!go.load()) std::this_thread::yield();
    for (int i = 0; i < 10; ++i) std::free(std::malloc(64));
    done.fetch_add(1);
    while (!release.load()) std::this_thread::yield();
  };
  std::thread first(work), second(work);
  tare_alloc_totals totals{};
  {
    CountingWindow window;
    go = true;
    while (done.load() < 2) std::this_thread::yield();
    totals = window.stop();
  }
  release = true;
  first.join();
  second.join();
  EXPECT_EQ(totals.allocations, 20u);
  EXPECT_EQ(totals.frees, 20u);
  EXPECT_EQ(totals.bytes, 20u * 64u);
  EXPECT_EQ(totals.peak_live_bytes, 2 * usable);  // one block at a time on each thread
}

// A thread set aside counts nothing, allocating or freeing, while counting is on for the
// rest; back, it counts again. Another thread counts meanwhile: aside is the calling
// thread's alone.
TEST(AllocCounter, AThreadSetAsideCountsNothingAndTheOthersCountOn) {
  std::atomic<bool> go{false}, release{false};
  std::atomic<int> done{0};
  std::thread other([&] {
    while (!go.load()) std::this_thread::yield();
    for (int i = 0; i < 7; ++i) std::free(std::malloc(32));
    done.fetch_add(1);
    while (!release.load()) std::this_thread::yield();
  });
  tare_alloc_totals totals{};
  {
    CountingWindow window;
    tare_alloc_aside();
    go = true;
    void* held = std::malloc(1000);  // allocated aside: not counted, nor its free below
    for (int i = 0; i < 100; ++i) std::free(std::malloc(64));
    tare_alloc_aside();  // twice aside, once back: back
    tare_alloc_back();
    std::free(std::malloc(16));
    tare_alloc_aside();
    std::free(held);
    tare_alloc_back();
    while (done.load() < 1) std::this_thread::yield();
    totals = window.stop();
  }
  release = true;
  other.join();
  EXPECT_EQ(totals.allocations, 7u + 1u);
  EXPECT_EQ(totals.frees, 7u + 1u);
  EXPECT_EQ(totals.bytes, 7u * 32u + 16u);
}

}  // namespace


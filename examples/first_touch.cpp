// First touch: memory the kernel has not mapped yet costs a page fault the first time it
// is used. An operation that walks a freshly allocated buffer is slow until every page has
// been touched once (a flat plateau, then a drop of several hundred times), then settles.
// What tare does with it: each fork's warmup goes on until its recent samples show no
// trend, so the slow first samples (50 to 140 ns/op on the development VM, against 1.4
// once every page is mapped) stay in the fork's warmup (forks[].warmup in the JSON) and
// only the steady samples are measured ("flat" in the Steady state column). A drop that
// reached into the measurement would be found by the changepoint analysis and cut there.
// Every fork allocates anew, so every fork warms up again.
#include <tare/tare.hpp>

#include <cstdlib>
#include <cstring>

namespace {

struct FreshBuffer {
  std::size_t size;
  unsigned char* data;
  std::size_t position = 0;
  explicit FreshBuffer(const tare::Params& p)
      : size(p.get<std::size_t>("mib") << 20), data(static_cast<unsigned char*>(std::malloc(size))) {
    if (data == nullptr) throw std::bad_alloc();
  }
  ~FreshBuffer() { std::free(data); }
  FreshBuffer(const FreshBuffer&) = delete;
  FreshBuffer& operator=(const FreshBuffer&) = delete;
};

}  // namespace

TARE_BENCHMARKS {
  // 16 steps per 4 KiB page: the first pass pays a fault every 16 operations.
  tare::group<FreshBuffer>("first_touch").param("mib", {2}).bench("walk", [](FreshBuffer& b) {
    b.data[b.position] += 1;
    b.position = (b.position + 256) & (b.size - 1);
    return b.data[b.position];
  });
}

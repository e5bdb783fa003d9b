// First touch: memory the kernel has not mapped yet costs a page fault the first time it
// is used. An operation that walks a freshly allocated buffer is slow until every page has
// been touched once (a flat plateau, then a drop of several hundred times), then settles.
// What tare does with it: the batch calibrated on the slow plateau is far too short once
// the operation is fast, so the fork calibrates again and warms up again; the changepoint
// analysis finds the drop in every fork ("warmup" in the Steady state column, the
// changepoints in the JSON), and only samples after it are measured. Every fork allocates
// anew, so every fork warms up again. (On the development VM the forks also split into
// two speeds, about 1.1 and 1.7 ns/op, by where the buffer landed: shown as two modes.)
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

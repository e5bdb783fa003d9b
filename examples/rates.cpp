// Items and bytes per second: declare what one operation processes, and the results give
// the rates beside the time per operation, with intervals, as Google Benchmark's
// SetItemsProcessed and SetBytesProcessed do. The operation takes `const Buffer&`: it
// reads the state and does not change it, so no reset is needed between calls.
#include <tare/tare.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace {

struct Buffer {
  explicit Buffer(const tare::Params& p) : values(p.get<std::size_t>("count")) {
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::uint32_t>(i * 2654435761u);
  }
  std::vector<std::uint32_t> values;
};

// FNV-1a over the values: one multiply per value, a chain the compiler cannot vectorise.
std::uint32_t checksum(const Buffer& b) {
  std::uint32_t hash = 2166136261u;
  for (const std::uint32_t v : b.values) hash = (hash ^ v) * 16777619u;
  return hash;
}

}  // namespace

TARE_BENCHMARKS {
  tare::group<Buffer>("checksum")
      .param("count", {4096})
      .items_per_op("count")                         // values per call
      .bytes_per_op("count", sizeof(std::uint32_t))  // bytes per call
      .bench("fnv1a", [](const Buffer& b) { return checksum(b); });
}

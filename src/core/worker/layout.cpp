#include "worker/layout.hpp"

namespace tare::worker {
namespace {
std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
}  // namespace

results::Layout derive_layout(std::uint64_t seed) {
  std::uint64_t state = seed;
  results::Layout layout;
  layout.seed = seed;
  layout.env_pad_bytes = static_cast<std::uint32_t>(splitmix64(state) % 4096);
  // Stack offsets keep the ABI's 16-byte alignment; within that they cover a whole page,
  // so cache-set and 4K-aliasing effects vary from fork to fork.
  layout.stack_offset_bytes = static_cast<std::uint32_t>(splitmix64(state) % 4096) & ~15u;
  layout.heap_offset_bytes = static_cast<std::uint32_t>(splitmix64(state) % 4097);
  return layout;
}

std::string environment_padding(std::uint32_t bytes) { return std::string(bytes, 'x'); }

}  // namespace tare::worker

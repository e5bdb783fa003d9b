// A small benchmark linked as layout variants (tare_layout_variants, tests/e2e/CMakeLists.txt):
// the same two functions in every variant, at addresses that differ between them
// (tests/e2e/layout_variants_test.cpp finds them by name with nm).
#include <tare/tare.hpp>

#include <cstdint>

// Out of line and with external names, so that each is one function in its own section
// whatever the variant, and nm finds it under this name.
[[gnu::noinline]] std::uint64_t tare_layout_sum_work(std::uint64_t n) {
  std::uint64_t sum = 0;
  for (std::uint64_t i = 0; i < n; ++i) sum += i * i;
  return sum;
}

[[gnu::noinline]] std::uint64_t tare_layout_mix_work(std::uint64_t x) {
  for (int i = 0; i < 16; ++i) x ^= (x << 13) ^ (x >> 7);
  return x;
}

TARE_BENCHMARKS {
  tare::bench("layout.sum", [] { return tare_layout_sum_work(tare::opaque(std::uint64_t{64})); });
  tare::bench("layout.mix", [] { return tare_layout_mix_work(tare::opaque(std::uint64_t{88172645463325252ull})); });
}

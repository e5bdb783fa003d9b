// One benchmark whose amount of work is fixed at build time (TARE_AB_WORK rounds), built
// twice or more: identical builds for A/A, and one doing a known amount more work; a
// negative amount builds one that crashes.
#include <tare/tare.hpp>

#include <csignal>
#include <cstdint>

TARE_BENCHMARKS {
  tare::bench("ab.spin", [] {
    if (TARE_AB_WORK < 0) std::raise(SIGSEGV);
    std::uint64_t x = tare::opaque(std::uint64_t{88172645463325252ull});
    for (int i = 0; i < TARE_AB_WORK; ++i) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
    }
    return x;
  });
}

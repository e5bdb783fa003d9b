// One benchmark built three ways (TARE_IDENTITY_VARIANT), for telling the same machine code
// from changed code (runner/timed_code, compare/code_match): 0 the base; 1 the same code with
// an unrelated function that is never called compiled in before it, so that only where the
// code sits changes; 2 a real change, one constant of the timed body.
#include <tare/tare.hpp>

#include "no_ipa.hpp"

#include <cstdint>

#if TARE_IDENTITY_VARIANT == 1
// Never called; not static, so it stays in the binary and moves what follows it.
TARE_TEST_OPAQUE_FUNCTION std::uint64_t identity_unrelated(std::uint64_t x) {
  for (int i = 0; i < 7; ++i) x = x * 6364136223846793005ull + 1442695040888963407ull;
  return x ^ (x >> 29);
}
#endif

#if TARE_IDENTITY_VARIANT == 2
constexpr int kIdentityLastShift = 19;
#else
constexpr int kIdentityLastShift = 17;
#endif

// A function of its own (not inlined, not cloned), so that the changed code has a name.
TARE_TEST_OPAQUE_FUNCTION std::uint64_t identity_mix_rounds(std::uint64_t x) {
  for (int i = 0; i < 64; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << kIdentityLastShift;
  }
  return x;
}

TARE_BENCHMARKS {
  tare::bench("identity.mix", [] { return identity_mix_rounds(tare::opaque(std::uint64_t{88172645463325252ull})); });
}

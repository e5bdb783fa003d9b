// One benchmark built three ways (TARE_BISECT_VARIANT) for tare bisect's end-to-end tests
// (bisect_test.cpp), whose commits copy one of them as their build: 0 the base, an operation
// of exactly 100 instructions; 1 the same timed code with a function that is never called
// compiled in before it (other bytes, other addresses, the same machine code); 2 the
// commit that adds work, 150 instructions.
#include <tare/tare.hpp>

#include <cstdint>

#include "no_ipa.hpp"

#define TARE_TEXT(x) #x
#define TARE_NUMBER_TEXT(x) TARE_TEXT(x)

#if TARE_BISECT_VARIANT == 2
#define TARE_BISECT_NOPS 150
#else
#define TARE_BISECT_NOPS 100
#endif

#if TARE_BISECT_VARIANT == 1
// Never called; not static, so it stays in the binary and moves what follows it.
TARE_TEST_OPAQUE_FUNCTION std::uint64_t bisect_unrelated(std::uint64_t x) {
  for (int i = 0; i < 5; ++i) x = x * 6364136223846793005ull + 1442695040888963407ull;
  return x ^ (x >> 31);
}
#endif

TARE_BENCHMARKS {
  tare::bench("bisect.block", [] { asm volatile(".rept " TARE_NUMBER_TEXT(TARE_BISECT_NOPS) "\n\tnop\n\t.endr"); });
}

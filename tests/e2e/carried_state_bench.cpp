// A benchmark whose calls depend on what earlier calls left in its state, as a lookup that
// walks a cursor through a table does: call k runs k % 7 rounds. A batch of N calls then
// executes another number of instructions after another number of calls before it, and
// two callgrind workers compare like with like only when driven through the same commands
// (ab/ab_code). Built two ways (TARE_CARRIED_VARIANT): 0 the base; 1 the same code
// with an unrelated function compiled in before it, so that only where the code sits
// changes (and the files differ).
#include <tare/tare.hpp>

#include "no_ipa.hpp"

#include <cstdint>

#if TARE_CARRIED_VARIANT == 1
// Never called; not static, so it stays in the binary and moves what follows it.
TARE_TEST_OPAQUE_FUNCTION std::uint64_t carried_unrelated(std::uint64_t x) {
  for (int i = 0; i < 5; ++i) x = x * 2862933555777941757ull + 3037000493ull;
  return x;
}
#endif

struct Cursor {
  std::uint64_t next = 0;
};

// A function of its own (not inlined, not cloned), so that its code has a name.
TARE_TEST_OPAQUE_FUNCTION std::uint64_t carried_step(Cursor& cursor) {
  const std::uint64_t rounds = cursor.next % 7;
  std::uint64_t x = cursor.next++;
  for (std::uint64_t i = 0; i < rounds; ++i) x = x * 6364136223846793005ull + 1442695040888963407ull;
  return x;
}

TARE_BENCHMARKS {
  tare::group<Cursor>("carried").bench("walk", [](Cursor& cursor) { return carried_step(cursor); });
}

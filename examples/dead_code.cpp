// The dead-code trap. `wrong` computes with constant inputs and throws the result away:
// the optimiser folds and deletes all of it, and what remains is the empty loop. `right`
// takes its inputs through tare::opaque and returns the result, which tare consumes.
// tare warns that `wrong` is not above the empty-operation floor.
#include <tare/tare.hpp>

#include <cstdint>

namespace {

// 1000 rounds of multiply, add and rotate: no closed form for an optimiser to find, so
// the work is either done or visibly deleted.
std::uint64_t scramble(std::uint64_t x, int rounds) {
  for (int i = 0; i < rounds; ++i) {
    x = x * 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(i);
    x = (x << 17) | (x >> 47);
  }
  return x;
}

}  // namespace

TARE_BENCHMARKS {
  tare::group("dead_code")
      .bench("wrong", [] { scramble(42, 1000); })
      .bench("right", [] { return scramble(tare::opaque(std::uint64_t{42}), tare::opaque(1000)); });
}

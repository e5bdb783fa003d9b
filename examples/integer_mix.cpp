// Pure computation, protected from dead-code elimination and constant
// folding. The inputs come from parameters through the state and pass through
// tare::opaque, so the compiler cannot fold the loop; the result is returned, so tare
// consumes it and the work cannot be deleted.
#include <tare/tare.hpp>

#include <cstdint>

namespace {

struct Mix {
  std::uint32_t seed;
  int rounds;
  explicit Mix(const tare::Params& p) : seed(p.get<std::uint32_t>("seed")), rounds(p.get<int>("rounds")) {}
};

std::uint32_t rotate_left(std::uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

std::uint32_t mix(std::uint32_t value, int rounds) {
  for (int i = 0; i < rounds; ++i) value = rotate_left(value * 31 + static_cast<std::uint32_t>(i), 5);
  return value;
}

}  // namespace

TARE_BENCHMARKS {
  tare::group<Mix>("integer")
      .param("seed", {7, 42})
      .param("rounds", {64, 1024})
      .bench("mix", [](Mix& s) { return mix(tare::opaque(s.seed), tare::opaque(s.rounds)); });
}

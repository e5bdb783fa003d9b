// The dead-code trap. `wrong` computes with constant inputs and throws the result away:
// the optimiser folds and deletes all of it, and what remains is the empty loop. `right`
// takes its inputs through tare::opaque and returns the result, which tare consumes.
// tare warns that `wrong` is not above the empty-operation floor.
#include <tare/tare.hpp>

#include <cstdint>

namespace {

std::uint64_t sum_of_squares(std::uint64_t n) {
  std::uint64_t total = 0;
  for (std::uint64_t i = 1; i <= n; ++i) total += i * i;
  return total;
}

}  // namespace

TARE_BENCHMARKS {
  tare::group("dead_code")
      .bench("wrong", [] { sum_of_squares(1000); })
      .bench("right", [] { return sum_of_squares(tare::opaque(std::uint64_t{1000})); });
}

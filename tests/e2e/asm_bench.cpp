// Two benchmarks whose hot code is known, for --prof asm (asm_test.cpp): a sum over an
// array, whose loop is where the instructions go, and a loop whose result nobody uses,
// which the compiler deletes (what is left is the timed loop counting its iterations).
#include <cstdint>
#include <tare/tare.hpp>

// Not static: the compiler cannot know nothing writes it, so the sum is not folded to 0.
std::uint32_t asm_bench_numbers[512];

TARE_BENCHMARKS {
  tare::bench("asm.sum", [] {
    std::uint64_t sum = 0;
    for (const std::uint32_t n : asm_bench_numbers) sum += n;
    return sum;
  });
  tare::bench("asm.deleted", [] {
    int s = 0;
    for (int i = 0; i < 100; ++i) s += i;
    static_cast<void>(s);  // dropped: the loop is dead code
  });
}

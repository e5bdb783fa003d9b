// A benchmark built several times for bench/power_table.sh: TARE_KNOWN_CHANGE_WORK rounds of a
// dependent multiply-add chain, the builds differing by a known share of work (0.5% to 10%).
// The trip count goes through opaque() so all builds compile to the same loop (no unrolling
// remainder that differs), and each round waits for the previous multiply: time is proportional to
// the rounds.
#include <tare/tare.hpp>

#include <cstdint>

TARE_BENCHMARKS {
  tare::bench("verdict.chain", [] {
    std::uint64_t x = tare::opaque(std::uint64_t{88172645463325252ull});
    const int rounds = tare::opaque(TARE_KNOWN_CHANGE_WORK);
    for (int i = 0; i < rounds; ++i) x = x * 6364136223846793005ull + 1442695040888963407ull;
    return x;
  });
}

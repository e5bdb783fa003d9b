// The commits of bench/bisect.sh's repositories: a dependent multiply-add chain of
// TARE_BISECT_WORK rounds (1000, or 1030 from the commit that adds 3% work on), seeded with
// TARE_BISECT_SEED, a constant of the timed code that each commit changes, so that every
// commit's timed code differs (tare bisect measures each one it probes) and its time does not.
#include <tare/tare.hpp>

#include <cstdint>

TARE_BENCHMARKS {
  tare::bench("bisect.chain", [] {
    std::uint64_t x = tare::opaque(std::uint64_t{88172645463325252ull + TARE_BISECT_SEED});
    const int rounds = tare::opaque(TARE_BISECT_WORK);
    for (int i = 0; i < rounds; ++i) x = x * 6364136223846793005ull + 1442695040888963407ull;
    return x;
  });
}

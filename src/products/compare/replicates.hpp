// What one side of a compared benchmark rests on, in the words of the file it came from: a
// tare run's forks; the repetitions of a Google Benchmark-format file (Google Benchmark's own,
// or tare::gbench's with --benchmark_repetitions); a tare::gbench row's estimate over worker
// processes. A side with fewer than two has no interval; the reason names each such side and
// how to rerun it, with the flag its binary takes.
#pragma once

#include <cstddef>
#include <string>

namespace tare::compare {

enum class Replicates {
  forks,        ///< tare's own results (--json): worker processes, each a fork
  repetitions,  ///< rows of a Google Benchmark-format file, one a repetition (--benchmark_repetitions)
  processes,    ///< a tare::gbench row: tare's estimate over worker processes (tare_forks; --forks)
};

/// One side of a row: what it rests on, and how many of them there are.
struct SideReplicates {
  Replicates kind = Replicates::forks;
  std::size_t count = 0;
};

/// Why a row has no interval, when either side has fewer than 2: the short sides, in their
/// files' words, and how to rerun them ("each file has 1 repetition: no interval (rerun both
/// with --benchmark_repetitions=N, N ≥ 2)"). Two tare runs keep tare's words ("fewer than 2
/// good forks on a side: no interval").
std::string too_few_replicates(const SideReplicates& base, const SideReplicates& candidate);

}  // namespace tare::compare

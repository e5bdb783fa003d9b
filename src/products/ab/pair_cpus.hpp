// Which CPUs the two processes of a `tare ab` pair run on.
//
// Lock-step (the default): both processes on the same CPUs. Alternating samples only cancel
// what the two sides share, and on a virtual machine two vCPUs run at different,
// independently drifting speeds (measured on a 2-vCPU VM: pair ratios scattered by ±3%
// across two cores, ±0.5% on one). Pairs rotate over the CPUs, so every CPU's luck is
// sampled.
//
// Duet: the two processes run at the same time, each on its own half of the CPUs; the
// halves swap sides from one pair to the next, so a CPU that is faster than the other
// favours each side in half of the pairs (Bulej et al. 2020, duet benchmarking).
#pragma once

#include <vector>

namespace tare::ab {

struct PairCpus {
  std::vector<int> base, candidate;  ///< empty: leave the process where the system puts it
};

/// The CPUs of the sched_getaffinity mask of this process, in order.
std::vector<int> allowed_cpus();

/// The CPUs of pair number `pair` for a benchmark of `threads` threads, out of `allowed`.
/// Each process gets min(threads, the CPUs it may have) of them; in a duet a process may
/// have half of `allowed`, which must then hold at least two CPUs.
PairCpus pair_cpus(const std::vector<int>& allowed, int threads, int pair, bool duet);

}  // namespace tare::ab

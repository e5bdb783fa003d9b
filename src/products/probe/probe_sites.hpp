// Where probes and their per-thread counters live: registration, each thread's slots (made
// on its first call of a probe, folded into the probe's retired totals when the thread
// ends), and the sum over all of them for a snapshot.
#pragma once

#include <vector>

#include "probe/estimate.hpp"

namespace tare::probe {

/// Every registered probe's counters summed over live and ended threads, in registration
/// order. Safe to call while other threads record.
std::vector<Totals> collect_totals();

}  // namespace tare::probe

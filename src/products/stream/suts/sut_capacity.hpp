// The model SUT's capacity as its configuration really has it. Each worker serves its
// keys' events one at a time at `cost` each, and keys are hash-partitioned (route()), so
// the workers do not get equal shares: the busiest one saturates first and sets the
// capacity, 1 / (cost x its share of the events), not workers / cost. With 100 uniform
// products over 2 workers the busiest takes 52% of the events: 19.2k/s at 100 us, not 20k/s.
#pragma once

#include <cstdint>

#include "stream/transport/run_description.hpp"
#include "stream/workload/workload.hpp"

namespace tare::stream {

struct SutCapacity {
  double events_per_s = 0;       ///< 1 / (cost x busiest_share); +inf when the cost is 0
  double even_events_per_s = 0;  ///< workers / cost: what evenly spread keys would give
  double busiest_share = 0;      ///< of all events, on the busiest worker
  unsigned busiest_worker = 0;
  /// True when the shares come from the key distributions' exact probabilities; false when
  /// there are too many keys (key pairs, for the join) to add up, and the shares were
  /// counted over 2^20 events drawn with a fixed seed (within about 0.1% of the share).
  bool exact = true;
};

/// The capacity after any slow start. `workers` >= 1 and `cost_ns` >= 0, else
/// std::invalid_argument; the workload's key distributions are validated.
SutCapacity model_capacity(unsigned workers, std::int64_t cost_ns, Query query, const WorkloadSpec& workload);

}  // namespace tare::stream

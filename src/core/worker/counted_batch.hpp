// The one batch a callgrind worker counts. valgrind's callgrind, started with collection
// off, told to collect only inside this function (--toggle-collect) and to write its counts
// each time the function returns (--dump-after), counts the instructions of the batch's
// timed loop and none of the harness's: the protocol, the parsing, the state's setup all run
// outside it. A C name, and never inlined, so that callgrind finds it by that name.
#pragma once

#include <cstdint>

#include "registry/benchmark_spec.hpp"

namespace tare::worker {

/// The name callgrind's --toggle-collect and --dump-after are given.
inline constexpr const char* kCountedBatchFunction = "tare_counted_batch";

}  // namespace tare::worker

/// Runs `invocations` invocations of `body`'s timed loop on `state`, a run of its own
/// (Body::run_alone); returns its ticks.
extern "C" std::uint64_t tare_counted_batch(const tare::detail::Body* body, tare::detail::StateBase* state,
                                            std::uint64_t invocations);

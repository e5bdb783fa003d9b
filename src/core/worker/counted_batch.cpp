#include "worker/counted_batch.hpp"

// `used` keeps the symbol however the library is linked; `noinline` keeps it a function of
// its own, entered and left once per batch (callgrind counts between the two).
extern "C" __attribute__((noinline, used)) std::uint64_t tare_counted_batch(const tare::detail::Body* body,
                                                                            tare::detail::StateBase* state,
                                                                            std::uint64_t invocations) {
  return body->run_alone(*state, invocations);
}

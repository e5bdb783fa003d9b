// Workloads and units shared by the stream tests.
#pragma once

#include <cstdint>

#include "stream/workload/workload.hpp"

namespace tare::stream::testing {

inline constexpr std::int64_t kMs = 1'000'000;  // in ns
inline constexpr std::int64_t kS = 1'000'000'000;  // in ns

/// Purchases and ads (half each) over `users` x `products` keys at 20 events per ms.
inline WorkloadSpec mixed_workload(std::uint64_t seed, std::uint32_t users, std::uint32_t products) {
  WorkloadSpec spec;
  spec.seed = seed;
  spec.mix = EventMix::purchases_and_ads;
  spec.users.n = users;
  spec.products.n = products;
  spec.rate = RateSchedule::constant(20'000);
  return spec;
}

}  // namespace tare::stream::testing

#include "stream/suts/sut_capacity.hpp"

#include <algorithm>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

#include "stream/suts/window_operator.hpp"

namespace tare::stream {
namespace {

// Keys (key pairs for the join) up to this many are added up exactly; more are sampled.
constexpr std::uint64_t kMaxExactKeys = std::uint64_t{1} << 22;
constexpr std::uint64_t kSampledEvents = std::uint64_t{1} << 20;
constexpr std::uint64_t kSampleSeed = 16;

// Each worker's share of the events, from the key probabilities: the aggregation routes by
// product, the join by (user, product), whatever the event's kind.
std::vector<double> exact_shares(unsigned workers, Query query, const WorkloadSpec& workload) {
  const KeySampler products(workload.products);
  const KeySampler users(query == Query::join ? workload.users : KeyDistSpec{});  // the aggregation ignores users
  std::vector<double> shares(workers, 0.0);
  Event e;
  const std::uint32_t user_count = query == Query::join ? workload.users.n : 1;
  for (std::uint32_t u = 0; u < user_count; ++u) {
    const double p_user = query == Query::join ? users.probability(u) : 1.0;
    e.user = u;
    for (std::uint32_t k = 0; k < workload.products.n; ++k) {
      e.product = k;
      shares[route(e, query, workers)] += p_user * products.probability(k);
    }
  }
  return shares;
}

std::vector<double> sampled_shares(unsigned workers, Query query, const WorkloadSpec& workload) {
  const KeySampler products(workload.products);
  const KeySampler users(workload.users);
  std::mt19937_64 rng(kSampleSeed);
  std::vector<double> shares(workers, 0.0);
  Event e;
  for (std::uint64_t i = 0; i < kSampledEvents; ++i) {
    e.user = users.sample(rng);
    e.product = products.sample(rng);
    shares[route(e, query, workers)] += 1.0 / static_cast<double>(kSampledEvents);
  }
  return shares;
}

}  // namespace

SutCapacity model_capacity(unsigned workers, std::int64_t cost_ns, Query query, const WorkloadSpec& workload) {
  if (workers < 1 || cost_ns < 0) throw std::invalid_argument("model_capacity: need workers >= 1 and cost >= 0");
  validate(workload.products, "products");
  if (query == Query::join) validate(workload.users, "users");
  const std::uint64_t keys = std::uint64_t{workload.products.n} * (query == Query::join ? workload.users.n : 1);
  SutCapacity capacity;
  capacity.exact = keys <= kMaxExactKeys;
  const std::vector<double> shares =
      capacity.exact ? exact_shares(workers, query, workload) : sampled_shares(workers, query, workload);
  const auto busiest = std::max_element(shares.begin(), shares.end());
  capacity.busiest_worker = static_cast<unsigned>(busiest - shares.begin());
  capacity.busiest_share = *busiest;
  constexpr double inf = std::numeric_limits<double>::infinity();
  const double per_worker = cost_ns > 0 ? 1e9 / static_cast<double>(cost_ns) : inf;
  capacity.even_events_per_s = per_worker * workers;
  capacity.events_per_s = per_worker / capacity.busiest_share;
  return capacity;
}

}  // namespace tare::stream

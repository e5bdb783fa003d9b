#include "compare/replicates.hpp"

#include <fmt/format.h>

namespace tare::compare {
namespace {

std::string count_of(const SideReplicates& side) {
  const bool one = side.count == 1;
  switch (side.kind) {
    case Replicates::forks: return fmt::format("{} good fork{}", side.count, one ? "" : "s");
    case Replicates::repetitions: return fmt::format("{} repetition{}", side.count, one ? "" : "s");
    case Replicates::processes: return fmt::format("an estimate over {} worker process{}", side.count, one ? "" : "es");
  }
  return "";
}

// The option that gives the side's binary more of them: a Google Benchmark binary (or a
// tare::gbench one with repetitions) more repetitions, a tare or tare::gbench run more forks.
const char* flag_for(Replicates kind) {
  return kind == Replicates::repetitions ? "--benchmark_repetitions=N" : "--forks N";
}

}  // namespace

std::string too_few_replicates(const SideReplicates& base, const SideReplicates& candidate) {
  const bool base_short = base.count < 2, new_short = candidate.count < 2;
  if (!base_short && !new_short) return "";
  if (base.kind == Replicates::forks && candidate.kind == Replicates::forks)
    return "fewer than 2 good forks on a side: no interval";
  if (base_short && new_short && base.kind == candidate.kind && base.count == candidate.count)
    return fmt::format("each file has {}: no interval (rerun both with {}, N ≥ 2)", count_of(base), flag_for(base.kind));
  if (base_short && new_short)
    return fmt::format("the base file has {} and the new file {}: no interval (rerun the base with {} and the new "
                       "with {}, N ≥ 2)",
                       count_of(base), count_of(candidate), flag_for(base.kind), flag_for(candidate.kind));
  const SideReplicates& short_side = base_short ? base : candidate;
  return fmt::format("the {} file has {}: no interval (rerun it with {}, N ≥ 2)", base_short ? "base" : "new",
                     count_of(short_side), flag_for(short_side.kind));
}

}  // namespace tare::compare

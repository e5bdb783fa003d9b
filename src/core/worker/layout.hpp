// Per-fork memory-layout shifts: the environment size moves the initial
// stack, an alloca moves the stack further, and a live allocation moves the heap. They are
// derived from a logged seed, so every fork's layout can be replayed, and varied across
// forks, so layout luck is sampled instead of frozen into every fork.
#pragma once

#include <cstdint>
#include <string>

#include "results/results.hpp"

namespace tare::worker {

/// The shifts a seed stands for (pure: the parent and the worker both derive them).
results::Layout derive_layout(std::uint64_t seed);

/// The padding environment variable's value for `bytes` of environment.
std::string environment_padding(std::uint32_t bytes);

}  // namespace tare::worker

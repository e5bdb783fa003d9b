// The benchmark families registered through the Google Benchmark API, in registration
// order, and the range arithmetic of its builder methods.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace tare::gbench {

std::vector<std::unique_ptr<benchmark::internal::Benchmark>>& families();

/// Google Benchmark's Range: lo, the powers of `multiplier` strictly between (negative
/// ones mirrored, and 0 when the range crosses it), then hi.
std::vector<std::int64_t> range(std::int64_t lo, std::int64_t hi, int multiplier);
/// start, start + step, ... up to limit, and limit itself when the steps miss it.
std::vector<std::int64_t> dense_range(std::int64_t start, std::int64_t limit, int step);

}  // namespace tare::gbench

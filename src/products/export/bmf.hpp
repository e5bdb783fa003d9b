// tare's results in Bencher Metric Format (BMF), what `bencher run --adapter json` reads:
// {"<benchmark>": {"<measure>": {"value", "lower_value", "upper_value"}}}. Time per
// operation is Bencher's built-in "latency" measure, in nanoseconds; throughput its
// "throughput" measure, in operations per second. The interval is lower and upper value.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "results/results.hpp"

namespace tare::exports {

/// Bencher's measure for a unit, and the factor that takes a value into that measure's
/// unit (ns for latency, ops/s for throughput): "ns/op" -> latency × 1, "us/op" ->
/// latency × 1000, "ops/ms" -> throughput × 1000. nullopt for a unit neither measure holds.
struct BencherMeasure {
  std::string slug;
  double factor = 1;
};
std::optional<BencherMeasure> bencher_measure(const std::string& unit);

/// One member per benchmark with an estimate, keyed by its full name (parameters and
/// threads included, so every key is distinct), in run order. Throws std::runtime_error
/// naming the benchmark and its unit when the unit is neither a time nor a rate.
void write_bmf(const results::Run& run, std::ostream& out);

}  // namespace tare::exports

// What the runner asks of a worker (protocol.hpp tells the whole conversation): one type per
// command, one writer (to_line) that the runner sends and one parser (parse_command) that the
// worker reads them with.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace tare::worker {

/// "sample <invocations> <count>": `count` samples of `invocations` invocations each.
struct TakeSamples {
  std::uint64_t invocations = 0;
  std::uint64_t count = 0;
  bool operator==(const TakeSamples&) const = default;
};
/// "floor <invocations>": time the empty operation in the same kind of loop.
struct TimeFloor {
  std::uint64_t invocations = 0;
  bool operator==(const TimeFloor&) const = default;
};
/// "reference": time the fixed reference workload (drift).
struct TimeReference {
  bool operator==(const TimeReference&) const = default;
};
/// "begin": resource usage (and allocations, perf events) count from here.
struct BeginMeasurement {
  bool operator==(const BeginMeasurement&) const = default;
};
/// "count <body|empty> <invocations>": one batch of the benchmark or of the empty operation
/// through tare_counted_batch, for callgrind to count (worker/counted_batch.hpp).
struct CountBatch {
  bool empty_loop = false;
  std::uint64_t invocations = 0;
  bool operator==(const CountBatch&) const = default;
};
/// "finish": report, tear down and exit.
struct Finish {
  bool operator==(const Finish&) const = default;
};

using Command = std::variant<TakeSamples, TimeFloor, TimeReference, BeginMeasurement, CountBatch, Finish>;

/// The command's line, without its line end.
std::string to_line(const Command& command);

/// The command a line holds; nullopt for a blank line (nothing asked). Throws ProtocolError
/// (protocol_words.hpp) for a line that is no command, or one with the wrong words.
std::optional<Command> parse_command(std::string_view line);

}  // namespace tare::worker

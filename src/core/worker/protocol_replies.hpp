// What a worker answers the runner (protocol.hpp tells the whole conversation): one type per
// reply, one writer (to_line, an overload per type) that the worker sends and one parser per
// type that the runner reads them with. A parser throws ProtocolError (protocol_words.hpp)
// for a line that is not the reply it expects; error_reply and skip_reply, which the runner
// asks of every line, say nullopt for a line that is another reply.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "results/results.hpp"

namespace tare::worker {

/// "ready <pid> <setup_ns> <env_pad> <stack_offset> <heap_offset>": set up, with the memory
/// layout shifts it applied (the environment padding as found, so the runner can check it
/// arrived).
struct Ready {
  int pid = 0;
  std::int64_t setup_ns = 0;  ///< whole nanoseconds
  std::uint32_t env_pad = 0;
  std::uint32_t stack_offset = 0;
  std::uint32_t heap_offset = 0;
  bool operator==(const Ready&) const = default;
};

/// "at <node> <step>": where a worker started as a Slurm job step runs (its first line, before
/// "ready"; worker/stdio_pipes.hpp): the node's name and the step as <job id>.<step id>.
struct Placement {
  std::string node;
  std::string step;
  bool operator==(const Placement&) const = default;
};

// "s <ops> <ns> <cpu_ns> <wait_ns> <preemptions> <stolen_ns> <age_ns> <overlap_ns> <span_ns> [counter...]":
// one sample, a results::Sample.

/// "f <ns_per_op>": the empty operation's time per op.
struct FloorTime {
  double ns_per_op = 0;
};
/// "r <ns_per_iteration>": the reference workload's time per iteration.
struct ReferenceTime {
  double ns_per_iteration = 0;
};
/// "b": measuring from here.
struct Begun {
  bool operator==(const Begun&) const = default;
};
/// "c": the counted batch ran.
struct Counted {
  bool operator==(const Counted&) const = default;
};

// After "finish", in this order, the first three only when there is something to say:
/// "a <text>": what the benchmark reported about itself over the measured samples, for its
/// reporter (one line: line ends travel as spaces).
struct Annotations {
  std::string text;
  bool operator==(const Annotations&) const = default;
};
// "alloc <ops> <allocations> <frees> <bytes> <peak_live_bytes>": with alloc=1, what the
// allocation counter saw over the measured samples, a results::Allocations.
/// "p <ops> [<value> <enabled_ns> <running_ns>]...": with perf=..., each event's reading
/// over the measured samples, in the order sent.
struct PerfCounts {
  std::uint64_t ops = 0;
  std::vector<results::CounterReading> readings;  ///< events unnamed: the runner knows the order
};
/// "t <teardown_ns> <minflt> <majflt> <nvcsw> <nivcsw> <maxrss_kib>": torn down; the
/// resources used since "begin". The worker exits 0 after it.
struct Teardown {
  std::int64_t teardown_ns = 0;  ///< whole nanoseconds
  results::Resources resources;
};
/// One of the lines after "finish".
using FinishReply = std::variant<Annotations, results::Allocations, PerfCounts, Teardown>;

// In place of any reply, and the worker's last:
/// "error <message>": it threw (exits with status 3). One line, as Annotations.
struct Error {
  std::string message;
  bool operator==(const Error&) const = default;
};
/// "skip <reason>": the benchmark skipped itself (tare::skip; exits with status 0).
struct Skip {
  std::string reason;
  bool operator==(const Skip&) const = default;
};

std::string to_line(const Ready& reply);
std::string to_line(const Placement& reply);
std::string to_line(const results::Sample& reply);
std::string to_line(const FloorTime& reply);
std::string to_line(const ReferenceTime& reply);
std::string to_line(const Begun& reply);
std::string to_line(const Counted& reply);
std::string to_line(const Annotations& reply);
std::string to_line(const results::Allocations& reply);
std::string to_line(const PerfCounts& reply);
std::string to_line(const Teardown& reply);
std::string to_line(const Error& reply);
std::string to_line(const Skip& reply);

Ready parse_ready(std::string_view line);
Placement parse_placement(std::string_view line);
results::Sample parse_sample(std::string_view line);
FloorTime parse_floor(std::string_view line);
ReferenceTime parse_reference(std::string_view line);
Begun parse_begun(std::string_view line);
Counted parse_counted(std::string_view line);
Annotations parse_annotations(std::string_view line);
results::Allocations parse_allocations(std::string_view line);
PerfCounts parse_perf_counts(std::string_view line);
Teardown parse_teardown(std::string_view line);
/// Any of the replies to "finish", told apart by their first word ("t" where it is none of
/// the others).
FinishReply parse_finish_reply(std::string_view line);

std::optional<Error> error_reply(std::string_view line);
std::optional<Skip> skip_reply(std::string_view line);

}  // namespace tare::worker

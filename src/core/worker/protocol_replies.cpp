#include "worker/protocol_replies.hpp"

#include "worker/protocol_words.hpp"

namespace tare::worker {
namespace {

// Replies are one line each: a line end in free text travels as a space.
std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n') c = ' ';
  return text;
}

bool starts_with(std::string_view line, std::string_view prefix) { return line.substr(0, prefix.size()) == prefix; }

// The text after `tag` and its space ("a <text>"), when the line is that reply.
std::optional<std::string> text_after(std::string_view line, std::string_view tag) {
  if (line.size() <= tag.size() || !starts_with(line, tag) || line[tag.size()] != ' ') return std::nullopt;
  return std::string(line.substr(tag.size() + 1));
}

// "<tag> <number>", the number to full precision.
std::string tagged_number(const char* tag, double value) { return std::string(tag) + " " + format_double(value); }

double parse_tagged_number(std::string_view line, std::string_view tag, const char* expected) {
  const auto words = split_words(line);
  double value = 0;
  if (words.size() != 2 || words[0] != tag || !parse_number(words[1], value)) throw ProtocolError(expected, line);
  return value;
}

void parse_bare(std::string_view line, std::string_view tag, const char* expected) {
  const auto words = split_words(line);
  if (words.size() != 1 || words[0] != tag) throw ProtocolError(expected, line);
}

}  // namespace

std::string to_line(const Ready& r) {
  return "ready " + std::to_string(r.pid) + " " + std::to_string(r.setup_ns) + " " + std::to_string(r.env_pad) + " " +
         std::to_string(r.stack_offset) + " " + std::to_string(r.heap_offset);
}

Ready parse_ready(std::string_view line) {
  const auto words = split_words(line);
  Ready ready;
  if (words.size() != 6 || words[0] != "ready" || !parse_number(words[1], ready.pid) ||
      !parse_number(words[2], ready.setup_ns) || !parse_number(words[3], ready.env_pad) ||
      !parse_number(words[4], ready.stack_offset) || !parse_number(words[5], ready.heap_offset))
    throw ProtocolError("a malformed ready line", line);
  return ready;
}

std::string to_line(const Placement& p) { return "at " + p.node + " " + p.step; }

Placement parse_placement(std::string_view line) {
  const auto words = split_words(line);
  if (words.size() != 3 || words[0] != "at") throw ProtocolError("a placement line (at <node> <step>)", line);
  return {std::string(words[1]), std::string(words[2])};
}

std::string to_line(const results::Sample& sample) {
  std::string line = "s ";
  line.append(std::to_string(sample.ops)).append(" ").append(format_double(sample.ns));
  line.append(" ").append(format_double(sample.cpu_ns));
  line.append(" ").append(format_double(sample.wait_ns)).append(" ").append(std::to_string(sample.preemptions));
  line.append(" ").append(format_double(sample.stolen_ns)).append(" ").append(format_double(sample.age_ns));
  line.append(" ").append(format_double(sample.overlap_ns)).append(" ").append(format_double(sample.span_ns));
  for (double c : sample.counters) line.append(" ").append(format_double(c));
  return line;
}

results::Sample parse_sample(std::string_view line) {
  const auto words = split_words(line);
  results::Sample sample;
  if (words.size() < 10 || words[0] != "s" || !parse_number(words[1], sample.ops) || !parse_number(words[2], sample.ns) ||
      !parse_number(words[3], sample.cpu_ns) || !parse_number(words[4], sample.wait_ns) ||
      !parse_number(words[5], sample.preemptions) || !parse_number(words[6], sample.stolen_ns) ||
      !parse_number(words[7], sample.age_ns) || !parse_number(words[8], sample.overlap_ns) ||
      !parse_number(words[9], sample.span_ns))
    throw ProtocolError("a malformed sample", line);
  for (std::size_t i = 10; i < words.size(); ++i) {
    double value = 0;
    if (!parse_number(words[i], value)) throw ProtocolError("a malformed sample", line);
    sample.counters.push_back(value);
  }
  return sample;
}

std::string to_line(const FloorTime& reply) { return tagged_number("f", reply.ns_per_op); }
FloorTime parse_floor(std::string_view line) { return {parse_tagged_number(line, "f", "a malformed floor")}; }

std::string to_line(const ReferenceTime& reply) { return tagged_number("r", reply.ns_per_iteration); }
ReferenceTime parse_reference(std::string_view line) {
  return {parse_tagged_number(line, "r", "a malformed reference time")};
}

std::string to_line(const Begun&) { return "b"; }
Begun parse_begun(std::string_view line) { return parse_bare(line, "b", "a malformed reply to begin"), Begun{}; }

std::string to_line(const Counted&) { return "c"; }
Counted parse_counted(std::string_view line) {
  return parse_bare(line, "c", "a malformed reply to a counted batch"), Counted{};
}

std::string to_line(const Annotations& reply) { return "a " + one_line(reply.text); }
Annotations parse_annotations(std::string_view line) {
  auto text = text_after(line, "a");
  if (!text) throw ProtocolError("malformed annotations", line);
  return {std::move(*text)};
}

std::string to_line(const results::Allocations& counted) {
  return "alloc " + std::to_string(counted.ops) + " " + std::to_string(counted.allocations) + " " +
         std::to_string(counted.frees) + " " + std::to_string(counted.bytes) + " " + std::to_string(counted.peak_live_bytes);
}

results::Allocations parse_allocations(std::string_view line) {
  const auto words = split_words(line);
  results::Allocations counted;
  if (words.size() != 6 || words[0] != "alloc" || !parse_number(words[1], counted.ops) ||
      !parse_number(words[2], counted.allocations) || !parse_number(words[3], counted.frees) ||
      !parse_number(words[4], counted.bytes) || !parse_number(words[5], counted.peak_live_bytes))
    throw ProtocolError("malformed allocation counts", line);
  return counted;
}

std::string to_line(const PerfCounts& counts) {
  std::string line = "p ";
  line.append(std::to_string(counts.ops));
  for (const auto& r : counts.readings) {
    line.append(" ").append(std::to_string(r.value)).append(" ").append(std::to_string(r.enabled_ns));
    line.append(" ").append(std::to_string(r.running_ns));
  }
  return line;
}

PerfCounts parse_perf_counts(std::string_view line) {
  const auto words = split_words(line);
  PerfCounts counts;
  if (words.size() < 2 || (words.size() - 2) % 3 != 0 || words[0] != "p" || !parse_number(words[1], counts.ops))
    throw ProtocolError("malformed perf counts", line);
  for (std::size_t i = 2; i < words.size(); i += 3) {
    results::CounterReading r;
    if (!parse_number(words[i], r.value) || !parse_number(words[i + 1], r.enabled_ns) ||
        !parse_number(words[i + 2], r.running_ns))
      throw ProtocolError("malformed perf counts", line);
    counts.readings.push_back(r);
  }
  return counts;
}

std::string to_line(const Teardown& t) {
  const results::Resources& used = t.resources;
  return "t " + std::to_string(t.teardown_ns) + " " + std::to_string(used.minor_faults) + " " +
         std::to_string(used.major_faults) + " " + std::to_string(used.voluntary_switches) + " " +
         std::to_string(used.involuntary_switches) + " " + std::to_string(used.max_rss_kib);
}

Teardown parse_teardown(std::string_view line) {
  const auto words = split_words(line);
  Teardown done;
  results::Resources& used = done.resources;
  if (words.size() != 7 || words[0] != "t" || !parse_number(words[1], done.teardown_ns) ||
      !parse_number(words[2], used.minor_faults) || !parse_number(words[3], used.major_faults) ||
      !parse_number(words[4], used.voluntary_switches) || !parse_number(words[5], used.involuntary_switches) ||
      !parse_number(words[6], used.max_rss_kib))
    throw ProtocolError("a malformed teardown report", line);
  return done;
}

FinishReply parse_finish_reply(std::string_view line) {
  if (starts_with(line, "a ")) return parse_annotations(line);
  if (starts_with(line, "alloc ")) return parse_allocations(line);
  if (starts_with(line, "p ")) return parse_perf_counts(line);
  return parse_teardown(line);
}

std::string to_line(const Error& reply) { return "error " + one_line(reply.message); }
std::optional<Error> error_reply(std::string_view line) {
  auto message = text_after(line, "error");
  if (!message) return std::nullopt;
  return Error{std::move(*message)};
}

std::string to_line(const Skip& reply) { return "skip " + one_line(reply.reason); }
std::optional<Skip> skip_reply(std::string_view line) {
  auto reason = text_after(line, "skip");
  if (!reason) return std::nullopt;
  return Skip{std::move(*reason)};
}

}  // namespace tare::worker

#include "worker/protocol_commands.hpp"

#include <vector>

#include "worker/protocol_words.hpp"

namespace tare::worker {
namespace {

struct CommandLine {
  std::string operator()(const TakeSamples& c) const {
    return "sample " + std::to_string(c.invocations) + " " + std::to_string(c.count);
  }
  std::string operator()(const TimeFloor& c) const { return "floor " + std::to_string(c.invocations); }
  std::string operator()(const TimeReference&) const { return "reference"; }
  std::string operator()(const BeginMeasurement&) const { return "begin"; }
  std::string operator()(const CountBatch& c) const {
    return std::string("count ") + (c.empty_loop ? "empty " : "body ") + std::to_string(c.invocations);
  }
  std::string operator()(const Finish&) const { return "finish"; }
};

std::uint64_t count_word(std::string_view word, std::string_view line) {
  std::uint64_t value = 0;
  if (!parse_number(word, value)) throw ProtocolError("a bad number in a command from the runner", line);
  return value;
}

// The command named by the first word, with its arguments checked.
Command command_of(const std::vector<std::string_view>& words, std::string_view line) {
  const std::string_view name = words[0];
  const auto arguments = [&](std::size_t n) {
    if (words.size() != n + 1) throw ProtocolError("a malformed command from the runner", line);
  };
  if (name == "sample") {
    arguments(2);
    return TakeSamples{count_word(words[1], line), count_word(words[2], line)};
  }
  if (name == "floor") {
    arguments(1);
    return TimeFloor{count_word(words[1], line)};
  }
  if (name == "count") {
    arguments(2);
    if (words[1] != "body" && words[1] != "empty") throw ProtocolError("a malformed command from the runner", line);
    return CountBatch{words[1] == "empty", count_word(words[2], line)};
  }
  if (name == "reference") return arguments(0), Command(TimeReference{});
  if (name == "begin") return arguments(0), Command(BeginMeasurement{});
  if (name == "finish") return arguments(0), Command(Finish{});
  throw ProtocolError("unknown command from the runner", line);
}

}  // namespace

std::string to_line(const Command& command) { return std::visit(CommandLine{}, command); }

std::optional<Command> parse_command(std::string_view line) {
  const auto words = split_words(line);
  if (words.empty()) return std::nullopt;
  return command_of(words, line);
}

}  // namespace tare::worker

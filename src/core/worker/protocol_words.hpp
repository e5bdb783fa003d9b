// The words the worker protocol's lines are made of, shared by its writers and parsers
// (protocol, protocol_commands, protocol_replies) and by nothing else: numbers written so
// that they read back exactly, read back strictly (the whole word, nothing more), and the
// error a line that is not the message expected raises.
#pragma once

#include <charconv>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tare::worker {

/// A line that is not the message expected. what() says which message it should have been
/// and quotes the line: "a malformed sample: s 1 2".
class ProtocolError : public std::runtime_error {
 public:
  ProtocolError(const std::string& expected, std::string_view line)
      : std::runtime_error(expected + ": " + std::string(line)), line_(line) {}
  const std::string& line() const { return line_; }

 private:
  std::string line_;
};

/// Splits on single spaces (runs of spaces make no empty words).
std::vector<std::string_view> split_words(std::string_view line);

/// %.17g: every double reads back as itself; whole numbers print short ("1234567").
std::string format_double(double value);

/// The whole of `text` as a T (from_chars: no sign on unsigned types, no spaces, "nan" and
/// "inf" for floating point); false, leaving `out` as it was or partly read, otherwise.
template <class T>
bool parse_number(std::string_view text, T& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size() && !text.empty();
}

}  // namespace tare::worker

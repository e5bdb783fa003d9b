#include "tools/tare/markdown_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>

namespace tare::tool {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

bool continuation(unsigned char c, unsigned char low = 0x80, unsigned char high = 0xBF) {
  return c >= low && c <= high;
}

// Length of the well-formed UTF-8 sequence at the start of `s` (Unicode table 3-7), or 0.
std::size_t sequence_length(std::string_view s) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the second byte's range
  if (lead >= 0xC2 && lead <= 0xDF) length = 2;
  else if (lead >= 0xE0 && lead <= 0xEF) length = 3, low = lead == 0xE0 ? 0xA0 : 0x80, high = lead == 0xED ? 0x9F : 0xBF;
  else if (lead >= 0xF0 && lead <= 0xF4) length = 4, low = lead == 0xF0 ? 0x90 : 0x80, high = lead == 0xF4 ? 0x8F : 0xBF;
  else return 0;
  if (s.size() < length || !continuation(byte(1), low, high)) return 0;
  for (std::size_t i = 2; i < length; ++i)
    if (!continuation(byte(i))) return 0;
  return length;
}

std::size_t longest_backtick_run(std::string_view text) {
  std::size_t longest = 0, run = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

}  // namespace

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    const std::size_t length = sequence_length(text);
    if (length == 0) {
      out += kReplacement;
      text.remove_prefix(1);
    } else {
      out += text.substr(0, length);
      text.remove_prefix(length);
    }
  }
  return out;
}

std::string markdown_code_cell(std::string_view text) {
  std::string body;
  for (const char c : valid_utf8(text)) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') body += "\\n";
    else if (c == '\r') body += "\\r";
    else if (c == '\t') body += "\\t";
    else if (byte < 0x20 || byte == 0x7F) body += fmt::format("\\x{:02X}", byte);
    else body += c;
  }
  // A table splits cells at a pipe even inside code, and inside code a backslash before it
  // cannot be escaped: such a name is written as text, each markdown character escaped.
  if (body.find('|') != std::string::npos) {
    std::string escaped;
    for (const char c : body) {
      if (std::string_view("\\`*_[]<>|~&!#").find(c) != std::string_view::npos) escaped += '\\';
      escaped += c;
    }
    return escaped;
  }
  const std::string fence(longest_backtick_run(body) + 1, '`');
  // A space inside the fence keeps a backtick at either end from joining it; CommonMark
  // strips one such space on each side.
  const bool pad = !body.empty() && (body.front() == '`' || body.back() == '`');
  return pad ? fence + " " + body + " " + fence : fence + body + fence;
}

}  // namespace tare::tool

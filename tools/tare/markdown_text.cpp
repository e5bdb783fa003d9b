#include "tools/tare/markdown_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>

#include "report/utf8.hpp"

namespace tare::tool {
namespace {

std::size_t longest_backtick_run(std::string_view text) {
  std::size_t longest = 0, run = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

}  // namespace

std::string markdown_code_cell(std::string_view text) {
  std::string body;
  for (const char c : report::valid_utf8(text)) {
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

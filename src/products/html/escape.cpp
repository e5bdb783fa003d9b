#include "html/escape.hpp"

#include "report/utf8.hpp"

namespace tare::html {

std::string escape(std::string_view text) {
  const std::string valid = report::valid_utf8(text);
  std::string out;
  out.reserve(valid.size() + valid.size() / 8);
  for (const char c : valid) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace tare::html

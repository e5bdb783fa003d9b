#include "report/text.hpp"

#include <cstdint>

namespace tare::report::detail {
namespace {

// Decodes one code point starting at `i` and advances `i`. Invalid bytes decode as one
// replacement column each, so malformed text still gets a width instead of an exception.
std::uint32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto lead = static_cast<unsigned char>(s[i++]);
  int extra = 0;
  std::uint32_t cp = lead;
  if (lead >= 0xF0) {
    extra = 3;
    cp = lead & 0x07u;
  } else if (lead >= 0xE0) {
    extra = 2;
    cp = lead & 0x0Fu;
  } else if (lead >= 0xC0) {
    extra = 1;
    cp = lead & 0x1Fu;
  } else if (lead >= 0x80) {
    return 0xFFFD;  // stray continuation byte
  }
  for (; extra > 0 && i < s.size(); --extra) {
    const auto byte = static_cast<unsigned char>(s[i]);
    if ((byte & 0xC0u) != 0x80u) return 0xFFFD;
    cp = (cp << 6) | (byte & 0x3Fu);
    ++i;
  }
  return extra == 0 ? cp : 0xFFFD;
}

bool is_combining(std::uint32_t cp) {
  return (cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x200B && cp <= 0x200F) ||
         (cp >= 0xFE00 && cp <= 0xFE0F);  // variation selectors: "⚠️" is still "⚠" wide
}

// The East Asian Wide and Fullwidth blocks that matter in practice (CJK, Hangul, fullwidth
// forms, emoji); a full Unicode table would be overkill for benchmark names.
bool is_wide(std::uint32_t cp) {
  return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) ||
         (cp >= 0x3041 && cp <= 0x33FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
         (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
         (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
         (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
         (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1F64F) ||
         (cp >= 0x1F900 && cp <= 0x1F9FF) || (cp >= 0x20000 && cp <= 0x3FFFD);
}

}  // namespace

std::size_t display_width(std::string_view utf8) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < utf8.size();) {
    const std::uint32_t cp = next_code_point(utf8, i);
    if (is_combining(cp)) continue;
    width += is_wide(cp) ? 2 : 1;
  }
  return width;
}

std::string pad(std::string_view text, std::size_t width, Align align) {
  const std::size_t have = display_width(text);
  if (have >= width) return std::string(text);
  const std::string fill(width - have, ' ');
  return align == Align::left ? std::string(text) + fill : fill + std::string(text);
}

std::string paint(std::string_view text, Style style, bool color) {
  if (!color || style == Style::plain) return std::string(text);
  const char* code = style == Style::bold ? "\x1b[1m" : style == Style::yellow ? "\x1b[33m" : "\x1b[31m";
  return code + std::string(text) + "\x1b[0m";
}

}  // namespace tare::report::detail

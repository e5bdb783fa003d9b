// Terminal text helpers for the console reporter: display width of UTF-8 text, padding to
// a width, and optional ANSI colouring. Byte counts are wrong for "±", "µ" and "⚠" (two or
// three bytes, one column), so every alignment decision goes through display_width.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tare::report::detail {

enum class Align { left, right };
enum class Style { plain, bold, yellow, red };

/// Columns the text occupies in a terminal: one per code point, two for East Asian wide
/// characters (parameter values may be Chinese), none for combining marks.
std::size_t display_width(std::string_view utf8);

/// The text padded with spaces to `width` columns (unchanged when already wider).
std::string pad(std::string_view text, std::size_t width, Align align);

/// The text wrapped in the ANSI escape for `style` when `color`, else unchanged. Apply it
/// after padding: escapes have no width, so padding coloured text would misalign it.
std::string paint(std::string_view text, Style style, bool color);

}  // namespace tare::report::detail

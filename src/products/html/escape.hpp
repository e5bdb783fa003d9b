// Text from results files (benchmark names, parameters, warnings, the command line) goes
// into the report as text, never as markup: a benchmark named "<script>…" shows its name.
#pragma once

#include <string>
#include <string_view>

namespace tare::html {

/// `text` made safe as HTML text or a quoted attribute value (also in SVG): & < > " '
/// become entities and bytes that are not well-formed UTF-8 become U+FFFD.
std::string escape(std::string_view text);

}  // namespace tare::html

// Text from outside (benchmark names: any bytes a user's code or a results file holds) put
// into a markdown table without breaking it: one cell, one line, valid UTF-8.
#pragma once

#include <string>
#include <string_view>

namespace tare::tool {

/// `text` as one table cell on one line, valid UTF-8 (report::valid_utf8): control
/// characters written as \n, \t or \xHH;
/// an inline code span fenced by more backticks than any run inside, or, when the text
/// holds a pipe (tables split cells on it even inside code), plain text with markdown's
/// characters backslash-escaped.
std::string markdown_code_cell(std::string_view text);

}  // namespace tare::tool

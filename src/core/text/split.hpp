// Splitting and trimming text: option values (NAME=V1,V2), kernel files, log lines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tare::text {

/// The parts of `text` between separators, empty ones included: "a,,b" gives "a", "", "b";
/// "" gives one empty part.
std::vector<std::string> split(std::string_view text, char separator);

/// `text` without leading and trailing white space (space, tab, CR, LF, VT, FF).
std::string_view trim(std::string_view text);

}  // namespace tare::text

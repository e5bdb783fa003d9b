// /proc/cpuinfo: "key<TAB>: value" lines, one block per processor. The one scanner of it:
// the clock reads its flags (an invariant TSC), system/ the model and the processor count.
#pragma once

#include <optional>
#include <string_view>

#include "text/split.hpp"

namespace tare::clock {

/// Calls `visit(key, value)`, both trimmed, for each "key : value" line of a cpuinfo text
/// until it returns true.
template <class Visit>
void for_each_cpuinfo_field(std::string_view cpuinfo, Visit&& visit) {
  std::size_t begin = 0;
  while (begin < cpuinfo.size()) {
    std::size_t end = cpuinfo.find('\n', begin);
    if (end == std::string_view::npos) end = cpuinfo.size();
    const std::string_view line = cpuinfo.substr(begin, end - begin);
    const std::size_t colon = line.find(':');
    if (colon != std::string_view::npos &&
        visit(text::trim(line.substr(0, colon)), text::trim(line.substr(colon + 1))))
      return;
    begin = end + 1;
  }
}

/// Value of the first "key : value" line of a cpuinfo text (key matched exactly, after
/// trimming), trimmed; nullopt when no line has that key. Every processor block repeats
/// its fields; the first one speaks for all.
std::optional<std::string_view> cpuinfo_field(std::string_view cpuinfo, std::string_view key);

/// Whether the first x86 "flags" line lists `flag` as a whole word.
bool cpuinfo_has_flag(std::string_view cpuinfo, std::string_view flag);

}  // namespace tare::clock

// Fields and flags of /proc/cpuinfo. Architectures differ in key names (x86 "model name"
// and "flags"; ARM "Processor"/"Hardware" and "Features"): callers name the key.
#include "clock/cpuinfo.hpp"

namespace tare::clock {

std::optional<std::string_view> cpuinfo_field(std::string_view cpuinfo, std::string_view key) {
  std::optional<std::string_view> found;
  for_each_cpuinfo_field(cpuinfo, [&](std::string_view k, std::string_view v) {
    if (k != key) return false;
    found = v;
    return true;
  });
  return found;
}

bool cpuinfo_has_flag(std::string_view cpuinfo, std::string_view flag) {
  const auto flags = cpuinfo_field(cpuinfo, "flags");
  if (!flags) return false;
  std::string_view rest = *flags;
  while (!rest.empty()) {
    const std::size_t end = rest.find_first_of(" \t");
    if (rest.substr(0, end) == flag) return true;
    if (end == std::string_view::npos) break;
    rest = text::trim(rest.substr(end));
  }
  return false;
}

}  // namespace tare::clock

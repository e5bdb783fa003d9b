// /proc/cpuinfo: "key<TAB>: value" lines, one block per processor. Architectures differ in
// key names (x86 "model name" and "flags"; ARM "Processor"/"Hardware" and "Features").
#include <array>

#include "system/parse.hpp"

namespace tare::system::parse {
namespace {

// Calls `visit(key, value)` for each "key : value" line until it returns true.
template <class Visit>
void for_each_field(std::string_view text, Visit&& visit) {
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(begin, end - begin);
    const std::size_t colon = line.find(':');
    if (colon != std::string_view::npos && visit(trim(line.substr(0, colon)), trim(line.substr(colon + 1))))
      return;
    begin = end + 1;
  }
}

}  // namespace

std::optional<std::string_view> cpuinfo_field(std::string_view cpuinfo, std::string_view key) {
  std::optional<std::string_view> found;
  for_each_field(cpuinfo, [&](std::string_view k, std::string_view v) {
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
    rest = trim(rest.substr(end));
  }
  return false;
}

std::string cpu_model(std::string_view cpuinfo) {
  // x86 first; then ARM (old kernels: "Processor", boards: "Hardware"), POWER, MIPS, s390.
  constexpr std::array<std::string_view, 6> kKeys = {"model name", "Processor", "Hardware",
                                                     "cpu",        "cpu model", "machine"};
  for (const std::string_view key : kKeys) {
    const auto value = cpuinfo_field(cpuinfo, key);
    if (value && !value->empty()) return std::string(*value);
  }
  return {};
}

int count_processors(std::string_view cpuinfo) {
  int count = 0;
  for_each_field(cpuinfo, [&](std::string_view key, std::string_view) {
    if (key == "processor") ++count;
    return false;
  });
  return count;
}

}  // namespace tare::system::parse

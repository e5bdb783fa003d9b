// The machine facts in /proc/cpuinfo. Architectures differ in key names (x86 "model name";
// ARM "Processor"/"Hardware"; POWER, MIPS and s390 others); clock/cpuinfo.hpp scans the lines.
#include "system/parse_cpuinfo.hpp"

#include <array>

#include "clock/cpuinfo.hpp"

namespace tare::system::parse {

std::string cpu_model(std::string_view cpuinfo) {
  // x86 first; then ARM (old kernels: "Processor", boards: "Hardware"), POWER, MIPS, s390.
  constexpr std::array<std::string_view, 6> kKeys = {"model name", "Processor", "Hardware",
                                                     "cpu",        "cpu model", "machine"};
  for (const std::string_view key : kKeys) {
    const auto value = clock::cpuinfo_field(cpuinfo, key);
    if (value && !value->empty()) return std::string(*value);
  }
  return {};
}

int count_processors(std::string_view cpuinfo) {
  int count = 0;
  clock::for_each_cpuinfo_field(cpuinfo, [&](std::string_view key, std::string_view) {
    if (key == "processor") ++count;
    return false;
  });
  return count;
}

}  // namespace tare::system::parse

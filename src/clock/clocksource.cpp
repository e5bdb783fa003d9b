// The kernel's clocksource decides what clock_gettime costs: "tsc" and "kvm-clock" are
// read in user space through the vDSO, "hpet" and "acpi_pm" need a system call (~1 µs).
#include <string>

#include "clock/clock.hpp"
#include "clock/read_text.hpp"

namespace tare::clock {

std::string clocksource(const std::filesystem::path& root) {
  std::string text =
      detail::read_text(root / "sys/devices/system/clocksource/clocksource0/current_clocksource");
  const std::size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return {};
  const std::size_t end = text.find_last_not_of(" \t\r\n");
  return text.substr(begin, end - begin + 1);
}

std::string clocksource() { return clocksource("/"); }

}  // namespace tare::clock

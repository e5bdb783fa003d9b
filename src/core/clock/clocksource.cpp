// The kernel's clocksource decides what clock_gettime costs: "tsc" and "kvm-clock" are
// read in user space through the vDSO, "hpet" and "acpi_pm" need a system call (~1 µs).
#include "clock/clocksource.hpp"

#include <string>

#include "text/read_file.hpp"
#include "text/split.hpp"

namespace tare::clock {

std::string clocksource(const std::filesystem::path& root) {
  const auto name = text::read_file(root / "sys/devices/system/clocksource/clocksource0/current_clocksource");
  return std::string(text::trim(name.value_or("")));
}

std::string clocksource() { return clocksource("/"); }

}  // namespace tare::clock

#include <thread>

#include "system/machine.hpp"
#include "system/parse.hpp"
#include "text/read_file.hpp"

namespace tare::system {

double measure_busy_cores(std::chrono::milliseconds window) {
  const auto before = parse::cpu_times(text::read_file("/proc/stat").value_or(""));
  std::this_thread::sleep_for(window);
  const auto after = parse::cpu_times(text::read_file("/proc/stat").value_or(""));
  if (!before || !after || after->total <= before->total) return -1;
  const double busy_fraction =
      static_cast<double>(after->busy - before->busy) / static_cast<double>(after->total - before->total);
  return busy_fraction * online_cpus();
}

}  // namespace tare::system

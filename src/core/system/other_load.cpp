// The rest of the machine's CPU use over a span: /proc/stat's busy time less this process's
// and its reaped children's.
#include "system/other_load.hpp"

#include <sys/resource.h>

#include <algorithm>

#include "system/describe_machine.hpp"
#include "text/read_file.hpp"

namespace tare::system {
namespace {

std::optional<parse::CpuTimes> read_cpu_times() { return parse::cpu_times(text::read_file("/proc/stat").value_or("")); }

double seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; }

// The CPU this process and its reaped children have used.
double own_cpu_seconds() {
  rusage self{}, children{};
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &children);
  return seconds(self.ru_utime) + seconds(self.ru_stime) + seconds(children.ru_utime) + seconds(children.ru_stime);
}

}  // namespace

OtherLoad::OtherLoad()
    : start_(read_cpu_times()), own_start_s_(own_cpu_seconds()), wall_start_(std::chrono::steady_clock::now()) {}

double OtherLoad::cores() const {
  const auto now = read_cpu_times();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start_).count();
  // /proc/stat counts in ticks of 10 ms per CPU: a shorter span says too little.
  if (!start_ || !now || now->total <= start_->total || wall < kShortestSpanSeconds) return -1;
  const double busy_fraction =
      static_cast<double>(now->busy - start_->busy) / static_cast<double>(now->total - start_->total);
  const double own_cores = (own_cpu_seconds() - own_start_s_) / wall;
  return std::max(0.0, busy_fraction * online_cpus() - own_cores);
}

double OtherLoad::steal_share() const {
  const auto now = read_cpu_times();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start_).count();
  if (!start_ || !now || now->total <= start_->total || wall < kShortestSpanSeconds) return -1;
  return static_cast<double>(now->steal - start_->steal) / static_cast<double>(now->total - start_->total);
}

}  // namespace tare::system

#include "system/thread_schedule.hpp"

#include <fcntl.h>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "system/parse_files.hpp"

namespace tare::system {

RealtimeRequest make_thread_realtime(int priority) {
  RealtimeRequest request;
  rlimit limit{};
  if (getrlimit(RLIMIT_RTPRIO, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur > 0 &&
      limit.rlim_cur < static_cast<rlim_t>(priority))
    priority = static_cast<int>(limit.rlim_cur);
  sched_param param{};
  param.sched_priority = priority;
  // pid 0: the calling thread (policies are per thread on Linux).
  if (sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &param) == 0) {
    request.granted = true;
    request.priority = priority;
    return request;
  }
  if (errno == EPERM)
    request.refused = "not permitted (it needs root, CAP_SYS_NICE or an RLIMIT_RTPRIO of " + std::to_string(priority) +
                      " or more)";
  else
    request.refused = std::string("refused: ") + std::strerror(errno);
  return request;
}

ThreadTimesReader::ThreadTimesReader() : schedstat_fd_(open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)) {}

ThreadTimesReader::~ThreadTimesReader() {
  if (schedstat_fd_ >= 0) close(schedstat_fd_);
}

ThreadTimes ThreadTimesReader::read() const {
  ThreadTimes times;
  char buffer[128];
  // pread from the start: the kernel writes the file anew for every read at offset 0.
  const ssize_t n = schedstat_fd_ >= 0 ? pread(schedstat_fd_, buffer, sizeof buffer - 1, 0) : -1;
  if (n > 0) {
    if (const auto schedstat = parse::schedstat(std::string_view(buffer, static_cast<std::size_t>(n)))) {
      times.cpu_ns = schedstat->cpu_ns;
      times.wait_ns = schedstat->wait_ns;
    }
  }
  rusage usage{};
  if (getrusage(RUSAGE_THREAD, &usage) == 0) {
    times.involuntary_switches = usage.ru_nivcsw;
    times.voluntary_switches = usage.ru_nvcsw;
  }
  return times;
}

ThreadTimes thread_times() { return ThreadTimesReader().read(); }

ThreadTimes operator-(const ThreadTimes& after, const ThreadTimes& before) {
  ThreadTimes d;
  if (after.has_schedstat() && before.has_schedstat()) {
    d.cpu_ns = after.cpu_ns - before.cpu_ns;
    d.wait_ns = after.wait_ns - before.wait_ns;
  }
  d.involuntary_switches = after.involuntary_switches - before.involuntary_switches;
  d.voluntary_switches = after.voluntary_switches - before.voluntary_switches;
  return d;
}

ThreadTimes& operator+=(ThreadTimes& total, const ThreadTimes& more) {
  if (total.has_schedstat() && more.has_schedstat()) {
    total.cpu_ns += more.cpu_ns;
    total.wait_ns += more.wait_ns;
  } else {
    total.cpu_ns = total.wait_ns = -1;
  }
  total.involuntary_switches += more.involuntary_switches;
  total.voluntary_switches += more.voluntary_switches;
  return total;
}

}  // namespace tare::system

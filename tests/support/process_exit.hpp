// Waiting for a process to end, as an event: a pidfd becomes readable when its process
// exits (a zombie waiting for its reaper has exited), so tests block in poll() until then
// or until their deadline, instead of checking on a timer.
#pragma once

#include <errno.h>
#include <poll.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>

namespace tare_test {

/// Whether process `pid` has exited by `deadline`. A pid that no longer exists counts as
/// exited. Only meaningful while the pid cannot be reused: for this test's own children, or
/// for processes their reaper has not yet collected or that a test checks right away.
inline bool exits_by(pid_t pid, std::chrono::steady_clock::time_point deadline) {
  const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
  if (pidfd < 0) {
    if (errno == ESRCH) return true;
    throw std::runtime_error("pidfd_open(" + std::to_string(pid) + ") failed");
  }
  bool exited = false;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd watch{pidfd, POLLIN, 0};
    const int ready = ::poll(&watch, 1, left.count() > 0 ? static_cast<int>(left.count()) : 0);
    if (ready > 0) {
      exited = true;
      break;
    }
    if (ready == 0 || errno != EINTR) break;
  }
  ::close(pidfd);
  return exited;
}

}  // namespace tare_test

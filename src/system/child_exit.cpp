#include "system/child_exit.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <thread>

namespace tare::system {

ChildExit::ChildExit(pid_t pid) noexcept : pid_(pid) {
#ifdef SYS_pidfd_open
  pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));  // close-on-exec by definition
#endif
}

ChildExit::~ChildExit() {
  if (pidfd_ >= 0) ::close(pidfd_);
}

bool ChildExit::exited() const noexcept {
  siginfo_t info{};
  // WNOWAIT: look, but leave the child to be reaped later (its pid stays reserved).
  return ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_;
}

bool ChildExit::wait_until(Clock::time_point deadline) const noexcept {
  for (;;) {
    if (exited()) return true;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    if (pidfd_ < 0) {  // no pidfd (a kernel before 5.3): look again shortly
      std::this_thread::sleep_for(std::chrono::milliseconds(std::min<long long>(left, 5)));
      continue;
    }
    pollfd p{pidfd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(std::min<long long>(left, 1'000'000))) < 0 && errno == EINTR) return exited();
  }
}

int ChildExit::kill_group_and_reap() noexcept {
  // The child leads its own group (it called setpgid(0, 0)); were it not yet its leader,
  // the child itself is still killed.
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

}  // namespace tare::system

#include "system/child_exit.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <mutex>
#include <thread>
#include <vector>

namespace tare::system {
namespace {

// The children watched and not yet reaped (ChildExit::watched). Any thread may start one.
std::mutex g_watched_mutex;
std::vector<pid_t> g_watched;

void stop_watching(pid_t pid) noexcept {
  const std::lock_guard lock(g_watched_mutex);
  std::erase(g_watched, pid);
}

}  // namespace

ChildExit::ChildExit(pid_t pid) : pid_(pid) {
  {
    const std::lock_guard lock(g_watched_mutex);
    g_watched.push_back(pid);
  }
#ifdef SYS_pidfd_open
  pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));  // close-on-exec by definition
#endif
}

ChildExit::~ChildExit() {
  stop_watching(pid_);
  if (pidfd_ >= 0) ::close(pidfd_);
}

std::vector<pid_t> ChildExit::watched() {
  const std::lock_guard lock(g_watched_mutex);
  return g_watched;
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
  stop_watching(pid_);
  return status;
}

}  // namespace tare::system

// Waiting for a child process with a deadline, and ending the process group it leads.
//
// A child is watched without being reaped: until it is reaped its pid (and so the process
// group it leads) cannot be reused, so killing that group afterwards can only hit the
// child's own descendants, never an unrelated process that got the number.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <vector>

namespace tare::system {

class ChildExit {
 public:
  using Clock = std::chrono::steady_clock;

  /// Watches `pid` (a child of this process). Uses a pidfd where the kernel has them.
  explicit ChildExit(pid_t pid);
  ~ChildExit();
  ChildExit(const ChildExit&) = delete;
  ChildExit& operator=(const ChildExit&) = delete;

  /// A descriptor that polls readable once the child has exited (-1 without pidfds; poll()
  /// ignores a negative descriptor).
  int fd() const noexcept { return pidfd_; }
  /// Whether the child has exited (it is not reaped).
  bool exited() const noexcept;
  /// Waits until the child has exited or `deadline` passed; true when it exited. A signal
  /// ends the wait early (false) so that the caller can notice an interrupt.
  bool wait_until(Clock::time_point deadline) const noexcept;
  /// SIGKILL to every process of the group the child leads (what it left behind too), then
  /// reaps the child. Returns its wait status. Call once.
  int kill_group_and_reap() noexcept;

  /// The children some ChildExit watches and has not reaped: those tare started and still
  /// uses (end_stray_children() leaves them alone).
  static std::vector<pid_t> watched();

 private:
  pid_t pid_;
  int pidfd_ = -1;
};

}  // namespace tare::system

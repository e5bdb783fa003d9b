// Building one commit for `tare bisect`: the user's build command run by sh in the commit's
// worktree, its output to a file of its own, within a deadline.
#pragma once

#include <string>

namespace tare::bisect {

/// The exit status git bisect run gives a commit that cannot be tested: skip it.
inline constexpr int kSkipExitStatus = 125;

struct BuildOutcome {
  enum class Ending { built, failed, skip, deadline };
  Ending ending = Ending::failed;
  int exit_status = -1;  ///< -1: it did not exit (killed by a signal, or at the deadline)
};

/// Runs `command` with sh -c in `worktree`, stdout and stderr to `log_path`. Exit 0 is
/// built, kSkipExitStatus is skip, anything else failed. Throws runner::Interrupted on
/// SIGINT/SIGTERM (the build is killed with its process group) and std::runtime_error when
/// sh cannot be started.
BuildOutcome build_commit(const std::string& worktree, const std::string& command, const std::string& log_path,
                          double timeout_seconds);

}  // namespace tare::bisect

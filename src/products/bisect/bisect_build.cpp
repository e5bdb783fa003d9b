#include "bisect/bisect_build.hpp"

#include <chrono>
#include <stdexcept>

#include "runner/launcher.hpp"
#include "system/capture.hpp"

namespace tare::bisect {

BuildOutcome build_commit(const std::string& worktree, const std::string& command, const std::string& log_path,
                          double timeout_seconds) {
  // The paths and the command reach the script as its arguments: nothing is quoted into it.
  const std::string script = "cd \"$1\" || exit 126\nexec >\"$2\" 2>&1 </dev/null\neval \"$3\"";
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(timeout_seconds));
  const system::Captured run =
      system::capture_output("/bin/sh", {"-c", script, "tare-bisect-build", worktree, log_path, command}, {deadline, 1 << 20});
  using Ending = system::Captured::Ending;
  switch (run.ending) {
    case Ending::not_started:
      throw std::runtime_error("cannot start /bin/sh for the build: " + run.start_error);
    case Ending::interrupted:
      throw runner::Interrupted();
    case Ending::deadline:
      return {BuildOutcome::Ending::deadline, -1};
    case Ending::too_much_output:  // its output goes to the file: only sh itself could
    case Ending::ended:
      break;
  }
  if (run.exit_status == 0) return {BuildOutcome::Ending::built, 0};
  if (run.exit_status == kSkipExitStatus) return {BuildOutcome::Ending::skip, kSkipExitStatus};
  return {BuildOutcome::Ending::failed, run.exit_status};
}

}  // namespace tare::bisect

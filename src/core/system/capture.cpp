#include "system/capture.hpp"

#include <poll.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>

#include "system/child_process.hpp"

namespace tare::system {
namespace {

constexpr std::size_t kErrorBytesKept = 4096;
using Clock = std::chrono::steady_clock;

// Reads the child's stdout and stderr as they come (either pipe, left unread, could fill
// and stop it) until it exits, breaks a limit, or the wait is interrupted.
Captured::Ending read_until_the_end(const ChildProcess& child, const CaptureLimits& limits,
                                    BoundedText& output, BoundedText& errors) {
  bool output_open = true, errors_open = true;
  for (;;) {
    // Its exit ends the reading, not the pipes' end: a process it left behind may hold
    // them. What it wrote before it exited is in the pipes already.
    const bool exited = child.exit().exited();
    if (output_open) output_open = read_available(child.output_fd(), output);
    if (errors_open) errors_open = read_available(child.errors_fd(), errors);
    if (output.dropped() > 0) return Captured::Ending::too_much_output;
    if (exited) return Captured::Ending::ended;
    if (!output_open && !errors_open) {  // both pipes closed: only its exit is left to wait for
      if (child.exit().wait_until(limits.deadline)) return Captured::Ending::ended;
      return Clock::now() >= limits.deadline ? Captured::Ending::deadline : Captured::Ending::interrupted;
    }
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(limits.deadline - Clock::now()).count();
    if (left <= 0) return Captured::Ending::deadline;
    // Without a pidfd (a kernel before 5.3) nothing polls readable at the exit: look often.
    const long long wait_ms = child.exit().fd() >= 0 ? std::min<long long>(left, 1'000'000) : std::min<long long>(left, 10);
    pollfd fds[3] = {{output_open ? child.output_fd() : -1, POLLIN, 0},
                     {errors_open ? child.errors_fd() : -1, POLLIN, 0},
                     {child.exit().fd(), POLLIN, 0}};
    if (::poll(fds, 3, static_cast<int>(wait_ms)) < 0 && errno == EINTR) return Captured::Ending::interrupted;
  }
}

}  // namespace

Captured capture_output(const std::string& program, const std::vector<std::string>& args, const CaptureLimits& limits) {
  Captured result;
  std::vector<std::string> argv{program};
  argv.insert(argv.end(), args.begin(), args.end());
  try {
    ChildProcess child(argv, ChildProcess::Errors::own_pipe);
    // One byte over the cap is kept so that "more than the cap" can be told from "exactly".
    BoundedText output(limits.max_output_bytes + 1, BoundedText::Keep::head);
    BoundedText errors(kErrorBytesKept, BoundedText::Keep::head);
    result.ending = read_until_the_end(child, limits, output, errors);
    const int status = child.end();
    if (result.ending == Captured::Ending::ended && WIFEXITED(status)) result.exit_status = WEXITSTATUS(status);
    result.output = std::move(output.text());
    if (result.output.size() > limits.max_output_bytes) result.output.resize(limits.max_output_bytes);
    result.errors = std::move(errors.text());
  } catch (const std::runtime_error& e) {
    result.ending = Captured::Ending::not_started;
    result.start_error = e.what();
  }
  return result;
}

}  // namespace tare::system

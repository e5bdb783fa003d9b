#include "runner/worker_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <utility>

#include "system/adopted_children.hpp"
#include "system/child_exit.hpp"
#include "system/child_process.hpp"
#include "worker/protocol.hpp"

extern char** environ;

namespace tare::runner {
namespace {

volatile sig_atomic_t g_interrupted = 0;
void on_interrupt(int) { g_interrupted = 1; }

constexpr std::size_t kOutputTailBytes = 4096;
// Once the worker's group is killed its output pipe closes at once; this bounds the wait
// for what it printed last should something outside the group still hold the pipe.
constexpr auto kOutputGrace = std::chrono::seconds(1);

// A pipe for the worker's commands or replies; the ends not taken (release) are closed
// when it goes out of scope.
struct WorkerPipe {
  int read = -1, write = -1;
  WorkerPipe() {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) throw WorkerFailure(std::string("cannot create a pipe: ") + std::strerror(errno));
    read = fds[0];
    write = fds[1];
  }
  WorkerPipe(const WorkerPipe&) = delete;
  WorkerPipe& operator=(const WorkerPipe&) = delete;
  ~WorkerPipe() {
    for (int fd : {read, write})
      if (fd >= 0) close(fd);
  }
  static int release(int& end) { return std::exchange(end, -1); }
};

void pin(pid_t pid, const std::vector<int>& cpus) {
  if (cpus.empty()) return;
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu : cpus) CPU_SET(cpu, &set);
  sched_setaffinity(pid, sizeof set, &set);
}

std::string_view variable_name(std::string_view assignment) { return assignment.substr(0, assignment.find('=')); }

// This process's environment with the command's additions (which replace variables of the
// same name) and `env_pad_bytes` of padding in kLayoutPadEnv: the padding shifts where the
// worker's stack begins.
std::vector<std::string> worker_environment(const WorkerCommand& command) {
  std::vector<std::string> additions = command.environment;
  additions.push_back(std::string(worker::kLayoutPadEnv) + "=" + std::string(command.env_pad_bytes, 'x'));
  std::vector<std::string> environment;
  for (char** e = environ; *e; ++e) {
    const auto replaced = [&](const std::string& a) { return variable_name(a) == variable_name(*e); };
    if (std::none_of(additions.begin(), additions.end(), replaced)) environment.emplace_back(*e);
  }
  environment.insert(environment.end(), additions.begin(), additions.end());
  return environment;
}

}  // namespace

void install_interrupt_handlers() {
  struct sigaction action{};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocked poll() returns so the run can stop
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  signal(SIGPIPE, SIG_IGN);
}

bool interrupted() { return g_interrupted != 0; }

namespace {
class LocalLauncher final : public Launcher {
 public:
  std::unique_ptr<WorkerChannel> start(const WorkerCommand& command, double timeout_seconds) const override {
    return std::make_unique<WorkerProcess>(command, timeout_seconds);
  }
};
}  // namespace

const Launcher& local_launcher() {
  static const LocalLauncher launcher;
  return launcher;
}

std::string describe_wait_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = strsignal(sig);
    return "killed by signal " + std::to_string(sig) + " (" + (name ? name : "?") + ")";
  }
  return "ended with wait status " + std::to_string(status);
}

WorkerProcess::WorkerProcess(const WorkerCommand& worker_command, double timeout_seconds)
    : timeout_seconds_(timeout_seconds) {
  WorkerPipe command, reply;
  system::ChildProcess::Launch launch;
  launch.argv = worker_command.wrapper;
  launch.argv.push_back(worker_command.executable);
  launch.argv.push_back(worker::kWorkerFlag);
  launch.argv.insert(launch.argv.end(), worker_command.args.begin(), worker_command.args.end());
  launch.errors = system::ChildProcess::Errors::with_output;
  static_assert(worker::kCommandFd == 3 && worker::kReplyFd == 4, "the worker's pipes are its descriptors 3 and 4");
  launch.descriptors = {command.read, reply.write};
  launch.environment = worker_environment(worker_command);
  // A process the benchmark starts in a session of its own escapes the worker's group;
  // orphaned, it is adopted by this runner rather than init, and end_group() ends it.
  static const bool adopting = system::adopt_orphaned_descendants();
  (void)adopting;
  try {
    child_ = std::make_unique<system::ChildProcess>(launch);
  } catch (const std::runtime_error& e) {
    throw WorkerFailure(e.what());
  }
  pid_ = child_->pid();
  // Pinned at once, so that the benchmark's set-up most likely touches its memory where it
  // will be measured.
  pin(pid_, worker_command.cpus);
  command_fd_ = WorkerPipe::release(command.write);
  reply_fd_ = WorkerPipe::release(reply.read);
  output_fd_ = child_->take_output_fd();  // non-blocking, as the reply pipe is made below
  // Reads never block: the pipes may stay open after the worker's exit (a process it left
  // behind holds them), so each read takes what is there and poll() says when to look.
  fcntl(reply_fd_, F_SETFL, O_NONBLOCK);
}

WorkerProcess::~WorkerProcess() {
  close_fds();
  end_group();
}

// Kills what is left of the worker's group and reaps the worker (once); then whatever the
// benchmark started outside the group, orphaned by the worker's end and adopted here.
void WorkerProcess::end_group() {
  if (!child_ || reaped_) return;
  status_ = child_->end();
  reaped_ = true;
  system::end_stray_children();
}

void WorkerProcess::close_fds() {
  for (int* fd : {&command_fd_, &reply_fd_, &output_fd_}) {
    if (*fd >= 0) close(*fd);
    *fd = -1;
  }
}

void WorkerProcess::send(const std::string& command) {
  const std::string line = command + "\n";
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = write(command_fd_, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) {
      if (interrupted()) throw Interrupted();
      continue;
    }
    if (n <= 0) fail("stopped listening");
    done += static_cast<std::size_t>(n);
  }
}

// What the worker printed since the last look (the last few KiB are kept); closes the pipe
// at its end.
void WorkerProcess::drain_output() {
  char chunk[4096];
  for (;;) {
    const ssize_t n = read(output_fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return;
    if (n <= 0) {
      close(output_fd_);
      output_fd_ = -1;
      return;
    }
    output_tail_.append(chunk, static_cast<std::size_t>(n));
    if (output_tail_.size() > kOutputTailBytes) output_tail_.erase(0, output_tail_.size() - kOutputTailBytes);
  }
}

void WorkerProcess::drain_output_until(Clock::time_point deadline) {
  while (output_fd_ >= 0) {
    drain_output();
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (output_fd_ < 0 || left <= 0) return;
    pollfd fd{output_fd_, POLLIN, 0};
    if (poll(&fd, 1, static_cast<int>(left)) < 0 && errno == EINTR && interrupted()) return;
  }
}

// Appends what the reply pipe holds; false at its end (the worker closed it or exited).
bool WorkerProcess::read_replies() {
  char chunk[65536];
  for (;;) {
    const ssize_t n = read(reply_fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return true;
    if (n <= 0) return false;
    replies_.append(chunk, static_cast<std::size_t>(n));
    if (replies_.size() > kMaxReplyBytes) return true;  // read_line refuses it
  }
}

void WorkerProcess::fail_hung(const char* what) {
  end_group();
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", timeout_seconds_);
  fail(std::string(what) + " within " + seconds + " s (--timeout); killed");
}

std::string WorkerProcess::read_line() {
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                           std::chrono::duration<double>(timeout_seconds_));
  for (;;) {
    const auto newline = replies_.find('\n');
    if (newline != std::string::npos) {
      std::string line = replies_.substr(0, newline);
      replies_.erase(0, newline + 1);
      if (const auto error = worker::error_reply(line)) fail("threw: " + error->message);
      if (const auto skip = worker::skip_reply(line)) {
        close_fds();
        child_->exit().wait_until(deadline);  // it exits by itself, cleanly
        end_group();
        throw BenchmarkSkipped(skip->reason);
      }
      return line;
    }
    if (replies_.size() > kMaxReplyBytes) {
      end_group();
      fail("sent more than " + std::to_string(kMaxReplyBytes) + " bytes without a line end (not tare's protocol); killed");
    }
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) fail_hung("hung: no reply");
    // The worker's exit is watched as well as its pipes: a process it started may hold the
    // pipes open after it died, and no end of file would come.
    pollfd fds[3] = {{reply_fd_, POLLIN, 0}, {output_fd_, POLLIN, 0}, {child_->exit().fd(), POLLIN, 0}};
    const int ready = poll(fds, 3, static_cast<int>(std::min<long long>(left, 1'000'000)));
    if (ready < 0) {
      if (errno == EINTR) {
        if (interrupted()) throw Interrupted();
        continue;
      }
      fail(std::string("poll failed: ") + std::strerror(errno));
    }
    if (output_fd_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP))) drain_output();
    // At the pipe's end, or once the worker exited, its last words are in the pipe already
    // (a reply it wrote before it exited): those are read first.
    const bool ended = ((fds[0].revents & (POLLIN | POLLHUP)) && !read_replies()) ||
                       ((fds[2].revents & POLLIN) && (read_replies(), true));
    if (ended && replies_.find('\n') == std::string::npos) fail(describe_exit());
  }
}

// How the worker ended: waits for its exit (up to the timeout), kills what is left of its
// group, reaps it, and collects what it printed on its way out.
std::string WorkerProcess::describe_exit() {
  if (reaped_) return describe_wait_status(status_);
  const auto wait = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout_seconds_));
  const bool exited = child_->exit().wait_until(Clock::now() + wait);
  if (!exited && interrupted()) throw Interrupted();
  end_group();
  drain_output_until(Clock::now() + kOutputGrace);
  if (!exited) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", timeout_seconds_);
    return std::string("did not exit within ") + seconds + " s (--timeout); killed";
  }
  return describe_wait_status(status_);
}

void WorkerProcess::wait_for_exit() {
  close(command_fd_);
  command_fd_ = -1;
  const std::string how = describe_exit();
  if (!(WIFEXITED(status_) && WEXITSTATUS(status_) == 0)) fail(how);
}

void WorkerProcess::fail(const std::string& what) {
  std::string message = description() + " " + what;
  // The last line the worker printed (an assertion message, a sanitizer report's first
  // line) is usually the best clue.
  std::string tail = output_tail_;
  while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.pop_back();
  const auto last_newline = tail.rfind('\n');
  const std::string last_line = last_newline == std::string::npos ? tail : tail.substr(last_newline + 1);
  if (!last_line.empty()) message += "; it printed: " + last_line;
  throw WorkerFailure(message);
}

}  // namespace tare::runner

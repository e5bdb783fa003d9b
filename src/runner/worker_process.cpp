#include "runner/worker_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "worker/protocol.hpp"

extern char** environ;

namespace tare::runner {
namespace {

volatile sig_atomic_t g_interrupted = 0;
void on_interrupt(int) { g_interrupted = 1; }

constexpr std::size_t kOutputTailBytes = 4096;

void make_pipe(int fds[2]) {
  if (pipe2(fds, O_CLOEXEC) != 0) throw WorkerFailure(std::string("cannot create a pipe: ") + std::strerror(errno));
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

std::string describe_wait_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = strsignal(sig);
    return "killed by signal " + std::to_string(sig) + " (" + (name ? name : "?") + ")";
  }
  return "ended with wait status " + std::to_string(status);
}

WorkerProcess::WorkerProcess(const std::string& executable, const std::vector<std::string>& args,
                             std::uint32_t env_pad_bytes, double timeout_seconds)
    : timeout_seconds_(timeout_seconds) {
  int command[2], reply[2], output[2];
  make_pipe(command);
  make_pipe(reply);
  make_pipe(output);

  // Everything the child needs is built before fork(): between fork and exec only
  // async-signal-safe calls are allowed.
  std::vector<std::string> argv_storage{executable, worker::kWorkerFlag};
  argv_storage.insert(argv_storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_storage) argv.push_back(a.data());
  argv.push_back(nullptr);

  const std::string pad_prefix = std::string(worker::kLayoutPadEnv) + "=";
  std::vector<std::string> env_storage;
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, pad_prefix.c_str(), pad_prefix.size()) != 0) env_storage.emplace_back(*e);
  env_storage.push_back(pad_prefix + std::string(env_pad_bytes, 'x'));
  std::vector<char*> envp;
  for (auto& e : env_storage) envp.push_back(e.data());
  envp.push_back(nullptr);

  const pid_t parent = getpid();
  pid_ = fork();
  if (pid_ < 0) {
    const int err = errno;
    for (int fd : {command[0], command[1], reply[0], reply[1], output[0], output[1]}) close(fd);
    throw WorkerFailure(std::string("cannot fork: ") + std::strerror(err));
  }
  if (pid_ == 0) {
    // Move the child's ends out of the way first, so dup2 onto 1-4 cannot clobber them.
    const int in = fcntl(command[0], F_DUPFD, 10);
    const int out = fcntl(reply[1], F_DUPFD, 10);
    const int log = fcntl(output[1], F_DUPFD, 10);
    if (in < 0 || out < 0 || log < 0 || dup2(in, worker::kCommandFd) < 0 || dup2(out, worker::kReplyFd) < 0 ||
        dup2(log, STDOUT_FILENO) < 0 || dup2(log, STDERR_FILENO) < 0)
      _exit(127);
    const int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) dup2(devnull, STDIN_FILENO);
    // The worker gets fds 0-4 and nothing else of the parent's (result files, other
    // workers' pipes), and the default SIGPIPE the parent ignores (ignoring survives exec).
    close_range(5, ~0u, 0);
    signal(SIGPIPE, SIG_DFL);
    // A worker must not outlive its runner (a hung benchmark would spin forever).
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);
    execve(argv[0], argv.data(), envp.data());
    _exit(127);
  }
  close(command[0]);
  close(reply[1]);
  close(output[1]);
  command_fd_ = command[1];
  reply_fd_ = reply[0];
  output_fd_ = output[0];
}

WorkerProcess::~WorkerProcess() {
  close_fds();
  if (pid_ > 0 && !reaped_) {
    kill(pid_, SIGKILL);
    waitpid(pid_, &status_, 0);
  }
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

void WorkerProcess::drain_output(int fd) {
  char chunk[4096];
  const ssize_t n = read(fd, chunk, sizeof chunk);
  if (n <= 0) {
    close(output_fd_);
    output_fd_ = -1;
    return;
  }
  output_tail_.append(chunk, static_cast<std::size_t>(n));
  if (output_tail_.size() > kOutputTailBytes) output_tail_.erase(0, output_tail_.size() - kOutputTailBytes);
}

std::string WorkerProcess::read_line() {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(timeout_seconds_);
  for (;;) {
    const auto newline = replies_.find('\n');
    if (newline != std::string::npos) {
      std::string line = replies_.substr(0, newline);
      replies_.erase(0, newline + 1);
      if (line.rfind("error ", 0) == 0) fail("threw: " + line.substr(6));
      if (line.rfind("skip ", 0) == 0) {
        close_fds();
        waitpid(pid_, &status_, 0);  // it exits by itself, cleanly
        reaped_ = true;
        throw BenchmarkSkipped(line.substr(5));
      }
      return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status_, 0);
      reaped_ = true;
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%g", timeout_seconds_);
      fail(std::string("hung: no reply within ") + seconds + " s (--timeout); killed");
    }
    pollfd fds[2] = {{reply_fd_, POLLIN, 0}, {output_fd_, POLLIN, 0}};
    const int ready = poll(fds, output_fd_ >= 0 ? 2 : 1, static_cast<int>(left));
    if (ready < 0) {
      if (errno == EINTR) {
        if (interrupted()) throw Interrupted();
        continue;
      }
      fail(std::string("poll failed: ") + std::strerror(errno));
    }
    if (output_fd_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP))) drain_output(output_fd_);
    if (fds[0].revents & (POLLIN | POLLHUP)) {
      char chunk[65536];
      const ssize_t n = read(reply_fd_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) fail(describe_exit());
      replies_.append(chunk, static_cast<std::size_t>(n));
    }
  }
}

std::string WorkerProcess::describe_exit() {
  // Collect what the worker printed on its way out, then its exit status.
  while (output_fd_ >= 0) drain_output(output_fd_);
  if (!reaped_) {
    while (waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
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
  std::string message = "worker " + std::to_string(pid_) + " " + what;
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

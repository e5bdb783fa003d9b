#include "system/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace tare::system {
namespace {

// A pipe whose ends, unless taken (release_read), are closed when it goes out of scope.
struct Pipe {
  int read = -1, write = -1;
  explicit Pipe(const std::string& program) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(program + ": cannot start: " + std::strerror(errno));
    read = fds[0];
    write = fds[1];
  }
  Pipe() = default;
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;
  ~Pipe() {
    for (int fd : {read, write})
      if (fd >= 0) ::close(fd);
  }
  int release_read() { return std::exchange(read, -1); }
};

// In the forked child, before exec: only async-signal-safe calls. An exec that fails
// reports its errno through `report` (closed on a successful exec).
[[noreturn]] void become(char* const* argv, int output, int errors, int report, pid_t parent) {
  ::setpgid(0, 0);
  // The pipes move above 2 first, so that dup2 onto 0-2 cannot clobber one (were this
  // process started with 0-2 closed, a pipe may have got one of those numbers). Each takes
  // the lowest free number from 10 up, so `report` ends up highest.
  output = ::fcntl(output, F_DUPFD, 10);
  errors = ::fcntl(errors, F_DUPFD, 10);
  report = ::fcntl(report, F_DUPFD_CLOEXEC, 10);
  const int devnull = ::open("/dev/null", O_RDONLY);
  if (output < 0 || errors < 0 || report < 0 || devnull < 0 || ::dup2(devnull, STDIN_FILENO) < 0 ||
      ::dup2(output, STDOUT_FILENO) < 0 || ::dup2(errors, STDERR_FILENO) < 0)
    ::_exit(127);
  // Nothing else of this process's (result files, other children's pipes) leaks into it.
  ::close_range(3, static_cast<unsigned>(report - 1), 0);
  ::close_range(static_cast<unsigned>(report + 1), ~0u, 0);
  ::signal(SIGPIPE, SIG_DFL);  // tare ignores it, and ignoring would survive exec
  // It leads a group of its own, so a Ctrl-C at the terminal does not reach it: it dies
  // with this process (strictly, with the thread that started it) instead.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(127);
  ::execv(argv[0], argv);
  const int error = errno;
  [[maybe_unused]] const ssize_t n = ::write(report, &error, sizeof error);
  ::_exit(127);
}

// The errno of a failed exec, or 0 once the child runs the program (the pipe then closes).
// No deadline: between fork and exec the child makes a few system calls that cannot wait.
int exec_error(int report) {
  int error = 0;
  for (;;) {
    const ssize_t n = ::read(report, &error, sizeof error);
    if (n < 0 && errno == EINTR) continue;
    return n == static_cast<ssize_t>(sizeof error) ? error : 0;
  }
}

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv, Errors errors) {
  const std::string& program = argv.at(0);
  std::vector<std::string> storage = argv;  // built before fork: the child may not allocate
  std::vector<char*> args;
  for (auto& a : storage) args.push_back(a.data());
  args.push_back(nullptr);
  Pipe output(program), report(program);
  Pipe error_pipe = errors == Errors::own_pipe ? Pipe(program) : Pipe();
  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error(program + ": cannot start: " + std::strerror(errno));
  if (pid_ == 0)
    become(args.data(), output.write, errors == Errors::own_pipe ? error_pipe.write : output.write, report.write,
           parent);
  ::setpgid(pid_, pid_);  // as the child does, whichever runs first
  exit_ = std::make_unique<ChildExit>(pid_);
  ::close(std::exchange(report.write, -1));  // so that a successful exec reads as the end
  output_fd_ = output.release_read();
  errors_fd_ = error_pipe.release_read();
  ::fcntl(output_fd_, F_SETFL, O_NONBLOCK);
  if (errors_fd_ >= 0) ::fcntl(errors_fd_, F_SETFL, O_NONBLOCK);
  const int error = exec_error(report.read);
  if (error != 0) {
    end();
    throw std::runtime_error(program + ": cannot be run: " + std::strerror(error));
  }
}

ChildProcess::~ChildProcess() { end(); }

int ChildProcess::end() noexcept {
  if (ended_) return status_;
  ended_ = true;
  status_ = exit_->kill_group_and_reap();
  for (int* fd : {&output_fd_, &errors_fd_}) {
    if (*fd >= 0) ::close(*fd);
    *fd = -1;
  }
  return status_;
}

void BoundedText::append(const char* data, std::size_t size) {
  if (keep_ == Keep::head) {
    const std::size_t taken = std::min(size, limit_ - text_.size());
    text_.append(data, taken);
    dropped_ += size - taken;
    return;
  }
  if (size >= limit_) {  // only the end of this piece is kept
    dropped_ += text_.size() + (size - limit_);
    text_.assign(data + (size - limit_), limit_);
    return;
  }
  text_.append(data, size);
  if (text_.size() > limit_) {
    dropped_ += text_.size() - limit_;
    text_.erase(0, text_.size() - limit_);
  }
}

bool read_available(int fd, BoundedText& into) {
  char buffer[16384];
  // A bounded amount a call: a process writing as fast as this one reads must not keep the
  // caller from its deadline and its caps.
  for (int reads = 0; reads < 64; ++reads) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      into.append(buffer, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
  return true;
}

}  // namespace tare::system

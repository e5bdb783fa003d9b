#include "system/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <utility>
#include <vector>

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

// What the forked child needs, all of it built before fork(): between fork and exec only
// async-signal-safe calls are allowed, and nothing may be allocated.
struct ChildSetup {
  char* const* argv = nullptr;
  char* const* envp = nullptr;  // nullptr: this process's environment
  int output = -1, errors = -1, report = -1;
  const int* descriptors = nullptr;  // to become 3, 4, ...
  int* moved = nullptr;              // room for as many: where they wait meanwhile
  std::size_t descriptor_count = 0;
  pid_t parent = 0;
};

// Moves every descriptor the child keeps above the numbers it is to have (0-2, then 3 and
// up), so that dup2 cannot clobber one (were this process started with 0-2 closed, a pipe
// may have got one of those numbers). Each takes the lowest free number from `low` up, so
// `report`, moved last, ends up highest. False when a move failed.
bool move_out_of_the_way(ChildSetup& setup) {
  const int low = 10 + static_cast<int>(setup.descriptor_count);
  setup.output = ::fcntl(setup.output, F_DUPFD, low);
  setup.errors = ::fcntl(setup.errors, F_DUPFD, low);
  bool moved = setup.output >= 0 && setup.errors >= 0;
  for (std::size_t i = 0; i < setup.descriptor_count; ++i) {
    setup.moved[i] = ::fcntl(setup.descriptors[i], F_DUPFD, low);
    moved = moved && setup.moved[i] >= 0;
  }
  setup.report = ::fcntl(setup.report, F_DUPFD_CLOEXEC, low);
  return moved && setup.report >= 0;
}

// In the forked child, before exec. An exec that fails reports its errno through `report`
// (closed on a successful exec).
[[noreturn]] void become(ChildSetup setup) {
  ::setpgid(0, 0);
  if (!move_out_of_the_way(setup)) ::_exit(127);
  const int devnull = ::open("/dev/null", O_RDONLY);
  if (devnull < 0 || ::dup2(devnull, STDIN_FILENO) < 0 || ::dup2(setup.output, STDOUT_FILENO) < 0 ||
      ::dup2(setup.errors, STDERR_FILENO) < 0)
    ::_exit(127);
  for (std::size_t i = 0; i < setup.descriptor_count; ++i)
    if (::dup2(setup.moved[i], 3 + static_cast<int>(i)) < 0) ::_exit(127);
  // Nothing else of this process's (result files, other children's pipes) leaks into it.
  const auto first_free = static_cast<unsigned>(3 + setup.descriptor_count);
  if (static_cast<unsigned>(setup.report) > first_free)
    ::close_range(first_free, static_cast<unsigned>(setup.report - 1), 0);
  ::close_range(static_cast<unsigned>(setup.report + 1), ~0u, 0);
  ::signal(SIGPIPE, SIG_DFL);  // tare ignores it, and ignoring would survive exec
  // It leads a group of its own, so a Ctrl-C at the terminal does not reach it: it dies
  // with this process (strictly, with the thread that started it) instead.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != setup.parent) ::_exit(127);
  if (setup.envp) ::execve(setup.argv[0], setup.argv, setup.envp);
  else ::execv(setup.argv[0], setup.argv);
  const int error = errno;
  [[maybe_unused]] const ssize_t n = ::write(setup.report, &error, sizeof error);
  ::_exit(127);
}

// Pointers to `strings`, ended by nullptr, as exec takes them.
std::vector<char*> exec_vector(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (auto& text : strings) pointers.push_back(text.data());
  pointers.push_back(nullptr);
  return pointers;
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

ChildProcess::ChildProcess(const std::vector<std::string>& argv, Errors errors)
    : ChildProcess(Launch{argv, errors, {}, std::nullopt}) {}

ChildProcess::ChildProcess(const Launch& launch) {
  const std::string& program = launch.argv.at(0);
  std::vector<std::string> arguments = launch.argv;  // built before fork: the child may not allocate
  std::vector<char*> argv = exec_vector(arguments);
  std::vector<std::string> environment = launch.environment.value_or(std::vector<std::string>{});
  std::vector<char*> envp = exec_vector(environment);
  std::vector<int> moved(launch.descriptors.size());
  Pipe output(program), report(program);
  Pipe error_pipe = launch.errors == Errors::own_pipe ? Pipe(program) : Pipe();
  ChildSetup setup;
  setup.argv = argv.data();
  setup.envp = launch.environment ? envp.data() : nullptr;
  setup.output = output.write;
  setup.errors = launch.errors == Errors::own_pipe ? error_pipe.write : output.write;
  setup.report = report.write;
  setup.descriptors = launch.descriptors.data();
  setup.moved = moved.data();
  setup.descriptor_count = launch.descriptors.size();
  setup.parent = ::getpid();
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error(program + ": cannot start: " + std::strerror(errno));
  if (pid_ == 0) become(setup);
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

int ChildProcess::take_output_fd() noexcept { return std::exchange(output_fd_, -1); }

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

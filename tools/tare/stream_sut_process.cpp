#include "tools/tare/stream_sut_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace tare::tool {
namespace {

// Reads what is there without blocking (the descriptor is non-blocking).
void drain(int fd, std::string& into) {
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      into.append(buffer, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return;
  }
}

}  // namespace

SutProcess::SutProcess(const std::string& executable, const std::vector<std::string>& args) {
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) throw std::runtime_error(std::string("cannot start the SUT: ") + std::strerror(errno));
  std::vector<std::string> argv_strings{executable, "stream", "sut", "--listen", "127.0.0.1:0"};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error(std::string("cannot start the SUT: ") + std::strerror(errno));
  if (pid_ == 0) {
    ::dup2(pipe_fds[1], STDOUT_FILENO);
    ::dup2(pipe_fds[1], STDERR_FILENO);
    ::execv(executable.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(pipe_fds[1]);
  output_fd_ = pipe_fds[0];
  ::fcntl(output_fd_, F_SETFL, O_NONBLOCK);

  const std::string marker = "listening on ";
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd fd{output_fd_, POLLIN, 0};
    ::poll(&fd, 1, 100);
    drain(output_fd_, output_);
    const std::size_t at = output_.find(marker);
    const std::size_t line_end = at == std::string::npos ? at : output_.find('\n', at);
    if (line_end != std::string::npos) {
      address_ = stream::parse_address(output_.substr(at + marker.size(), line_end - at - marker.size()), "SUT");
      output_.erase(0, line_end + 1);
      return;
    }
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("the embedded SUT exited before listening: " + output_);
    }
  }
  finish(0);
  throw std::runtime_error("the embedded SUT did not start listening within 10 s");
}

std::string SutProcess::finish(int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (pid_ > 0) {
    drain(output_fd_, output_);
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      break;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, &status, 0);
      pid_ = -1;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (output_fd_ >= 0) {
    drain(output_fd_, output_);
    ::close(output_fd_);
    output_fd_ = -1;
  }
  return output_;
}

SutProcess::~SutProcess() { finish(0); }

}  // namespace tare::tool

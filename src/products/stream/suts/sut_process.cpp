#include "stream/suts/sut_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

namespace tare::stream {

SutProcess::SutProcess(const std::vector<std::string>& command)
    : child_(command, system::ChildProcess::Errors::with_output) {
  wait_for_the_address();
  if (::pipe2(stop_fds_, O_CLOEXEC) != 0) throw std::runtime_error(std::string("cannot watch the SUT: ") + std::strerror(errno));
  collector_ = std::thread([this] { collect_messages(); });
}

// Reads its output until the "listening on HOST:PORT" (or "consuming ...") line, within 10 s and kGreetingBytes;
// what follows the line is the start of its messages.
void SutProcess::wait_for_the_address() {
  system::BoundedText greeting(kGreetingBytes, system::BoundedText::Keep::head);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (bool open = true;;) {
    const bool exited = child_.exit().exited();
    if (open) open = system::read_available(child_.output_fd(), greeting);
    const std::string& said = greeting.text();
    for (const std::string marker : {kListeningGreeting, kConsumingGreeting}) {
      const std::size_t at = said.find(marker);
      const std::size_t line_end = at == std::string::npos ? at : said.find('\n', at);
      if (line_end == std::string::npos) continue;
      const std::string where = said.substr(at + marker.size(), line_end - at - marker.size());
      if (marker == kListeningGreeting) address_ = parse_address(where, "SUT");
      messages_.append(said.data() + line_end + 1, said.size() - line_end - 1);
      return;
    }
    if (exited || !open) {
      // Its last words on one line: a message already ends with one.
      const std::size_t end = said.find_last_not_of(" \n");
      throw std::runtime_error("the embedded SUT exited before listening: " + said.substr(0, end + 1));
    }
    if (greeting.dropped() > 0)
      throw std::runtime_error("the embedded SUT wrote " + std::to_string(kGreetingBytes) +
                               " bytes without saying where it listens; killed");
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) throw std::runtime_error("the embedded SUT did not start listening within 10 s; killed");
    pollfd fds[2] = {{child_.output_fd(), POLLIN, 0}, {child_.exit().fd(), POLLIN, 0}};
    ::poll(fds, 2, static_cast<int>(std::min<long long>(left, child_.exit().fd() >= 0 ? left : 10)));
  }
}

// The collecting thread: takes what the SUT writes as it comes, until its output ends or
// the thread is told to stop.
void SutProcess::collect_messages() {
  // Signals (the user's Ctrl-C) are for the thread that runs the trial, not for this one.
  sigset_t all;
  sigfillset(&all);
  ::pthread_sigmask(SIG_BLOCK, &all, nullptr);
  for (;;) {
    pollfd fds[2] = {{child_.output_fd(), POLLIN, 0}, {stop_fds_[0], POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0 && errno == EINTR) continue;
    if (fds[1].revents != 0) return;
    if (!system::read_available(child_.output_fd(), messages_)) return;
  }
}

void SutProcess::stop_collecting() {
  if (!collector_.joinable()) return;
  const char stop = 1;
  while (::write(stop_fds_[1], &stop, 1) < 0 && errno == EINTR) {
  }
  collector_.join();
  for (int& fd : stop_fds_) {
    ::close(fd);
    fd = -1;
  }
}

std::string SutProcess::finish(int timeout_ms) {
  if (finished_) return {};
  finished_ = true;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  // A signal ends a wait early; the deadline still holds.
  while (!child_.exit().wait_until(deadline) && std::chrono::steady_clock::now() < deadline) {
  }
  stop_collecting();
  system::read_available(child_.output_fd(), messages_);  // its last words, written before it exited
  child_.end();
  if (messages_.dropped() == 0) return messages_.text();
  // Built in steps: GCC 12 at -O3 warns (-Wrestrict, a false positive) on "[" + std::string&&.
  std::string text = std::to_string(messages_.dropped());
  text.insert(0, 1, '[');
  text += " bytes before these left out]\n";
  return text + messages_.text();
}

SutProcess::~SutProcess() { finish(0); }

}  // namespace tare::stream

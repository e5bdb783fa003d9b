// TCP plumbing (see net.hpp): IPv4 only, blocking sockets for the data path, poll() for the
// waits that need a timeout (accept, connect).
#include "stream/transport/net.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <stdexcept>

namespace tare::stream {
namespace {

using Clock = std::chrono::steady_clock;

std::string reason(int error) { return std::strerror(error); }

// The IPv4 address of `address` (a dotted quad, or a name resolved with getaddrinfo).
// Throws NetError("<verb> HOST:PORT: <why>").
sockaddr_in resolve(const Address& address, const char* verb) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const int rc = ::getaddrinfo(address.host.c_str(), nullptr, &hints, &found);
  if (rc != 0) {
    const std::string why = rc == EAI_SYSTEM ? reason(errno) : ::gai_strerror(rc);
    throw NetError(std::string(verb) + " " + address.text() + ": " + why);
  }
  sockaddr_in result{};
  std::memcpy(&result, found->ai_addr, sizeof result);
  ::freeaddrinfo(found);
  result.sin_port = htons(address.port);
  return result;
}

Socket new_tcp_socket(const Address& address, const char* verb) {
  Socket socket(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!socket.valid()) throw NetError(std::string(verb) + " " + address.text() + ": " + reason(errno));
  return socket;
}

// Milliseconds left until `deadline`, for poll(); -1 (forever) when there is no deadline.
int remaining_ms(const Clock::time_point* deadline) {
  if (deadline == nullptr) return -1;
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(*deadline - Clock::now()).count();
  return left > 0 ? static_cast<int>(left) : 0;
}

// Waits for `events` on fd until the deadline (nullptr: forever), retrying after signals.
// Returns the revents, 0 on timeout, or -1 with errno set when poll itself failed.
int wait_for(int fd, short events, const Clock::time_point* deadline) {
  for (;;) {
    pollfd p{fd, events, 0};
    const int rc = ::poll(&p, 1, remaining_ms(deadline));
    if (rc > 0) return p.revents;
    if (rc == 0) return 0;
    if (errno != EINTR) return -1;
  }
}

// "the peer's HOST:PORT", for messages about an established connection; a reset socket no
// longer knows its peer.
std::string peer_of(int fd) {
  sockaddr_in peer{};
  socklen_t length = sizeof peer;
  if (::getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &length) != 0) return "the peer";
  char host[INET_ADDRSTRLEN] = {};
  ::inet_ntop(AF_INET, &peer.sin_addr, host, sizeof host);
  return Address{host, ntohs(peer.sin_port)}.text();
}

}  // namespace

Address parse_address(std::string_view text, std::string_view what) {
  const auto bad = [&](const char* why) {
    return std::invalid_argument(std::string(what) + " " + std::string(text) + ": " + why);
  };
  const std::size_t colon = text.rfind(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == text.size()) throw bad("expected HOST:PORT");
  const std::string_view port_text = text.substr(colon + 1);
  unsigned port = 0;
  const auto [end, error] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (error != std::errc() || end != port_text.data() + port_text.size()) throw bad("expected HOST:PORT");
  if (port > 65535) throw bad("port must be 0..65535");
  return Address{std::string(text.substr(0, colon)), static_cast<std::uint16_t>(port)};
}

Socket& Socket::operator=(Socket&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = other.release();
  }
  return *this;
}

Socket::~Socket() { close(); }

void Socket::close() noexcept {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

Listener::Listener(const Address& address) {
  constexpr const char* kVerb = "cannot listen on";
  const sockaddr_in where = resolve(address, kVerb);
  socket_ = new_tcp_socket(address, kVerb);
  const int on = 1;
  ::setsockopt(socket_.fd(), SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  if (::bind(socket_.fd(), reinterpret_cast<const sockaddr*>(&where), sizeof where) != 0 ||
      ::listen(socket_.fd(), SOMAXCONN) != 0)
    throw NetError(std::string(kVerb) + " " + address.text() + ": " + reason(errno));
  sockaddr_in bound{};
  socklen_t length = sizeof bound;
  if (::getsockname(socket_.fd(), reinterpret_cast<sockaddr*>(&bound), &length) != 0)
    throw NetError(std::string(kVerb) + " " + address.text() + ": " + reason(errno));
  bound_ = Address{address.host, ntohs(bound.sin_port)};
}

Socket Listener::accept(int timeout_ms) {
  const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  const Clock::time_point* until = timeout_ms < 0 ? nullptr : &deadline;
  for (;;) {
    const int ready = wait_for(socket_.fd(), POLLIN, until);
    if (ready == 0)
      throw NetError("no connection on " + bound_.text() + " within " + std::to_string(timeout_ms) + " ms");
    if (ready < 0) throw NetError("cannot accept on " + bound_.text() + ": " + reason(errno));
    Socket connection(::accept4(socket_.fd(), nullptr, nullptr, SOCK_CLOEXEC));
    if (connection.valid()) {
      tune_stream_socket(connection.fd());
      return connection;
    }
    // The connection may have been reset between poll and accept, or a signal came: wait again.
    if (errno != EINTR && errno != ECONNABORTED && errno != EAGAIN && errno != EWOULDBLOCK)
      throw NetError("cannot accept on " + bound_.text() + ": " + reason(errno));
  }
}

Socket connect_to(const Address& address, int timeout_ms) {
  constexpr const char* kVerb = "cannot connect to";
  const auto fail = [&](int error) {
    return NetError(std::string(kVerb) + " " + address.text() + ": " + reason(error));
  };
  const sockaddr_in where = resolve(address, kVerb);
  Socket socket = new_tcp_socket(address, kVerb);
  // Non-blocking connect + poll: a blocking connect() has no timeout of its own.
  set_nonblocking(socket.fd(), true);
  if (::connect(socket.fd(), reinterpret_cast<const sockaddr*>(&where), sizeof where) != 0) {
    if (errno != EINPROGRESS) throw fail(errno);
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    const int ready = wait_for(socket.fd(), POLLOUT, timeout_ms < 0 ? nullptr : &deadline);
    if (ready == 0) throw fail(ETIMEDOUT);
    if (ready < 0) throw fail(errno);
    int error = 0;
    socklen_t length = sizeof error;
    if (::getsockopt(socket.fd(), SOL_SOCKET, SO_ERROR, &error, &length) != 0) throw fail(errno);
    if (error != 0) throw fail(error);
  }
  set_nonblocking(socket.fd(), false);
  tune_stream_socket(socket.fd());
  return socket;
}

void tune_stream_socket(int fd) noexcept {
  // Best effort: a socket that keeps the defaults still works, only slower.
  const int on = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  const int buffer = 4 << 20;
  ::setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &buffer, sizeof buffer);
  ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buffer, sizeof buffer);
}

void set_nonblocking(int fd, bool on) {
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK) != 0)
    throw NetError("cannot set O_NONBLOCK on socket " + std::to_string(fd) + ": " + reason(errno));
}

void write_all(int fd, std::span<const std::uint8_t> bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      throw NetError("cannot write to " + peer_of(fd) + ": " + reason(error));
    }
    bytes = bytes.subspan(static_cast<std::size_t>(n));
  }
}

std::size_t read_some(int fd, std::span<std::uint8_t> buffer) {
  for (;;) {
    const ssize_t n = ::recv(fd, buffer.data(), buffer.size(), 0);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) {
      const int error = errno;
      throw NetError("cannot read from " + peer_of(fd) + ": " + reason(error));
    }
  }
}

}  // namespace tare::stream

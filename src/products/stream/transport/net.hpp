// TCP plumbing for the stream driver and the model system under test: addresses,
// listening, connecting, and whole reads and writes on blocking sockets. Every failure is a
// NetError whose message names the address and the system's reason, e.g.
// "cannot connect to 127.0.0.1:1: Connection refused".
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "stream/transport/transport.hpp"

namespace tare::stream {

/// "HOST:PORT" (IPv4 dotted quad or a name that resolves to IPv4, e.g. localhost; port
/// 0..65535; port 0 when listening asks the system for a free one).
struct Address {
  std::string host;
  std::uint16_t port = 0;
  std::string text() const { return host + ":" + std::to_string(port); }
};

/// Throws std::invalid_argument naming the problem ("--sut abc: expected HOST:PORT").
Address parse_address(std::string_view text, std::string_view what);

/// An owned file descriptor; closes on destruction. Movable, not copyable.
class Socket {
 public:
  Socket() = default;
  explicit Socket(int fd) noexcept : fd_(fd) {}
  Socket(Socket&& other) noexcept : fd_(other.release()) {}
  Socket& operator=(Socket&& other) noexcept;
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;
  ~Socket();

  int fd() const noexcept { return fd_; }
  bool valid() const noexcept { return fd_ >= 0; }
  int release() noexcept { const int fd = fd_; fd_ = -1; return fd; }
  void close() noexcept;

 private:
  int fd_ = -1;
};

/// A listening socket bound to `address` (SO_REUSEADDR). The actual port (when 0 was asked)
/// is in bound_address().
class Listener {
 public:
  explicit Listener(const Address& address);
  const Address& bound_address() const noexcept { return bound_; }
  int fd() const noexcept { return socket_.fd(); }
  /// Waits up to timeout_ms (< 0: forever) for a connection; NetError on timeout.
  Socket accept(int timeout_ms);

 private:
  Socket socket_;
  Address bound_;
};

/// Connects within timeout_ms; TCP_NODELAY set. NetError ("cannot connect to ...").
Socket connect_to(const Address& address, int timeout_ms);

/// Sets TCP_NODELAY and large send/receive buffers (the kernel caps them).
void tune_stream_socket(int fd) noexcept;
/// O_NONBLOCK on or off.
void set_nonblocking(int fd, bool on);

/// Writes all of `bytes` (blocking socket; retries on EINTR and short writes). NetError when
/// the peer is gone (MSG_NOSIGNAL: no SIGPIPE).
void write_all(int fd, std::span<const std::uint8_t> bytes);
/// Reads what is available, at most `buffer.size()` bytes, blocking until at least one byte
/// arrives. Returns 0 at an orderly close by the peer; NetError on a reset or other error.
std::size_t read_some(int fd, std::span<std::uint8_t> buffer);

}  // namespace tare::stream

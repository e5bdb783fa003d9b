// The test playing the SUT over a real socket, to break the protocol or the connection at
// a chosen moment: it listens on loopback, accepts the driver and reads its frames.
#pragma once

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "stream/transport/tcp_protocol.hpp"

namespace tare_e2e {

class ScriptedSut {
 public:
  ScriptedSut() {
    listener_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    EXPECT_EQ(listen(listener_, 1), 0);
    socklen_t length = sizeof addr;
    getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &length);
    address_ = "127.0.0.1:" + std::to_string(ntohs(addr.sin_port));
  }
  ~ScriptedSut() {
    if (connection_ >= 0) close(connection_);
    close(listener_);
  }
  const std::string& address() const { return address_; }

  // Accepts the driver and answers its hello with `name`.
  void accept_driver(const std::string& name = "a scripted SUT") {
    connection_ = accept(listener_, nullptr, nullptr);
    ASSERT_GE(connection_, 0);
    const auto hello = next_frame();
    ASSERT_TRUE(hello && hello->type == tare::stream::FrameType::hello);
    tare::stream::FrameWriter reply;
    reply.hello(name);
    send(reply);
  }
  void send(const tare::stream::FrameWriter& frame) { send(frame.bytes()); }
  void send(std::span<const std::uint8_t> bytes) {
    ASSERT_EQ(write(connection_, bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  }
  // The driver's next frame (nullopt when it closed the connection).
  std::optional<tare::stream::Frame> next_frame() {
    std::uint8_t buffer[4096];
    for (;;) {
      if (auto frame = reader_.next()) return frame;
      const ssize_t n = read(connection_, buffer, sizeof buffer);
      if (n <= 0) return std::nullopt;
      reader_.feed(std::span<const std::uint8_t>(buffer, static_cast<std::size_t>(n)));
    }
  }
  // Grants the driver `events` of credit and returns its first batch of events (nullopt
  // when it closed the connection first).
  std::optional<tare::stream::Frame> first_events(std::uint32_t events = 100) {
    tare::stream::FrameWriter credit;
    credit.request(events);
    send(credit);
    std::optional<tare::stream::Frame> frame;
    do frame = next_frame();
    while (frame && frame->type != tare::stream::FrameType::events);
    return frame;
  }
  void disconnect() {
    close(connection_);
    connection_ = -1;
  }

 private:
  int listener_ = -1, connection_ = -1;
  std::string address_;
  tare::stream::FrameReader reader_;
};

}  // namespace tare_e2e

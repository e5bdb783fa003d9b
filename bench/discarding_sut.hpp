// The bench's null SUT: takes every event and discards it. It reads only frame headers and
// each events frame's count, skipping the records unread, so that at tens of millions of
// events a second the sink costs a copy out of the socket and nothing per event; what the
// bench measures is the driver. It keeps the driver's credit topped up (a request per
// read, for the events whose frames began in it) and answers end with done.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "stream/transport/net.hpp"
#include "stream/transport/tcp_protocol.hpp"

namespace tare::bench {

class FrameSkipper {
 public:
  /// Consumes `bytes`; returns the events announced by events frames that began in them.
  std::uint64_t feed(std::span<const std::uint8_t> bytes) {
    std::uint64_t events = 0;
    std::size_t at = 0;
    while (at < bytes.size() && !ended_) {
      if (skip_ > 0) {
        const std::size_t n = std::min<std::size_t>(skip_, bytes.size() - at);
        skip_ -= n;
        at += n;
        continue;
      }
      head_[have_++] = bytes[at++];
      events += on_header_byte();
    }
    return events;
  }
  bool ended() const noexcept { return ended_; }      ///< end or error arrived
  bool end_seen() const noexcept { return end_seen_; }

 private:
  static std::uint32_t le32(const std::uint8_t* p) {
    return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 | std::uint32_t{p[3]} << 24;
  }

  // A frame's header is 5 bytes; an events frame's is read to its 4-byte count too.
  std::uint64_t on_header_byte() {
    if (have_ < 5) return 0;
    const std::uint32_t payload = le32(head_);
    const auto type = static_cast<stream::FrameType>(head_[4]);
    if (type == stream::FrameType::events && payload >= 4 && have_ < 9) return 0;
    have_ = 0;
    if (type == stream::FrameType::end) end_seen_ = ended_ = true;
    if (type == stream::FrameType::error) ended_ = true;
    if (type != stream::FrameType::events || payload < 4) {
      skip_ = payload;
      return 0;
    }
    skip_ = payload - 4;
    return le32(head_ + 5);
  }

  std::uint8_t head_[9] = {};
  std::size_t have_ = 0;
  std::uint64_t skip_ = 0;
  bool ended_ = false, end_seen_ = false;
};

/// Serves one driver connection on `listener` until end (answered with done), error or close.
inline void serve_discarding(stream::Listener& listener) {
  stream::Socket socket = listener.accept(10'000);
  stream::FrameWriter out;
  out.hello("discarding-sut");
  out.request(1u << 20);
  stream::write_all(socket.fd(), out.bytes());
  FrameSkipper skipper;
  std::vector<std::uint8_t> buffer(1u << 20);
  while (!skipper.ended()) {
    const std::size_t n = stream::read_some(socket.fd(), buffer);
    if (n == 0) return;
    const std::uint64_t events = skipper.feed(std::span<const std::uint8_t>(buffer.data(), n));
    out.clear();
    if (events > 0) out.request(static_cast<std::uint32_t>(events));
    if (skipper.end_seen()) out.done();
    if (!out.bytes().empty()) stream::write_all(socket.fd(), out.bytes());
  }
}

}  // namespace tare::bench

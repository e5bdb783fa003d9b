// The wire protocol between tare's stream driver and a system under test (SUT), over one
// TCP connection. Simple enough that an adapter for another engine is a page of code
// (docs/stream.md has the byte layout), and batched: one write carries thousands of
// events, because one event per write cannot reach millions of events per second.
//
// Every message is a frame: u32 payload length, u8 type, payload; integers little-endian.
//   hello   both ways, first:  u16 version, u16 name length, name bytes
//   request SUT -> driver:     u32 most events wanted (the SUT pulls; the driver never blocks
//                              its generators on the SUT)
//   events  driver -> SUT:     u32 count, count x 24-byte Event records (may be 0)
//   outputs SUT -> driver:     u32 count, count x 48-byte Output records
//   end     driver -> SUT:     no more events will come
//   done    SUT -> driver:     every output has been sent; the SUT closes
//   error   both ways:         u16 length, message bytes; the sender closes
//
// A reader never trusts a length: frames above kMaxPayload, unknown types, counts that do
// not match the length and anything cut short raise ProtocolError, never a crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "stream/transport/transport.hpp"
#include "stream/workload/output.hpp"
#include "stream/workload/workload.hpp"

namespace tare::stream {

inline constexpr std::uint16_t kProtocolVersion = 1;
inline constexpr std::size_t kMaxPayload = 16u << 20;  ///< 16 MiB: ~700k events per frame
inline constexpr std::size_t kEventBytes = 24;
inline constexpr std::size_t kOutputBytes = 48;
static_assert(kMostEventsPerSend * kEventBytes + 4 <= kMaxPayload, "a send's events fit one frame");

enum class FrameType : std::uint8_t { hello = 1, request = 2, events = 3, outputs = 4, end = 5, done = 6, error = 7 };
/// "hello", "request", ... ("unknown" for a value outside the enum).
const char* frame_type_name(FrameType type) noexcept;

/// One decoded frame; only the fields of its type are set.
struct Frame {
  FrameType type = FrameType::hello;
  std::uint16_t version = 0;   ///< hello
  std::string text;            ///< hello: the peer's name; error: the message
  std::uint32_t max_events = 0;  ///< request
  std::vector<Event> events;     ///< events
  std::vector<Output> outputs;   ///< outputs
};

/// Appends frames to a buffer, for the caller to write to its socket in one go.
class FrameWriter {
 public:
  void hello(std::string_view name);
  void request(std::uint32_t max_events);
  /// Throws std::length_error when the batch exceeds kMaxPayload (split it).
  void events(std::span<const Event> batch);
  void outputs(std::span<const Output> batch);
  void end();
  void done();
  void error(std::string_view message);

  std::span<const std::uint8_t> bytes() const noexcept { return buffer_; }
  void clear() noexcept { buffer_.clear(); }

 private:
  std::size_t begin(FrameType type, std::size_t payload);
  std::vector<std::uint8_t> buffer_;
};

/// The most bytes a FrameReader holds: a whole frame of the largest size and as much again
/// (a reader whose frames are taken between feeds never comes near it).
inline constexpr std::size_t kMaxPendingBytes = 2 * (kMaxPayload + 5);

/// Reassembles frames from whatever pieces the socket delivers.
class FrameReader {
 public:
  /// Throws ProtocolError when the bytes held would exceed kMaxPendingBytes: a peer that
  /// sends faster than its frames are taken cannot fill memory.
  void feed(std::span<const std::uint8_t> bytes);
  /// The next complete frame, or nullopt until more bytes arrive. Throws ProtocolError for
  /// a malformed frame (the connection is then beyond repair).
  std::optional<Frame> next();
  /// Bytes received but not yet decoded (a partial frame).
  std::size_t pending() const noexcept { return buffer_.size() - read_; }

 private:
  std::vector<std::uint8_t> buffer_;
  std::size_t read_ = 0;
};

}  // namespace tare::stream

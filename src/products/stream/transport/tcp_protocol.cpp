#include "stream/transport/tcp_protocol.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>
#include <string>

namespace tare::stream {
namespace {

constexpr std::size_t kHeaderBytes = 5;  // u32 length + u8 type

// On a little-endian host an Event in memory is its 24-byte wire record (time, kind, user,
// product, price; no padding), so a batch is encoded by copying it.
constexpr bool kEventIsWireRecord =
    std::endian::native == std::endian::little && sizeof(Event) == kEventBytes &&
    offsetof(Event, kind) == 8 && offsetof(Event, user) == 12 && offsetof(Event, product) == 16 &&
    offsetof(Event, price_cents) == 20 && sizeof(EventKind) == 4;

// Little-endian, byte by byte: the same bytes on every host.
void put(std::vector<std::uint8_t>& out, std::size_t at, std::uint64_t value, std::size_t bytes) {
  for (std::size_t i = 0; i < bytes; ++i) out[at + i] = static_cast<std::uint8_t>(value >> (8 * i));
}

std::uint64_t get(const std::uint8_t* in, std::size_t bytes) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < bytes; ++i) value |= static_cast<std::uint64_t>(in[i]) << (8 * i);
  return value;
}


// Reads fields of one payload in order, checking each against the payload's end.
class PayloadReader {
 public:
  PayloadReader(const std::uint8_t* data, std::size_t size, FrameType type) : data_(data), size_(size), type_(type) {}
  std::uint64_t take(std::size_t bytes) {
    if (size_ - at_ < bytes)
      throw ProtocolError(std::string(frame_type_name(type_)) + " frame: payload ends inside a field");
    const std::uint64_t value = get(data_ + at_, bytes);
    at_ += bytes;
    return value;
  }
  std::string take_text(std::size_t length) {
    if (size_ - at_ < length) throw ProtocolError(std::string(frame_type_name(type_)) + " frame: text longer than the payload");
    std::string text(reinterpret_cast<const char*>(data_ + at_), length);
    at_ += length;
    return text;
  }
  // A count of records that must fill the rest of the payload exactly.
  std::size_t take_count(std::size_t record_bytes) {
    const auto count = static_cast<std::size_t>(take(4));
    if (count * record_bytes != size_ - at_)
      throw ProtocolError(std::string(frame_type_name(type_)) + " frame: " + std::to_string(count) + " records of " +
                          std::to_string(record_bytes) + " bytes do not fill a payload of " + std::to_string(size_) +
                          " bytes");
    return count;
  }
  void expect_end() const {
    if (at_ != size_)
      throw ProtocolError(std::string(frame_type_name(type_)) + " frame: " + std::to_string(size_ - at_) +
                          " unexpected bytes at the end");
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  FrameType type_;
  std::size_t at_ = 0;
};

std::int64_t as_signed(std::uint64_t v) { return static_cast<std::int64_t>(v); }

Event read_event(PayloadReader& in) {
  Event e{};
  e.event_time_ns = as_signed(in.take(8));
  const auto kind = static_cast<std::uint32_t>(in.take(4));
  if (kind != static_cast<std::uint32_t>(EventKind::purchase) && kind != static_cast<std::uint32_t>(EventKind::ad))
    throw ProtocolError("events frame: unknown event kind " + std::to_string(kind));
  e.kind = static_cast<EventKind>(kind);
  e.user = static_cast<std::uint32_t>(in.take(4));
  e.product = static_cast<std::uint32_t>(in.take(4));
  e.price_cents = static_cast<std::uint32_t>(in.take(4));
  return e;
}

Output read_output(PayloadReader& in) {
  Output o{};
  o.max_event_time_ns = as_signed(in.take(8));
  o.ingest_time_ns = as_signed(in.take(8));
  o.emit_time_ns = as_signed(in.take(8));
  o.window_start_ns = as_signed(in.take(8));
  o.key = in.take(8);
  o.value = as_signed(in.take(8));
  return o;
}

Frame decode(FrameType type, const std::uint8_t* data, std::size_t size) {
  Frame frame;
  frame.type = type;
  PayloadReader in(data, size, type);
  switch (type) {
    case FrameType::hello: {
      frame.version = static_cast<std::uint16_t>(in.take(2));
      frame.text = in.take_text(static_cast<std::size_t>(in.take(2)));
      if (frame.version != kProtocolVersion)
        throw ProtocolError("hello: protocol version " + std::to_string(frame.version) + ", this side speaks " +
                            std::to_string(kProtocolVersion));
      break;
    }
    case FrameType::request:
      frame.max_events = static_cast<std::uint32_t>(in.take(4));
      break;
    case FrameType::events: {
      const std::size_t count = in.take_count(kEventBytes);
      frame.events.resize(count);
      for (auto& e : frame.events) e = read_event(in);
      break;
    }
    case FrameType::outputs: {
      const std::size_t count = in.take_count(kOutputBytes);
      frame.outputs.resize(count);
      for (auto& o : frame.outputs) o = read_output(in);
      break;
    }
    case FrameType::end:
    case FrameType::done:
      break;
    case FrameType::error:
      frame.text = in.take_text(static_cast<std::size_t>(in.take(2)));
      break;
  }
  in.expect_end();
  return frame;
}

}  // namespace

const char* frame_type_name(FrameType type) noexcept {
  switch (type) {
    case FrameType::hello: return "hello";
    case FrameType::request: return "request";
    case FrameType::events: return "events";
    case FrameType::outputs: return "outputs";
    case FrameType::end: return "end";
    case FrameType::done: return "done";
    case FrameType::error: return "error";
  }
  return "unknown";
}

std::size_t FrameWriter::begin(FrameType type, std::size_t payload) {
  if (payload > kMaxPayload)
    throw std::length_error(std::string(frame_type_name(type)) + " frame of " + std::to_string(payload) +
                            " bytes exceeds the protocol's limit; send smaller batches");
  const std::size_t at = buffer_.size();
  buffer_.resize(at + kHeaderBytes + payload);
  put(buffer_, at, payload, 4);
  buffer_[at + 4] = static_cast<std::uint8_t>(type);
  return at + kHeaderBytes;
}

void FrameWriter::hello(std::string_view name) {
  const std::size_t length = std::min<std::size_t>(name.size(), 0xffff);
  const std::size_t at = begin(FrameType::hello, 4 + length);
  put(buffer_, at, kProtocolVersion, 2);
  put(buffer_, at + 2, length, 2);
  std::copy(name.begin(), name.begin() + static_cast<std::ptrdiff_t>(length), buffer_.begin() + static_cast<std::ptrdiff_t>(at + 4));
}

void FrameWriter::request(std::uint32_t max_events) { put(buffer_, begin(FrameType::request, 4), max_events, 4); }

void FrameWriter::events(std::span<const Event> batch) {
  std::size_t at = begin(FrameType::events, 4 + batch.size() * kEventBytes);
  put(buffer_, at, batch.size(), 4);
  at += 4;
  if (kEventIsWireRecord) {  // the driver's hot path: one copy for the whole batch
    // An empty batch may have no data pointer, which memcpy must not be given.
    if (!batch.empty()) std::memcpy(buffer_.data() + at, batch.data(), batch.size_bytes());
    return;
  }
  for (const Event& e : batch) {
    put(buffer_, at, static_cast<std::uint64_t>(e.event_time_ns), 8);
    put(buffer_, at + 8, static_cast<std::uint32_t>(e.kind), 4);
    put(buffer_, at + 12, e.user, 4);
    put(buffer_, at + 16, e.product, 4);
    put(buffer_, at + 20, e.price_cents, 4);
    at += kEventBytes;
  }
}

void FrameWriter::outputs(std::span<const Output> batch) {
  std::size_t at = begin(FrameType::outputs, 4 + batch.size() * kOutputBytes);
  put(buffer_, at, batch.size(), 4);
  at += 4;
  for (const Output& o : batch) {
    put(buffer_, at, static_cast<std::uint64_t>(o.max_event_time_ns), 8);
    put(buffer_, at + 8, static_cast<std::uint64_t>(o.ingest_time_ns), 8);
    put(buffer_, at + 16, static_cast<std::uint64_t>(o.emit_time_ns), 8);
    put(buffer_, at + 24, static_cast<std::uint64_t>(o.window_start_ns), 8);
    put(buffer_, at + 32, o.key, 8);
    put(buffer_, at + 40, static_cast<std::uint64_t>(o.value), 8);
    at += kOutputBytes;
  }
}

void FrameWriter::end() { begin(FrameType::end, 0); }
void FrameWriter::done() { begin(FrameType::done, 0); }

void FrameWriter::error(std::string_view message) {
  const std::size_t length = std::min<std::size_t>(message.size(), 0xffff);
  const std::size_t at = begin(FrameType::error, 2 + length);
  put(buffer_, at, length, 2);
  std::copy(message.begin(), message.begin() + static_cast<std::ptrdiff_t>(length),
            buffer_.begin() + static_cast<std::ptrdiff_t>(at + 2));
}

void FrameReader::feed(std::span<const std::uint8_t> bytes) {
  // Drop what was decoded before growing, so the buffer holds at most one partial frame
  // and what just arrived.
  if (read_ > 0) {
    buffer_.erase(buffer_.begin(), buffer_.begin() + static_cast<std::ptrdiff_t>(read_));
    read_ = 0;
  }
  if (buffer_.size() + bytes.size() > kMaxPendingBytes)
    throw ProtocolError(std::to_string(buffer_.size() + bytes.size()) + " bytes received and not yet taken as frames, " +
                        "more than the limit of " + std::to_string(kMaxPendingBytes));
  buffer_.insert(buffer_.end(), bytes.begin(), bytes.end());
}

std::optional<Frame> FrameReader::next() {
  const std::size_t available = buffer_.size() - read_;
  if (available < kHeaderBytes) return std::nullopt;
  const std::uint8_t* header = buffer_.data() + read_;
  const auto payload = static_cast<std::size_t>(get(header, 4));
  const std::uint8_t type = header[4];
  if (type < static_cast<std::uint8_t>(FrameType::hello) || type > static_cast<std::uint8_t>(FrameType::error))
    throw ProtocolError("unknown frame type " + std::to_string(type));
  if (payload > kMaxPayload)
    throw ProtocolError(std::string(frame_type_name(static_cast<FrameType>(type))) + " frame of " + std::to_string(payload) +
                        " bytes exceeds the limit of " + std::to_string(kMaxPayload));
  if (available < kHeaderBytes + payload) return std::nullopt;
  Frame frame = decode(static_cast<FrameType>(type), header + kHeaderBytes, payload);
  read_ += kHeaderBytes + payload;
  return frame;
}

}  // namespace tare::stream

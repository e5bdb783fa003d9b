#include "stream/transport/tcp_transport.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "stream/transport/tcp_protocol.hpp"
#include "stream/workload/monotonic_ns.hpp"

namespace tare::stream {
namespace {

// Stop handing events over while this much is still unsent in the socket's buffer here.
constexpr std::size_t kMaxUnsentBytes = 4u << 20;
// A pass reads at most this much of what the SUT sent, decoding as it goes: a SUT that
// floods the driver neither starves the schedule nor fills its memory.
constexpr std::size_t kMostReceivedPerPass = 1u << 20;


// One connection: what the driver writes is encoded into writer_ and sent as the socket
// takes it; what the SUT sends is decoded piece by piece.
class TcpLink final : public SourceLink {
 public:
  TcpLink(std::uint32_t index, Socket socket, FrameReader reader, std::string sut_name)
      : index_(index), socket_(std::move(socket)), reader_(std::move(reader)), sut_name_(std::move(sut_name)) {}

  const std::string& sut_name() const override { return sut_name_; }
  std::uint64_t room() const override { return unsent() < kMaxUnsentBytes ? credit_ : 0; }
  bool done() const override { return done_; }
  std::uint64_t taken() const override { return taken_; }

  // Frames are encoded from the driver's queue in place.
  void send(std::span<const Event> events) override {
    writer_.events(events);
    credit_ -= events.size();
    taken_ += events.size();
  }

  void end() override {
    writer_.end();
    end_sent_ = true;
  }

  // Writes what the socket takes without blocking.
  void flush() override {
    const auto bytes = writer_.bytes();
    while (written_ < bytes.size()) {
      const ssize_t n = ::send(socket_.fd(), bytes.data() + written_, bytes.size() - written_, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n > 0) {
        written_ += static_cast<std::size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      throw NetError("the SUT closed connection " + std::to_string(index_) + " mid-run (" + std::strerror(errno) + ")");
    }
    writer_.clear();
    written_ = 0;
  }

  // Reads and handles what has arrived, at most kMostReceivedPerPass bytes (decoded piece
  // by piece: the reader never holds more than one partial frame and one piece).
  void receive(OutputSink& sink) override {
    for (std::size_t received = 0; received < kMostReceivedPerPass;) {
      const ssize_t n = ::recv(socket_.fd(), buffer_.data(), buffer_.size(), MSG_DONTWAIT);
      if (n > 0) {
        reader_.feed(std::span<const std::uint8_t>(buffer_.data(), static_cast<std::size_t>(n)));
        received += static_cast<std::size_t>(n);
        handle_frames(sink);
        if (done_) return;
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      handle_frames(sink);
      if (done_) return;
      // A reset is the SUT going away too (it had unread events when it died).
      throw NetError(n == 0 ? "the SUT closed connection " + std::to_string(index_) + " mid-run"
                            : "the SUT closed connection " + std::to_string(index_) + " mid-run (" +
                                  std::strerror(errno) + ")");
    }
    handle_frames(sink);  // what arrived with the SUT's hello, before this loop ran
  }

  void wait(std::int64_t ns) override {
    pollfd fd{socket_.fd(), static_cast<short>(POLLIN | (unsent() > 0 ? POLLOUT : 0)), 0};
    const timespec timeout{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
    ::ppoll(&fd, 1, &timeout, nullptr);
  }

  void abort(std::string_view reason) noexcept override {
    try {
      FrameWriter goodbye;
      goodbye.error(reason);
      const auto bytes = goodbye.bytes();
      (void)::send(socket_.fd(), bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    } catch (...) {  // best effort: the run is over either way
    }
  }

 private:
  std::size_t unsent() const noexcept { return writer_.bytes().size() - written_; }

  void handle_frames(OutputSink& sink) {
    while (auto frame = reader_.next()) {
      switch (frame->type) {
        case FrameType::request: credit_ += frame->max_events; break;
        case FrameType::outputs: sink.outputs(frame->outputs); break;
        case FrameType::done:
          if (!end_sent_) throw ProtocolError("done before the driver sent end");
          done_ = true;
          return;
        case FrameType::error: throw ProtocolError("the SUT reported an error: " + frame->text);
        default:
          throw ProtocolError(std::string("unexpected frame type ") +
                              std::to_string(static_cast<int>(frame->type)) + " from the SUT");
      }
    }
  }

  std::uint32_t index_;
  Socket socket_;
  FrameReader reader_;
  std::string sut_name_;
  FrameWriter writer_;
  std::size_t written_ = 0;
  std::uint64_t credit_ = 0, taken_ = 0;
  bool end_sent_ = false, done_ = false;
  std::vector<std::uint8_t> buffer_ = std::vector<std::uint8_t>(1u << 16);
};

}  // namespace

TcpTransport::TcpTransport(Address sut, int connect_timeout_ms)
    : sut_(std::move(sut)), connect_timeout_ms_(connect_timeout_ms) {}

// Connects and exchanges hellos (blocking, with the connect timeout).
std::unique_ptr<SourceLink> TcpTransport::open(std::uint32_t source, const RunDescription& run) {
  Socket socket = connect_to(sut_, connect_timeout_ms_);
  FrameWriter hello;
  hello.hello(hello_name(run));
  write_all(socket.fd(), hello.bytes());
  FrameReader reader;
  std::vector<std::uint8_t> buffer(4096);
  const std::int64_t deadline = monotonic_ns() + std::int64_t{connect_timeout_ms_} * 1'000'000;
  for (;;) {
    if (auto frame = reader.next()) {
      if (frame->type == FrameType::error) throw ProtocolError("the SUT refused the run: " + frame->text);
      if (frame->type != FrameType::hello) throw ProtocolError("the SUT did not start with hello");
      set_nonblocking(socket.fd(), true);
      // A SUT may send its first request right behind its hello: the reader keeps it.
      return std::make_unique<TcpLink>(source, std::move(socket), std::move(reader), frame->text);
    }
    const std::int64_t left_ms = (deadline - monotonic_ns()) / 1'000'000;
    pollfd fd{socket.fd(), POLLIN, 0};
    if (left_ms <= 0 || ::poll(&fd, 1, static_cast<int>(left_ms)) == 0)
      throw NetError("the SUT at " + sut_.text() + " did not say hello within " + std::to_string(connect_timeout_ms_) +
                     " ms");
    const std::size_t n = read_some(socket.fd(), buffer);
    if (n == 0) throw NetError("the SUT at " + sut_.text() + " closed the connection before hello");
    reader.feed(std::span<const std::uint8_t>(buffer.data(), n));
  }
}

}  // namespace tare::stream

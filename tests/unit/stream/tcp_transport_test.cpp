// The TCP transport's link on its own, against a scripted SUT on a real socket: what the
// driver may send follows the SUT's requests, what it sent counts as taken, outputs reach
// the sink, and done ends the link only after end.
#include "stream/transport/tcp_transport.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "stream/transport/net.hpp"
#include "stream/transport/tcp_protocol.hpp"

namespace tare::stream {
namespace {

struct CollectingSink final : OutputSink {
  std::vector<Output> received;
  void outputs(std::span<const Output> outputs) override { received.insert(received.end(), outputs.begin(), outputs.end()); }
};

// Reads frames from `socket` until one of `type` arrives.
Frame read_until(Socket& socket, FrameReader& reader, FrameType type) {
  std::vector<std::uint8_t> buffer(4096);
  for (;;) {
    while (auto frame = reader.next())
      if (frame->type == type) return *frame;
    const std::size_t n = read_some(socket.fd(), buffer);
    if (n == 0) throw NetError("the driver closed the connection");
    reader.feed(std::span<const std::uint8_t>(buffer.data(), n));
  }
}

void write_frames(Socket& socket, FrameWriter& writer) {
  write_all(socket.fd(), writer.bytes());
  writer.clear();
}

// A SUT that takes the driver's hello and answers with what `answer` writes, once.
template <typename Answer>
std::thread answering_sut(Listener& listener, Answer answer) {
  return std::thread([&listener, answer] {
    Socket socket = listener.accept(5000);
    FrameReader reader;
    read_until(socket, reader, FrameType::hello);
    FrameWriter writer;
    answer(writer);
    write_frames(socket, writer);
  });
}

// Runs the link's receive until `done` says stop (waiting on the link in between).
template <typename Until>
void receive_until(SourceLink& link, OutputSink& sink, Until until) {
  while (!until()) {
    link.receive(sink);
    link.wait(10'000'000);
  }
}

TEST(TcpTransport, TheSutsRequestsSetTheRoomAndSentEventsCountAsTaken) {
  Listener listener(Address{"127.0.0.1", 0});
  std::vector<Event> events_seen;
  std::thread sut([&] {
    Socket socket = listener.accept(5000);
    FrameReader reader;
    const Frame hello = read_until(socket, reader, FrameType::hello);
    EXPECT_EQ(parse_hello_name(hello.text).sources, 1u);
    FrameWriter writer;
    writer.hello("scripted");
    writer.request(3);
    write_frames(socket, writer);
    events_seen = read_until(socket, reader, FrameType::events).events;
    writer.outputs(std::vector<Output>{Output{1, 2, 3, 0, 7, 40}});
    write_frames(socket, writer);
    read_until(socket, reader, FrameType::end);
    writer.done();
    write_frames(socket, writer);
  });
  TcpTransport transport(listener.bound_address());
  const std::unique_ptr<SourceLink> link = transport.open(0, RunDescription{});
  EXPECT_EQ(link->sut_name(), "scripted");
  CollectingSink sink;
  receive_until(*link, sink, [&] { return link->room() > 0; });
  EXPECT_EQ(link->room(), 3u);
  const std::vector<Event> events{Event{10, EventKind::purchase, 1, 2, 300}, Event{20, EventKind::ad, 1, 3, 0}};
  link->send(events);
  link->flush();
  EXPECT_EQ(link->room(), 1u);
  EXPECT_EQ(link->taken(), 2u);
  receive_until(*link, sink, [&] { return !sink.received.empty(); });
  EXPECT_EQ(sink.received.at(0).value, 40);
  EXPECT_FALSE(link->done());
  link->end();
  link->flush();
  receive_until(*link, sink, [&] { return link->done(); });
  sut.join();
  ASSERT_EQ(events_seen.size(), 2u);
  EXPECT_EQ(events_seen[1].event_time_ns, 20);
}

TEST(TcpTransport, DoneBeforeEndIsAProtocolError) {
  Listener listener(Address{"127.0.0.1", 0});
  std::thread sut = answering_sut(listener, [](FrameWriter& writer) {
    writer.hello("hasty");
    writer.done();
  });
  TcpTransport transport(listener.bound_address());
  const std::unique_ptr<SourceLink> link = transport.open(0, RunDescription{});
  CollectingSink sink;
  EXPECT_THROW(receive_until(*link, sink, [] { return false; }), ProtocolError);
  sut.join();
}

TEST(TcpTransport, ASutThatRefusesTheRunFailsTheOpen) {
  Listener listener(Address{"127.0.0.1", 0});
  std::thread sut = answering_sut(listener, [](FrameWriter& writer) { writer.error("no joins here"); });
  TcpTransport transport(listener.bound_address());
  try {
    (void)transport.open(0, RunDescription{});
    ADD_FAILURE() << "open succeeded";
  } catch (const ProtocolError& e) {
    EXPECT_STREQ(e.what(), "the SUT refused the run: no joins here");
  }
  sut.join();
}

}  // namespace
}  // namespace tare::stream

// The driver <-> SUT wire protocol: frames round-trip whatever pieces the socket delivers,
// and malformed input is a ProtocolError naming the problem, never a crash.
#include "stream/transport/tcp_protocol.hpp"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <random>
#include <thread>

namespace tare::stream {
namespace {

std::vector<Event> some_events(std::size_t n) {
  std::vector<Event> events(n);
  for (std::size_t i = 0; i < n; ++i) {
    events[i].event_time_ns = static_cast<std::int64_t>(i) * 1000 - 5;  // negative too
    events[i].kind = i % 3 == 0 ? EventKind::ad : EventKind::purchase;
    events[i].user = static_cast<std::uint32_t>(i * 7);
    events[i].product = static_cast<std::uint32_t>(0xffffffffu - i);
    events[i].price_cents = static_cast<std::uint32_t>(i % 10000);
  }
  return events;
}

bool same(const Event& a, const Event& b) {
  return a.event_time_ns == b.event_time_ns && a.kind == b.kind && a.user == b.user && a.product == b.product &&
         a.price_cents == b.price_cents;
}

std::vector<Frame> read_all(std::span<const std::uint8_t> bytes, std::size_t piece) {
  FrameReader reader;
  std::vector<Frame> frames;
  for (std::size_t at = 0; at < bytes.size(); at += piece) {
    reader.feed(bytes.subspan(at, std::min(piece, bytes.size() - at)));
    while (auto frame = reader.next()) frames.push_back(std::move(*frame));
  }
  EXPECT_EQ(reader.pending(), 0u);
  return frames;
}

std::string error_of(std::vector<std::uint8_t> bytes) {
  FrameReader reader;
  reader.feed(bytes);
  try {
    while (reader.next()) {
    }
  } catch (const ProtocolError& e) {
    return e.what();
  }
  return "no error";
}

TEST(WireProtocol, EveryFrameTypeRoundTripsInAnyPieces) {
  FrameWriter writer;
  const auto events = some_events(1000);
  std::vector<Output> outputs(3);
  outputs[0] = {1, 2, 3, 4, 0xfedcba9876543210u, -7};
  outputs[2] = {INT64_MIN, INT64_MAX, 0, -1, 0, INT64_MAX};
  writer.hello("reference-sut");
  writer.request(4096);
  writer.events(events);
  writer.events({});  // an empty batch: nothing due yet
  writer.outputs(outputs);
  writer.end();
  writer.done();
  writer.error("window spec unsupported");
  for (std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{4096}, writer.bytes().size()}) {
    SCOPED_TRACE(piece);
    const auto frames = read_all(writer.bytes(), piece);
    ASSERT_EQ(frames.size(), 8u);
    EXPECT_EQ(frames[0].type, FrameType::hello);
    EXPECT_EQ(frames[0].version, kProtocolVersion);
    EXPECT_EQ(frames[0].text, "reference-sut");
    EXPECT_EQ(frames[1].max_events, 4096u);
    ASSERT_EQ(frames[2].events.size(), events.size());
    for (std::size_t i = 0; i < events.size(); ++i) EXPECT_TRUE(same(frames[2].events[i], events[i])) << i;
    EXPECT_TRUE(frames[3].events.empty());
    ASSERT_EQ(frames[4].outputs.size(), 3u);
    EXPECT_EQ(frames[4].outputs[0].key, 0xfedcba9876543210u);
    EXPECT_EQ(frames[4].outputs[0].value, -7);
    EXPECT_EQ(frames[4].outputs[2].max_event_time_ns, INT64_MIN);
    EXPECT_EQ(frames[4].outputs[2].ingest_time_ns, INT64_MAX);
    EXPECT_EQ(frames[5].type, FrameType::end);
    EXPECT_EQ(frames[6].type, FrameType::done);
    EXPECT_EQ(frames[7].text, "window spec unsupported");
  }
}

TEST(WireProtocol, TheByteLayoutIsTheDocumentedOne) {
  FrameWriter writer;
  Event e;
  e.event_time_ns = 0x0102030405060708;
  e.kind = EventKind::ad;
  e.user = 0x11121314;
  e.product = 0x21222324;
  e.price_cents = 0x31323334;
  writer.events(std::span<const Event>(&e, 1));
  const std::vector<std::uint8_t> expected = {
      28, 0, 0, 0, 3,                                  // payload length 4 + 24, type events
      1, 0, 0, 0,                                      // one record
      0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,  // event time, little-endian
      2, 0, 0, 0,                                      // kind: ad
      0x14, 0x13, 0x12, 0x11, 0x24, 0x23, 0x22, 0x21, 0x34, 0x33, 0x32, 0x31};
  EXPECT_EQ(std::vector<std::uint8_t>(writer.bytes().begin(), writer.bytes().end()), expected);
}

TEST(WireProtocol, MalformedFramesAreNamedErrors) {
  EXPECT_EQ(error_of({0, 0, 0, 0, 9}), "unknown frame type 9");
  EXPECT_EQ(error_of({0, 0, 0, 0x10, 3}), "events frame of 268435456 bytes exceeds the limit of 16777216");
  // Two records announced, one present.
  std::vector<std::uint8_t> short_batch = {28, 0, 0, 0, 3, 2, 0, 0, 0};
  short_batch.resize(5 + 28, 0);
  EXPECT_EQ(error_of(short_batch), "events frame: 2 records of 24 bytes do not fill a payload of 28 bytes");
  // An event of an unknown kind.
  std::vector<std::uint8_t> bad_kind = {28, 0, 0, 0, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0};
  bad_kind.resize(5 + 28, 0);
  EXPECT_EQ(error_of(bad_kind), "events frame: unknown event kind 5");
  // A hello of another version, a hello whose name runs past its payload, trailing bytes.
  EXPECT_EQ(error_of({4, 0, 0, 0, 1, 2, 0, 0, 0}), "hello: protocol version 2, this side speaks 1");
  EXPECT_EQ(error_of({5, 0, 0, 0, 1, 1, 0, 9, 0, 65}), "hello frame: text longer than the payload");
  EXPECT_EQ(error_of({1, 0, 0, 0, 5, 0}), "end frame: 1 unexpected bytes at the end");
  EXPECT_EQ(error_of({3, 0, 0, 0, 2, 1, 2, 3}), "request frame: payload ends inside a field");
}

TEST(WireProtocol, RandomBytesNeverCrashTheReader) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<std::uint8_t> bytes(rng() % 64);
    for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
    if (!bytes.empty() && trial % 2 == 0) bytes[std::min<std::size_t>(4, bytes.size() - 1)] = 3;  // often "events"
    FrameReader reader;
    reader.feed(bytes);
    try {
      while (reader.next()) {
      }
    } catch (const ProtocolError&) {
    }
  }
  SUCCEED();
}

TEST(WireProtocol, OversizedBatchesAreRefusedByTheWriter) {
  FrameWriter writer;
  const std::vector<Event> too_many(kMaxPayload / kEventBytes + 1);
  EXPECT_THROW(writer.events(too_many), std::length_error);
}

// Over a real socket pair, with a writer thread: a million events in batches arrive whole.
TEST(WireProtocol, BatchesCrossARealSocketIntact) {
  int fds[2];
  ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
  constexpr std::size_t kBatches = 100, kBatch = 10000;
  std::thread sender([&] {
    FrameWriter writer;
    const auto events = some_events(kBatch);
    for (std::size_t b = 0; b < kBatches; ++b) {
      writer.clear();
      writer.events(events);
      for (std::size_t done = 0; done < writer.bytes().size();) {
        const ssize_t n = write(fds[0], writer.bytes().data() + done, writer.bytes().size() - done);
        if (n <= 0) return;
        done += static_cast<std::size_t>(n);
      }
    }
    writer.clear();
    writer.end();
    [[maybe_unused]] const ssize_t n = write(fds[0], writer.bytes().data(), writer.bytes().size());
    close(fds[0]);
  });
  FrameReader reader;
  std::size_t events = 0, frames = 0;
  bool ended = false;
  std::vector<std::uint8_t> chunk(65536);
  while (!ended) {
    const ssize_t n = read(fds[1], chunk.data(), chunk.size());
    if (n <= 0) break;
    reader.feed(std::span<const std::uint8_t>(chunk.data(), static_cast<std::size_t>(n)));
    while (auto frame = reader.next()) {
      ++frames;
      if (frame->type == FrameType::end) ended = true;
      else events += frame->events.size();
    }
  }
  sender.join();
  close(fds[1]);
  EXPECT_TRUE(ended);
  EXPECT_EQ(frames, kBatches + 1);
  EXPECT_EQ(events, kBatches * kBatch);
}

}  // namespace
}  // namespace tare::stream

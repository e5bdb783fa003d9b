// TCP plumbing: address parsing, listening, connecting, whole writes and reads, and errors
// that name the address and the system's reason.
#include "stream/transport/net.hpp"

#include <gtest/gtest.h>
#include <poll.h>

#include <functional>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

namespace tare::stream {
namespace {

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

// A connected pair over loopback: {the connecting side, the accepted side}.
std::pair<Socket, Socket> connected_pair() {
  Listener listener(Address{"127.0.0.1", 0});
  Socket client = connect_to(listener.bound_address(), 5000);
  Socket server = listener.accept(5000);
  return {std::move(client), std::move(server)};
}

TEST(NetAddress, ParsesHostAndPort) {
  const Address a = parse_address("127.0.0.1:8080", "--sut");
  EXPECT_EQ(a.host, "127.0.0.1");
  EXPECT_EQ(a.port, 8080);
  EXPECT_EQ(a.text(), "127.0.0.1:8080");
  EXPECT_EQ(parse_address("localhost:0", "--listen").port, 0);
  EXPECT_EQ(parse_address("localhost:65535", "--listen").port, 65535);
}

TEST(NetAddress, RejectsMalformedAddressesNamingThem) {
  EXPECT_EQ(error_of([] { parse_address("abc", "--sut"); }), "--sut abc: expected HOST:PORT");
  for (const char* bad : {":80", "host:", "host:8x", "host:-1", "host: 80"})
    EXPECT_EQ(error_of([&] { parse_address(bad, "--sut"); }), std::string("--sut ") + bad + ": expected HOST:PORT");
  EXPECT_EQ(error_of([] { parse_address("host:65536", "--listen"); }), "--listen host:65536: port must be 0..65535");
  EXPECT_THROW(parse_address("host:99999999999999999999", "--sut"), std::invalid_argument);
}

TEST(NetListener, PortZeroGetsAFreePortAndNamesResolve) {
  Listener listener(Address{"localhost", 0});
  EXPECT_NE(listener.bound_address().port, 0);
  EXPECT_EQ(listener.bound_address().host, "localhost");
  EXPECT_TRUE(connect_to(listener.bound_address(), 5000).valid());
}

TEST(NetListener, APortInUseIsANetErrorNamingTheAddress) {
  Listener first(Address{"127.0.0.1", 0});
  const Address taken = first.bound_address();
  const std::string error = error_of([&] { Listener second(taken); });
  EXPECT_EQ(error, "cannot listen on " + taken.text() + ": Address already in use");
}

TEST(NetListener, AcceptTimesOutWithAMessage) {
  Listener listener(Address{"127.0.0.1", 0});
  EXPECT_EQ(error_of([&] { listener.accept(10); }),
            "no connection on " + listener.bound_address().text() + " within 10 ms");
}

TEST(NetConnect, ARefusedConnectionNamesTheAddressAndReason) {
  Address closed;
  {
    Listener listener(Address{"127.0.0.1", 0});
    closed = listener.bound_address();
  }  // nothing listens there any more
  EXPECT_EQ(error_of([&] { connect_to(closed, 5000); }), "cannot connect to " + closed.text() + ": Connection refused");
}

TEST(NetSocket, MovesOwnershipAndClosesOnce) {
  auto [client, server] = connected_pair();
  const int fd = client.fd();
  Socket moved(std::move(client));
  EXPECT_FALSE(client.valid());
  EXPECT_EQ(moved.fd(), fd);
  Socket assigned;
  assigned = std::move(moved);
  EXPECT_EQ(assigned.fd(), fd);
  assigned.close();
  EXPECT_FALSE(assigned.valid());
  assigned.close();  // a second close is harmless
}

TEST(NetIo, LargeWritesArriveWholeAndCloseReadsAsZero) {
  auto [client, server] = connected_pair();
  std::vector<std::uint8_t> sent(8 << 20);
  std::iota(sent.begin(), sent.end(), std::uint8_t{0});
  std::thread writer([&, fd = client.fd()] { write_all(fd, sent); });
  std::vector<std::uint8_t> received;
  std::vector<std::uint8_t> buffer(64 << 10);
  while (received.size() < sent.size()) {
    const std::size_t n = read_some(server.fd(), buffer);
    ASSERT_GT(n, 0u);
    received.insert(received.end(), buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(n));
  }
  writer.join();
  EXPECT_EQ(received, sent);
  client.close();
  EXPECT_EQ(read_some(server.fd(), buffer), 0u);
}

TEST(NetIo, WritingToAClosedPeerIsANetErrorNotSigpipe) {
  auto [client, server] = connected_pair();
  server.close();
  const std::vector<std::uint8_t> bytes(1 << 16, 7);
  // The first write may still be accepted by the kernel; the peer's reset fails a later one.
  EXPECT_THROW(
      {
        for (int i = 0; i < 1000; ++i) write_all(client.fd(), bytes);
      },
      NetError);
}

TEST(NetIo, ReadingAResetConnectionIsANetError) {
  auto [client, server] = connected_pair();
  const std::vector<std::uint8_t> unread{1, 2, 3};
  write_all(client.fd(), unread);
  pollfd arrived{server.fd(), POLLIN, 0};
  ASSERT_EQ(::poll(&arrived, 1, 5000), 1);
  server.close();  // closing with unread bytes sends a reset
  std::vector<std::uint8_t> buffer(16);
  EXPECT_THROW(
      {
        while (read_some(client.fd(), buffer) > 0) {
        }
      },
      NetError);
}

}  // namespace
}  // namespace tare::stream

// The TCP transport (stream/transport/transport.hpp): one connection per generator to a SUT
// that speaks tare's wire protocol (stream/transport/tcp_protocol.hpp). Each connection opens
// with hellos both ways (the driver's names the run: stream/transport/run_description.hpp);
// the SUT pulls events with requests (the link's room is the credit it asked for), sends its
// outputs back on the same connection, and says done after the driver's end.
#pragma once

#include <cstdint>
#include <memory>

#include "stream/transport/net.hpp"
#include "stream/transport/transport.hpp"

namespace tare::stream {

class TcpTransport final : public Transport {
 public:
  /// The SUT at `sut`; a connection and its hello must be done within `connect_timeout_ms`.
  explicit TcpTransport(Address sut, int connect_timeout_ms = 5000);
  std::unique_ptr<SourceLink> open(std::uint32_t source, const RunDescription& run) override;

 private:
  Address sut_;
  int connect_timeout_ms_;
};

}  // namespace tare::stream

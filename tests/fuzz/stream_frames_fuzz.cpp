// libFuzzer target: the stream protocol's frame decoder on any bytes, delivered in pieces
// of the sizes the first byte chooses (as a socket would): frames or ProtocolError, never
// a crash, an overread or an allocation a length field asked for without the bytes.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

#include "stream/transport/tcp_protocol.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t piece = 1 + data[0] % 64;
  std::span<const std::uint8_t> bytes(data + 1, size - 1);
  tare::stream::FrameReader reader;
  try {
    while (!bytes.empty()) {
      const std::size_t n = std::min(piece, bytes.size());
      reader.feed(bytes.first(n));
      bytes = bytes.subspan(n);
      while (reader.next()) {
      }
    }
  } catch (const tare::stream::ProtocolError&) {
  }
  return 0;
}

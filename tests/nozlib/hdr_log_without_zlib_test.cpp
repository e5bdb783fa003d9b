// src/products/stream/histograms/hdr_log.cpp compiled as a build without zlib compiles it: the compressed
// encodings say they are unavailable (the message `tare stream run --hdr-log` prints), and
// the uncompressed V2 encoding still works.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "stream/histograms/hdr_histogram.hpp"
#include "stream/histograms/hdr_log.hpp"

namespace tare::stream {
namespace {

HdrHistogram histogram_of_three() {
  HdrHistogram histogram(1, 1'000'000, 3);
  histogram.record(10);
  histogram.record(20);
  histogram.record(30);
  return histogram;
}

std::string what_compressing_says() {
  try {
    encode_compressed(histogram_of_three());
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "nothing";
}

TEST(HdrLogWithoutZlib, SaysCompressionIsUnavailable) {
  EXPECT_FALSE(hdr_compression_available());
  EXPECT_EQ(what_compressing_says(), std::string(kHdrCompressionUnavailable));
}

TEST(HdrLogWithoutZlib, RefusesToDecompressWithTheSameMessage) {
  // A well-formed envelope (cookie, length) around bytes it cannot inflate.
  const std::vector<std::uint8_t> envelope{0x1c, 0x84, 0x93, 0x14, 0, 0, 0, 2, 0x78, 0x9c};
  try {
    decode_compressed(envelope);
    FAIL() << "decode_compressed returned without zlib";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), std::string(kHdrCompressionUnavailable));
  }
}

TEST(HdrLogWithoutZlib, TheUncompressedEncodingStillRoundTrips) {
  const HdrHistogram decoded = decode_v2(encode_v2(histogram_of_three()));
  EXPECT_EQ(encode_v2(decoded), encode_v2(histogram_of_three()));
}

}  // namespace
}  // namespace tare::stream

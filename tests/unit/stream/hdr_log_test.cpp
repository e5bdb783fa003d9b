#include "stream/histograms/hdr_log.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace tare::stream {
namespace {

constexpr std::int64_t kMax64 = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin64 = std::numeric_limits<std::int64_t>::min();

std::vector<std::uint8_t> bytes_of(std::string_view s) {
  return std::vector<std::uint8_t>(s.begin(), s.end());
}

// Runs `f`, which must throw HdrFormatError whose message contains `needle`.
void expect_format_error(const std::function<void()>& f, const std::string& needle) {
  try {
    f();
    ADD_FAILURE() << "no HdrFormatError (expected one mentioning '" << needle << "')";
  } catch (const HdrFormatError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos)
        << "message '" << e.what() << "' does not mention '" << needle << "'";
  }
}

void expect_same_histogram(const HdrHistogram& a, const HdrHistogram& b) {
  ASSERT_EQ(a.lowest(), b.lowest());
  ASSERT_EQ(a.highest(), b.highest());
  ASSERT_EQ(a.significant_figures(), b.significant_figures());
  ASSERT_EQ(a.counts_length(), b.counts_length());
  for (std::size_t i = 0; i < a.counts_length(); ++i)
    ASSERT_EQ(a.count_at_index(i), b.count_at_index(i)) << "index " << i;
  EXPECT_EQ(a.total_count(), b.total_count());
  EXPECT_EQ(a.min(), b.min());
  EXPECT_EQ(a.max(), b.max());
}

// A histogram with a spread of values: 0, the unit range, every decade, large counts and
// long runs of empty counts between them.
HdrHistogram spread_histogram() {
  HdrHistogram h(1, 3'600'000'000'000, 3);
  h.record(0, 3);
  for (std::int64_t v = 1; v <= 2047; v += 7) h.record(v, v % 5 + 1);
  for (std::int64_t v = 2048; v < 3'600'000'000'000; v = v * 3 + 11) h.record(v, 2);
  h.record(123'456'789, 1'000'000'000'000);  // a count that takes 6 varint bytes
  h.record(3'599'999'999'999);               // the top bucket
  return h;
}

// The big-endian V2 header, for hand-made encodings.
std::vector<std::uint8_t> v2_header(std::uint32_t cookie, std::int32_t payload_length,
                                    std::int32_t figures, std::int64_t lowest,
                                    std::int64_t highest) {
  std::vector<std::uint8_t> out;
  auto put = [&](std::uint64_t v, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  };
  put(cookie, 4);
  put(static_cast<std::uint32_t>(payload_length), 4);
  put(0, 4);
  put(static_cast<std::uint32_t>(figures), 4);
  put(static_cast<std::uint64_t>(lowest), 8);
  put(static_cast<std::uint64_t>(highest), 8);
  put(0x3ff0000000000000u, 8);
  return out;
}

std::vector<std::uint8_t> v2_with_counts(const std::vector<std::int64_t>& words,
                                         std::int64_t highest = 1000) {
  std::vector<std::uint8_t> payload;
  std::array<std::uint8_t, kMaxVarintBytes> buf{};
  for (std::int64_t w : words) {
    const std::size_t n = zigzag_encode(w, buf.data());
    payload.insert(payload.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n));
  }
  auto out =
      v2_header(kHdrV2EncodingCookie, static_cast<std::int32_t>(payload.size()), 2, 1, highest);
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

std::vector<std::uint8_t> compress_v2(const std::vector<std::uint8_t>& v2) {
  return compress_encoding(v2);
}

// --- varints ---

TEST(HdrLog, ZigZagVarintKnownBytes) {
  struct Case {
    std::int64_t value;
    std::vector<std::uint8_t> bytes;
  };
  const std::vector<Case> cases = {
      {0, {0x00}},
      {-1, {0x01}},
      {1, {0x02}},
      {-2, {0x03}},
      {63, {0x7e}},
      {-64, {0x7f}},
      {64, {0x80, 0x01}},
      {-65, {0x81, 0x01}},
      {300, {0xd8, 0x04}},
      // 2^55 - 1 zigzags to 2^56 - 2, the largest that fits 8 bytes of 7 bits.
      {(std::int64_t{1} << 55) - 1, {0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}},
      {std::int64_t{1} << 55, {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}},
      // The 9th byte carries 8 bits (LEB128-64b9B), so no value needs a 10th.
      {kMax64, {0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}},
      {kMin64, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}},
  };
  for (const Case& c : cases) {
    std::array<std::uint8_t, kMaxVarintBytes> buf{};
    const std::size_t n = zigzag_encode(c.value, buf.data());
    EXPECT_EQ(std::vector<std::uint8_t>(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n)),
              c.bytes)
        << c.value;
    std::int64_t back = 0;
    EXPECT_EQ(zigzag_decode(c.bytes, back), c.bytes.size()) << c.value;
    EXPECT_EQ(back, c.value);
  }
}

TEST(HdrLog, ZigZagVarintRoundTripsEveryLength) {
  std::vector<std::int64_t> values = {0, 1, -1, kMax64, kMin64, kMax64 - 1, kMin64 + 1};
  for (int bit = 0; bit < 63; ++bit) {
    const std::int64_t p = std::int64_t{1} << bit;
    for (std::int64_t v : {p - 1, p, p + 1, -p, -p - 1, -p + 1}) values.push_back(v);
  }
  for (std::int64_t v : values) {
    std::array<std::uint8_t, kMaxVarintBytes + 4> buf{};
    buf.fill(0xaa);  // decoding must stop at the varint's end, not read what follows
    const std::size_t n = zigzag_encode(v, buf.data());
    ASSERT_GE(n, 1u);
    ASSERT_LE(n, kMaxVarintBytes);
    std::int64_t back = 0;
    EXPECT_EQ(zigzag_decode(buf, back), n) << v;
    EXPECT_EQ(back, v);
    // Cut short: an error, never a read past the end.
    if (n > 1)
      expect_format_error(
          [&] { zigzag_decode(std::span<const std::uint8_t>(buf.data(), n - 1), back); },
          "truncated");
  }
  std::int64_t unused = 0;
  expect_format_error([&] { zigzag_decode({}, unused); }, "truncated");
}

// --- base64 ---

TEST(HdrLog, Base64Rfc4648TestVectors) {
  // RFC 4648 section 10.
  const std::vector<std::pair<std::string, std::string>> vectors = {{"", ""},
                                                                    {"f", "Zg=="},
                                                                    {"fo", "Zm8="},
                                                                    {"foo", "Zm9v"},
                                                                    {"foob", "Zm9vYg=="},
                                                                    {"fooba", "Zm9vYmE="},
                                                                    {"foobar", "Zm9vYmFy"}};
  for (const auto& [plain, encoded] : vectors) {
    EXPECT_EQ(base64_encode(bytes_of(plain)), encoded);
    EXPECT_EQ(base64_decode(encoded), bytes_of(plain)) << encoded;
  }
  // Unpadded text is accepted too.
  EXPECT_EQ(base64_decode("Zg"), bytes_of("f"));
  EXPECT_EQ(base64_decode("Zm9vYmE"), bytes_of("fooba"));
  // Every byte value, and the two characters past 'z' and '9'.
  std::vector<std::uint8_t> all(256);
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<std::uint8_t>(i);
  const std::string text = base64_encode(all);
  EXPECT_NE(text.find('+'), std::string::npos);
  EXPECT_NE(text.find('/'), std::string::npos);
  EXPECT_EQ(base64_decode(text), all);
  EXPECT_EQ(base64_encode(std::vector<std::uint8_t>{0xfb, 0xff}), "+/8=");
}

TEST(HdrLog, Base64RejectsMalformedText) {
  expect_format_error([] { base64_decode("Zm9v!"); }, "invalid character '!' at position 4");
  expect_format_error([] { base64_decode("Zm 9v"); }, "position 2");
  expect_format_error([] { base64_decode("Zm9v-_"); }, "invalid character '-'");  // base64url
  expect_format_error([] { base64_decode(std::string("Zm\0v", 4)); }, "byte 0x00");
  expect_format_error([] { base64_decode("Z"); }, "cannot encode whole bytes");
  expect_format_error([] { base64_decode("Zm9vY"); }, "cannot encode whole bytes");
  expect_format_error([] { base64_decode("Zg="); }, "multiple of 4");
  expect_format_error([] { base64_decode("Zm9v="); }, "multiple of 4");
  expect_format_error([] { base64_decode("Zm8=="); }, "multiple of 4");
  expect_format_error([] { base64_decode("Zm=v"); }, "invalid character '='");
  expect_format_error([] { base64_decode("===="); }, "invalid character '='");
  expect_format_error([] { base64_decode("Zm9vY==="); }, "invalid character '='");
}

// --- encodings ---

TEST(HdrLog, CompressedRoundTripKeepsEveryCount) {
  const HdrHistogram h = spread_histogram();
  const auto compressed = encode_compressed(h);
  // Cookie 0x1c849314, big-endian, then the length of the zlib stream that follows.
  ASSERT_GE(compressed.size(), 10u);
  EXPECT_EQ(compressed[0], 0x1c);
  EXPECT_EQ(compressed[1], 0x84);
  EXPECT_EQ(compressed[2], 0x93);
  EXPECT_EQ(compressed[3], 0x14);
  const std::size_t length = (std::size_t{compressed[4]} << 24) |
                             (std::size_t{compressed[5]} << 16) |
                             (std::size_t{compressed[6]} << 8) | std::size_t{compressed[7]};
  EXPECT_EQ(length, compressed.size() - 8);
  EXPECT_EQ(compressed[8], 0x78);  // a zlib stream

  expect_same_histogram(decode_compressed(compressed), h);
  const std::string text = encode_compressed_base64(h);
  EXPECT_EQ(text.rfind("HISTFAAA", 0), 0u);
  expect_same_histogram(decode_compressed_base64(text), h);
  for (int level : {-1, 1, 6})
    expect_same_histogram(decode_compressed(encode_compressed(h, level)), h);
  // And on a 1-figure and a 5-figure layout.
  for (int figures : {1, 5}) {
    HdrHistogram g(1000, 10'000'000'000, figures);
    for (std::int64_t v = 1; v < 10'000'000'000; v = v * 2 + 1) g.record(v, v % 7 + 1);
    expect_same_histogram(decode_compressed(encode_compressed(g)), g);
  }
}

TEST(HdrLog, DenseHistogramRoundTripsThroughALongPayload) {
  // Over 64 KiB of varints: the decoder inflates the payload in several steps.
  HdrHistogram h(1, 1'000'000'000, 5);
  for (std::int64_t v = 1; v < 300'000; ++v) h.record(v, v % 1000 + 1);
  const auto v2 = encode_v2(h);
  ASSERT_GT(v2.size(), 200'000u);
  expect_same_histogram(decode_v2(v2), h);
  expect_same_histogram(decode_compressed(encode_compressed(h)), h);
}

TEST(HdrLog, UncompressedV2LayoutIsHdrHistograms) {
  HdrHistogram h(1, 1000, 2);
  h.record(3);
  h.record(5, 2);
  h.record(6, 300);
  const auto v2 = encode_v2(h);
  // Header: cookie 0x1c849313, payload length, offset 0, figures, lowest, highest, 1.0;
  // then the counts up to the maximum's index: -3 (zeros at 0..2), 1, 0 (a single zero,
  // as the Java and Go writers put it), 2, 300 (two bytes).
  std::vector<std::uint8_t> expected = v2_header(0x1c849313, 6, 2, 1, 1000);
  for (int b : {0x05, 0x02, 0x00, 0x04, 0xd8, 0x04})
    expected.push_back(static_cast<std::uint8_t>(b));
  EXPECT_EQ(v2, expected);
  expect_same_histogram(decode_v2(v2), h);
}

TEST(HdrLog, EmptyHistogramEncodesOneZeroCount) {
  const HdrHistogram h(1, 1'000'000, 3);
  const auto v2 = encode_v2(h);
  ASSERT_EQ(v2.size(), 41u);  // as the Java encoder: counts up to index(max = 0)
  EXPECT_EQ(v2[40], 0x00);
  const HdrHistogram back = decode_v2(v2);
  expect_same_histogram(back, h);
  EXPECT_EQ(back.total_count(), 0);
  expect_same_histogram(decode_compressed(encode_compressed(h)), h);
}

TEST(HdrLog, LargeCountsAndLongZeroRuns) {
  HdrHistogram h(1, kMax64, 2);  // the widest layout: every bucket up to 2^63
  h.record(0, kMax64 / 4);
  h.record(kMax64, kMax64 / 4);  // the last index, after a zero run of thousands
  h.record(1'000'000, 1);
  const auto v2 = encode_v2(h);
  EXPECT_LT(v2.size(), 40u + 40u);  // runs, not one varint per empty count
  expect_same_histogram(decode_v2(v2), h);
  expect_same_histogram(decode_compressed(encode_compressed(h)), h);
  // Hand-made: single zeros written as -1 (HdrHistogram_c) or 0 (Java, Go) read the same.
  const HdrHistogram a = decode_v2(v2_with_counts({-1, 5, -1, 7}));
  const HdrHistogram b = decode_v2(v2_with_counts({0, 5, 0, 7}));
  expect_same_histogram(a, b);
  EXPECT_EQ(a.count_at_index(1), 5);
  EXPECT_EQ(a.count_at_index(3), 7);
  EXPECT_EQ(a.total_count(), 12);
}

// --- the log ---

TEST(HdrLog, WriterWritesTheJavaLayout) {
  HdrHistogram h(1, 1'000'000'000, 3);
  h.record(1000);
  h.record(5000);  // max: the highest value equivalent to 5000 at 3 figures, 5003
  std::ostringstream out;
  HdrLogWriter writer(out);
  writer.write_comment("[Logged with tare]");
  writer.write_header(1700000000.123);
  writer.write_interval(0.0, 1.0, h, "cpu0");
  writer.write_interval(1.0, 0.5, h);
  const std::string b64 = encode_compressed_base64(h);
  EXPECT_EQ(
      out.str(),
      "#[Logged with tare]\n"
      "#[Histogram log format version 1.3]\n"
      "#[StartTime: 1700000000.123 (seconds since epoch), Tue Nov 14 22:13:20 UTC 2023]\n"
      "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n"
      "Tag=cpu0,0.000,1.000,5003.000," +
          b64 +
          "\n"
          "1.000,0.500,5003.000," +
          b64 + "\n");

  std::ostringstream scaled;
  HdrLogWriter ms(scaled, 1000.0);
  ms.write_header(0, 1'600'000'000.5);
  ms.write_interval(12.3456, 0.9994, h);
  EXPECT_NE(scaled.str().find(
                "#[StartTime: 0.000 (seconds since epoch), Thu Jan 01 00:00:00 UTC 1970]\n"),
            std::string::npos);
  EXPECT_NE(scaled.str().find("#[BaseTime: 1600000000.500 (seconds since epoch)]\n"),
            std::string::npos);
  EXPECT_NE(scaled.str().find("\n12.346,0.999,5.003," + b64 + "\n"), std::string::npos);

  // Any finite number is written in full ("%.3f"), and read back.
  std::ostringstream huge;
  HdrLogWriter tiny_divisor(huge, 1e-300);
  tiny_divisor.write_interval(0, 1, h);
  std::istringstream in(huge.str());
  const HdrLog log = read_hdr_log(in);
  ASSERT_EQ(log.intervals.size(), 1u);
  EXPECT_NEAR(log.intervals[0].max / 5.003e303, 1.0, 1e-12);
}

TEST(HdrLog, WriterThenReaderRoundTripWithAndWithoutTags) {
  const HdrHistogram a = spread_histogram();
  HdrHistogram b(1, 3'600'000'000'000, 3);
  b.record(777, 5);
  const HdrHistogram empty(1, 3'600'000'000'000, 3);

  std::ostringstream out;
  HdrLogWriter writer(out);
  writer.write_header(1700000000.0);
  writer.write_interval(0.0, 1.0, a);
  writer.write_interval(0.0, 1.0, b, "write");
  writer.write_interval(1.0, 1.0, empty, "read");
  writer.write_interval(2.0, 1.5, b);

  for (bool crlf : {false, true}) {
    std::string text = out.str();
    if (crlf) {
      std::string converted;
      for (char c : text) {
        if (c == '\n') converted += '\r';
        converted += c;
      }
      text = converted;
    }
    std::istringstream in(text);
    const HdrLog log = read_hdr_log(in);
    EXPECT_EQ(log.format_version, "1.3");
    ASSERT_TRUE(log.start_time_s.has_value());
    EXPECT_DOUBLE_EQ(*log.start_time_s, 1700000000.0);
    ASSERT_EQ(log.intervals.size(), 4u);
    const std::vector<std::string> tags = {"", "write", "read", ""};
    const std::vector<const HdrHistogram*> hs = {&a, &b, &empty, &b};
    const std::vector<double> starts = {0.0, 0.0, 1.0, 2.0}, lengths = {1.0, 1.0, 1.0, 1.5};
    for (std::size_t i = 0; i < 4; ++i) {
      const HdrLogEntry& e = log.intervals[i];
      EXPECT_EQ(e.tag, tags[i]);
      EXPECT_DOUBLE_EQ(e.start_s, starts[i]);
      EXPECT_DOUBLE_EQ(e.length_s, lengths[i]);
      EXPECT_DOUBLE_EQ(e.max, static_cast<double>(hs[i]->max()));
      EXPECT_DOUBLE_EQ(e.absolute_start_s, 1700000000.0 + starts[i]);
      expect_same_histogram(e.histogram, *hs[i]);
    }
  }
}

TEST(HdrLog, ReaderFollowsTheJavaReadersTimeRules) {
  const std::string b64 = encode_compressed_base64(HdrHistogram(1, 1000, 2));
  {  // No StartTime, absolute timestamps: the base is 0.
    std::istringstream in("1700000000.000,1.000,0.000," + b64 + "\n1700000001.000,1.000,0.0," +
                          b64 + "\n");
    const HdrLog log = read_hdr_log(in);
    ASSERT_EQ(log.intervals.size(), 2u);
    EXPECT_FALSE(log.start_time_s.has_value());
    EXPECT_DOUBLE_EQ(log.intervals[1].absolute_start_s, 1700000001.0);
  }
  {  // An explicit BaseTime is added to every start.
    std::istringstream in(
        "#[StartTime: 1000.5 (seconds since epoch), x]\n#[BaseTime: 990.0 (seconds since epoch)]\n"
        "5.000,1.000,0.000," +
        b64 + "\n");
    const HdrLog log = read_hdr_log(in);
    ASSERT_EQ(log.intervals.size(), 1u);
    EXPECT_DOUBLE_EQ(*log.start_time_s, 1000.5);
    EXPECT_DOUBLE_EQ(*log.base_time_s, 990.0);
    EXPECT_DOUBLE_EQ(log.intervals[0].absolute_start_s, 995.0);
  }
  {  // HdrHistogram_c's writer: "%.3f,%.3f,%d.0,..." and blank lines; Go's: "%f".
    std::istringstream in(
        "#[Histogram log format version 1.2]\n\n"
        "\"StartTimestamp\",\"EndTimestamp\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n"
        "0.127,1.007,2.0," +
        b64 + "\n\n" + "Tag=a.b-c,1.000000,1.000000,0.000000," + b64 + "\n");
    const HdrLog log = read_hdr_log(in);
    ASSERT_EQ(log.intervals.size(), 2u);
    EXPECT_DOUBLE_EQ(log.intervals[0].max, 2.0);
    EXPECT_EQ(log.intervals[1].tag, "a.b-c");
  }
}

// --- malformed input ---

TEST(HdrLog, DecodeRejectsMalformedEncodings) {
  const std::vector<std::uint8_t> good = encode_compressed(spread_histogram());
  auto decode = [](std::vector<std::uint8_t> bytes) {
    return [bytes] { decode_compressed(bytes); };
  };

  expect_format_error(decode({}), "need at least 8");
  expect_format_error(decode({0x1c, 0x84, 0x93, 0x14, 0, 0, 0}), "need at least 8");
  expect_format_error(decode(bytes_of("not an hdr histogram")), "not an HdrHistogram cookie");
  {
    auto v0 = good;
    v0[3] = 0x19;  // 0x1c849319: V0 compressed
    expect_format_error(decode(v0), "V0 compressed");
    auto dbl = good;
    dbl[0] = 0x0c, dbl[1] = 0x72, dbl[2] = 0x12, dbl[3] = 0x4f;
    expect_format_error(decode(dbl), "DoubleHistogram");
  }
  {
    auto longer = good;  // states one byte more than there is
    longer[7] = static_cast<std::uint8_t>(longer[7] + 1);
    expect_format_error(decode(longer), "does not fit");
    auto negative = good;
    negative[4] = 0x80;
    expect_format_error(decode(negative), "compressed length -");
  }
  {
    auto truncated = good;  // the zlib stream cut short, length field adjusted
    truncated.resize(good.size() - 6);
    const auto size = truncated.size() - 8;
    for (int i = 0; i < 4; ++i)
      truncated[static_cast<std::size_t>(4 + i)] = static_cast<std::uint8_t>(size >> (24 - 8 * i));
    expect_format_error(decode(truncated), "truncated");
  }
  {
    auto corrupt = good;
    corrupt[8] = 0x00;  // not a zlib header
    expect_format_error(decode(corrupt), "corrupt");
  }
  // Bytes after the stated length are ignored, as the reference readers do.
  {
    auto trailing = good;
    trailing.push_back(0x42);
    expect_same_histogram(decode_compressed(trailing), spread_histogram());
  }

  // Hand-made V2 payloads, compressed and not.
  auto both = [&](const std::vector<std::uint8_t>& v2, const std::string& needle) {
    expect_format_error([&] { decode_v2(v2); }, needle);
    expect_format_error([&] { decode_compressed(compress_v2(v2)); }, needle);
  };
  both(v2_header(0x1c849301, 0, 2, 1, 1000), "V1 HdrHistogram encoding");
  both(v2_header(kHdrV2EncodingCookie, 0, 0, 1, 1000), "significant figures");
  both(v2_header(kHdrV2EncodingCookie, 0, 6, 1, 1000), "significant figures");
  both(v2_header(kHdrV2EncodingCookie, 0, 2, 0, 1000), "lowest");
  both(v2_header(kHdrV2EncodingCookie, 0, 2, 600, 1000), "highest");
  both(v2_header(kHdrV2EncodingCookie, -1, 2, 1, 1000), "negative payload length");
  both(v2_header(kHdrV2EncodingCookie, 1'000'000'000, 2, 1, 1000), "exceeds");
  both(v2_with_counts({-5000}), "overruns");
  both(v2_with_counts({kMin64}), "invalid zero run");
  both(v2_with_counts({kMax64, kMax64}), "overflow");
  {
    const std::size_t counts = HdrHistogram(1, 1000, 2).counts_length();
    both(v2_with_counts({-static_cast<std::int64_t>(counts), 1}), "beyond");
    EXPECT_EQ(decode_v2(v2_with_counts({-static_cast<std::int64_t>(counts - 1), 9}))
                  .count_at_index(counts - 1),
              9);
  }
  {
    auto v2 = v2_with_counts({5, 300});
    v2.pop_back();                                 // the varint of 300 loses its last byte...
    v2[7] = static_cast<std::uint8_t>(v2[7] - 1);  // ...and the header agrees
    both(v2, "varint truncated");
  }
  {
    auto v2 = v2_with_counts({5, 6});
    v2[7] = static_cast<std::uint8_t>(v2[7] + 1);  // the header states more than there is
    expect_format_error([&] { decode_v2(v2); }, "its header says");
    expect_format_error([&] { decode_compressed(compress_v2(v2)); }, "its header says");
    auto shorter = v2_with_counts({5, 6});
    shorter[7] = static_cast<std::uint8_t>(shorter[7] - 1);  // ...or less
    expect_format_error([&] { decode_v2(shorter); }, "its header says");
    expect_format_error([&] { decode_compressed(compress_v2(shorter)); }, "runs past");
  }
  expect_format_error([] { decode_v2(std::vector<std::uint8_t>(39)); }, "header alone");
  expect_format_error([] { decode_compressed_base64("HISTFAAA!"); }, "base64");
}

TEST(HdrLog, DecodeNeverCrashesOnDamagedInput) {
  // Every truncation and every single-bit flip of a small encoding, compressed and not:
  // each either decodes or throws HdrFormatError (the sanitizer builds check the rest).
  HdrHistogram h(1, 100'000, 2);
  for (std::int64_t v = 1; v < 100'000; v = v * 5 + 3) h.record(v, v);
  const auto v2 = encode_v2(h);
  const auto compressed = encode_compressed(h);
  std::size_t errors = 0, decoded = 0;
  auto attempt = [&](auto&& f) {
    try {
      f();
      ++decoded;
    } catch (const HdrFormatError&) {
      ++errors;
    }
  };
  for (const auto* bytes : {&v2, &compressed}) {
    const bool is_v2 = bytes == &v2;
    for (std::size_t n = 0; n < bytes->size(); ++n) {
      const std::vector<std::uint8_t> cut(bytes->begin(),
                                          bytes->begin() + static_cast<std::ptrdiff_t>(n));
      attempt([&] { is_v2 ? (void)decode_v2(cut) : (void)decode_compressed(cut); });
    }
    for (std::size_t i = 0; i < bytes->size(); ++i) {
      for (int bit = 0; bit < 8; ++bit) {
        auto damaged = *bytes;
        damaged[i] = static_cast<std::uint8_t>(damaged[i] ^ (1u << bit));
        attempt([&] { is_v2 ? (void)decode_v2(damaged) : (void)decode_compressed(damaged); });
        if (is_v2 && i >= kHdrV2HeaderBytes)  // the payload damaged behind zlib's checksum
          attempt([&] { (void)decode_compressed(compress_v2(damaged)); });
      }
    }
  }
  EXPECT_GT(errors, 0u);
  EXPECT_GT(decoded, 0u);
}

TEST(HdrLog, ReaderNamesTheBadLine) {
  const std::string b64 = encode_compressed_base64(HdrHistogram(1, 1000, 2));
  const std::string head =
      "#[Histogram log format version "
      "1.3]\n\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_"
      "Histogram\"\n";
  auto read = [](const std::string& text) {
    return [text] {
      std::istringstream in(text);
      read_hdr_log(in);
    };
  };
  expect_format_error(read(head + "0.000,1.000," + b64 + "\n"), "hdr log line 3: expected 4");
  expect_format_error(read(head + "0.000,1.000,2.0,3.0," + b64 + "\n"), "found 5");
  expect_format_error(read(head + "0.000,1.000,0.0," + b64 + "\n0.000\n"),
                      "hdr log line 4: expected 4");
  expect_format_error(read(head + "abc,1.000,0.0," + b64 + "\n"), "line 3: interval start 'abc'");
  expect_format_error(read(head + "0.0,1.0x,0.0," + b64 + "\n"), "interval length '1.0x'");
  expect_format_error(read(head + "0.0,1.0,nan," + b64 + "\n"), "interval max 'nan'");
  expect_format_error(read(head + "0.0,1.0,0.0,HIST$AAA\n"),
                      "line 3: base64: invalid character '$'");
  expect_format_error(read(head + "0.0,1.0,0.0,SGVsbG8gd29ybGQ=\n"), "line 3: cookie");
  expect_format_error(read(head + "0.0,1.0,0.0,\n"), "line 3: compressed histogram truncated");
  expect_format_error(read(head + "Tag=abc\n"), "line 3: a tag with no fields");
  // An empty log is no error.
  std::istringstream empty("");
  EXPECT_TRUE(read_hdr_log(empty).intervals.empty());
}

TEST(HdrLog, WriterRejectsWhatReadersCouldNotParse) {
  std::ostringstream out;
  HdrLogWriter writer(out);
  const HdrHistogram h(1, 1000, 2);
  for (const char* tag : {"a,b", "a b", "a\nb", "a\rb", "a\tb"})
    EXPECT_THROW(writer.write_interval(0, 1, h, tag), std::invalid_argument) << tag;
  EXPECT_THROW(writer.write_interval(std::nan(""), 1, h), std::invalid_argument);
  EXPECT_THROW(writer.write_interval(0, INFINITY, h), std::invalid_argument);
  EXPECT_THROW(writer.write_header(INFINITY), std::invalid_argument);
  EXPECT_THROW(writer.write_comment("two\nlines"), std::invalid_argument);
  EXPECT_THROW(HdrLogWriter(out, 0.0), std::invalid_argument);
  EXPECT_TRUE(out.str().empty());

  std::ostringstream failing;
  failing.setstate(std::ios::badbit);
  HdrLogWriter broken(failing);
  EXPECT_THROW(broken.write_interval(0, 1, h), std::runtime_error);
}

}  // namespace
}  // namespace tare::stream

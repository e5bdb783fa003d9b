// HdrHistogram's V2 encodings and interval log (see hdr_log.hpp). Written afresh for tare
// from the format as HdrHistogram (Java), HdrHistogram_c and hdrhistogram-go write and read
// it; every field read from outside is checked before it is used.
#include "stream/histograms/hdr_log.hpp"

// Without zlib (cmake/dependencies.cmake) the compressed encodings are unavailable and
// say so; the rest of this file does not need it.
#if TARE_HAVE_ZLIB
#define ZLIB_CONST
#include <zlib.h>
#endif

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <ctime>
#include <istream>
#include <limits>
#include <ostream>
#include <system_error>
#include <utility>

#include "text/split.hpp"

namespace tare::stream {

namespace {


std::string hex32(std::uint32_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s = "0x";
  for (int shift = 28; shift >= 0; shift -= 4) s += kDigits[(v >> shift) & 0xfu];
  return s;
}

// --- big-endian fields ---

void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(v >> shift));
}
void put_u64(std::vector<std::uint8_t>& out, std::uint64_t v) {
  for (int shift = 56; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(v >> shift));
}
std::uint32_t get_u32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         std::uint32_t{p[3]};
}
std::uint64_t get_u64(const std::uint8_t* p) {
  return (std::uint64_t{get_u32(p)} << 32) | std::uint64_t{get_u32(p + 4)};
}
std::int32_t get_i32(const std::uint8_t* p) { return static_cast<std::int32_t>(get_u32(p)); }
std::int64_t get_i64(const std::uint8_t* p) { return static_cast<std::int64_t>(get_u64(p)); }

// What a cookie is, for error messages.
std::string describe_cookie(std::uint32_t cookie) {
  switch (cookie & ~0xf0u) {
    case 0x1c849308u:
      return "a V0 HdrHistogram encoding";
    case 0x1c849309u:
      return "a V0 compressed HdrHistogram encoding";
    case 0x1c849301u:
      return "a V1 HdrHistogram encoding";
    case 0x1c849302u:
      return "a V1 compressed HdrHistogram encoding";
    case 0x1c849303u:
      return "an uncompressed V2 HdrHistogram encoding";
    case 0x1c849304u:
      return "a compressed V2 HdrHistogram encoding";
    default:
      break;
  }
  switch (cookie) {
    case 0x0c72124cu:
    case 0x0c72124eu:
    case 0x0c72144cu:
      return "a DoubleHistogram encoding";
    case 0x0c72124du:
    case 0x0c72124fu:
    case 0x0c72144du:
      return "a compressed DoubleHistogram encoding";
    default:
      return "not an HdrHistogram cookie";
  }
}

// --- the V2 encoding ---

struct V2Header {
  std::uint32_t cookie;
  std::int32_t payload_length;
  std::int32_t normalizing_index_offset;
  std::int32_t significant_figures;
  std::int64_t lowest;
  std::int64_t highest;
  std::uint64_t conversion_ratio_bits;
};

V2Header parse_header(const std::uint8_t* p) {
  return V2Header{get_u32(p),      get_i32(p + 4),  get_i32(p + 8), get_i32(p + 12),
                  get_i64(p + 16), get_i64(p + 24), get_u64(p + 32)};
}

// Checks the header and builds the (empty) histogram it describes. The normalizing index
// offset and the conversion ratio only matter inside a DoubleHistogram (whose own cookie is
// rejected before this); an integer histogram has 0 and 1.0, and they are ignored as
// hdrhistogram-go ignores them (some of its older encodings wrote other values).
HdrHistogram histogram_for(const V2Header& h) {
  if ((h.cookie & ~0xf0u) != (kHdrV2EncodingCookie & ~0xf0u))
    throw HdrFormatError("encoding cookie " + hex32(h.cookie) + " is " + describe_cookie(h.cookie) +
                         ", expected " + hex32(kHdrV2EncodingCookie) + " (V2 encoding)");
  if (h.payload_length < 0)
    throw HdrFormatError("negative payload length " + std::to_string(h.payload_length));
  try {
    return HdrHistogram(h.lowest, h.highest, h.significant_figures);
  } catch (const std::invalid_argument& e) {
    throw HdrFormatError(std::string("unsupported histogram configuration in the header (") +
                         e.what() + ")");
  } catch (const std::length_error&) {
    throw HdrFormatError("histogram configuration in the header is too large");
  } catch (const std::bad_alloc&) {
    throw HdrFormatError("histogram configuration in the header is too large");
  }
}

// A payload can never need more than 9 bytes per count of its histogram.
void check_payload_length(const V2Header& h, const HdrHistogram& histogram) {
  const auto limit = static_cast<std::uint64_t>(histogram.counts_length()) * kMaxVarintBytes;
  if (static_cast<std::uint64_t>(h.payload_length) > limit)
    throw HdrFormatError("payload length " + std::to_string(h.payload_length) + " exceeds the " +
                         std::to_string(limit) + " bytes that " +
                         std::to_string(histogram.counts_length()) + " counts can take");
}

void fill_counts(HdrHistogram& histogram, std::span<const std::uint8_t> payload) {
  const std::size_t length = histogram.counts_length();
  std::size_t index = 0;
  std::size_t pos = 0;
  std::int64_t total = 0;
  while (pos < payload.size()) {
    std::int64_t value = 0;
    const std::size_t at = pos;
    pos += zigzag_decode(payload.subspan(pos), value);
    if (value < 0) {
      if (value == std::numeric_limits<std::int64_t>::min())
        throw HdrFormatError("invalid zero run at payload byte " + std::to_string(at));
      const auto zeros = static_cast<std::uint64_t>(-value);
      if (zeros > length - index)
        throw HdrFormatError("a run of " + std::to_string(zeros) + " zero counts at index " +
                             std::to_string(index) + " overruns the " + std::to_string(length) +
                             " counts of the histogram");
      index += static_cast<std::size_t>(zeros);
      continue;
    }
    if (index >= length)
      throw HdrFormatError("count at index " + std::to_string(index) + " is beyond the " +
                           std::to_string(length) + " counts of the histogram");
    if (value > std::numeric_limits<std::int64_t>::max() - total)
      throw HdrFormatError("counts overflow a 64-bit total at index " + std::to_string(index));
    total += value;
    if (value > 0) histogram.add_at_index(index, value);
    ++index;
  }
}

// --- zlib ---

#if TARE_HAVE_ZLIB
class Inflater {
 public:
  explicit Inflater(std::span<const std::uint8_t> input) {
    if (inflateInit(&stream_) != Z_OK) throw std::runtime_error("zlib: inflateInit failed");
    stream_.next_in = input.data();
    stream_.avail_in = static_cast<uInt>(input.size());
  }
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;
  ~Inflater() { inflateEnd(&stream_); }

  // Inflates up to `size` bytes into `out`; fewer only when the stream ends. HdrFormatError
  // when the data is corrupt or ends before the stream does.
  std::size_t read(std::uint8_t* out, std::size_t size) {
    stream_.next_out = out;
    stream_.avail_out = static_cast<uInt>(size);
    while (stream_.avail_out > 0 && !ended_) {
      const int rc = inflate(&stream_, Z_NO_FLUSH);
      if (rc == Z_STREAM_END) {
        ended_ = true;
      } else if (rc == Z_BUF_ERROR) {  // no progress: all input used, stream not finished
        throw HdrFormatError("compressed data is truncated (the zlib stream does not end)");
      } else if (rc != Z_OK) {
        throw HdrFormatError(std::string("compressed data is corrupt (zlib: ") +
                             (stream_.msg != nullptr ? stream_.msg : "inflate failed") + ")");
      }
    }
    return size - stream_.avail_out;
  }
  bool ended() const noexcept { return ended_; }

 private:
  z_stream stream_{};
  bool ended_ = false;
};
#else
[[noreturn]] void refuse_without_zlib() { throw std::runtime_error(std::string(kHdrCompressionUnavailable)); }
#endif

}  // namespace

// --- varints ---

std::size_t zigzag_encode(std::int64_t value, std::uint8_t* out) noexcept {
  std::uint64_t v = (static_cast<std::uint64_t>(value) << 1) ^
                    static_cast<std::uint64_t>(value >> 63);  // arithmetic shift
  std::size_t n = 0;
  while (n < 8 && v >= 0x80u) {
    out[n++] = static_cast<std::uint8_t>((v & 0x7fu) | 0x80u);
    v >>= 7;
  }
  out[n++] = static_cast<std::uint8_t>(v);  // the 9th byte carries the last 8 bits whole
  return n;
}

std::size_t zigzag_decode(std::span<const std::uint8_t> in, std::int64_t& value) {
  std::uint64_t v = 0;
  std::size_t n = 0;
  for (;;) {
    if (n >= in.size())
      throw HdrFormatError("varint truncated after " + std::to_string(n) + " byte(s)");
    const std::uint64_t byte = in[n];
    if (n == 8) {
      v |= byte << 56;
      ++n;
      break;
    }
    v |= (byte & 0x7fu) << (7 * n);
    ++n;
    if ((byte & 0x80u) == 0) break;
  }
  value = static_cast<std::int64_t>((v >> 1) ^ (~(v & 1u) + 1u));
  return n;
}

// --- encodings ---

std::vector<std::uint8_t> encode_v2(const HdrHistogram& histogram) {
  // Counts up to the last non-zero one (the maximum's index), at least one.
  std::size_t relevant = 1;
  for (std::size_t i = histogram.counts_length(); i > 0; --i) {
    if (histogram.count_at_index(i - 1) != 0) {
      relevant = i;
      break;
    }
  }
  relevant = std::min(relevant, histogram.counts_length());

  std::vector<std::uint8_t> payload;
  payload.reserve(relevant + 16);
  std::array<std::uint8_t, kMaxVarintBytes> buf{};
  for (std::size_t i = 0; i < relevant;) {
    const std::int64_t count = histogram.count_at_index(i++);
    if (count < 0)
      throw std::logic_error("encode_v2: negative count at index " + std::to_string(i - 1));
    std::int64_t word = count;
    if (count == 0) {
      std::int64_t zeros = 1;
      while (i < relevant && histogram.count_at_index(i) == 0) {
        ++zeros;
        ++i;
      }
      if (zeros > 1) word = -zeros;
    }
    const std::size_t n = zigzag_encode(word, buf.data());
    payload.insert(payload.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n));
  }
  if (payload.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
    throw std::length_error("encode_v2: payload does not fit the 32-bit length field");

  std::vector<std::uint8_t> out;
  out.reserve(kHdrV2HeaderBytes + payload.size());
  put_u32(out, kHdrV2EncodingCookie);
  put_u32(out, static_cast<std::uint32_t>(payload.size()));
  put_u32(out, 0);  // normalizing index offset
  put_u32(out, static_cast<std::uint32_t>(histogram.significant_figures()));
  put_u64(out, static_cast<std::uint64_t>(histogram.lowest()));
  put_u64(out, static_cast<std::uint64_t>(histogram.highest()));
  put_u64(out, 0x3ff0000000000000u);  // the bits of the double 1.0 (conversion ratio)
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

HdrHistogram decode_v2(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kHdrV2HeaderBytes)
    throw HdrFormatError("V2 encoding truncated: " + std::to_string(bytes.size()) +
                         " bytes, the header alone takes " + std::to_string(kHdrV2HeaderBytes));
  const V2Header header = parse_header(bytes.data());
  HdrHistogram histogram = histogram_for(header);
  check_payload_length(header, histogram);
  const std::size_t expected = kHdrV2HeaderBytes + static_cast<std::size_t>(header.payload_length);
  if (bytes.size() != expected)
    throw HdrFormatError("V2 encoding is " + std::to_string(bytes.size()) +
                         " bytes, its header says " + std::to_string(expected));
  fill_counts(histogram, bytes.subspan(kHdrV2HeaderBytes));
  return histogram;
}

std::vector<std::uint8_t> encode_compressed(const HdrHistogram& histogram, int zlib_level) {
  return compress_encoding(encode_v2(histogram), zlib_level);
}

std::vector<std::uint8_t> compress_encoding(std::span<const std::uint8_t> encoded, int zlib_level) {
#if !TARE_HAVE_ZLIB
  (void)encoded;
  (void)zlib_level;
  refuse_without_zlib();
#else
  uLongf compressed_size = compressBound(static_cast<uLong>(encoded.size()));
  std::vector<std::uint8_t> out(8 + compressed_size);
  const int rc = compress2(out.data() + 8, &compressed_size, encoded.data(),
                           static_cast<uLong>(encoded.size()), zlib_level);
  if (rc != Z_OK)
    throw std::runtime_error("compress_encoding: zlib compress2 failed (" + std::to_string(rc) +
                             ")");
  if (compressed_size > static_cast<uLongf>(std::numeric_limits<std::int32_t>::max()))
    throw std::length_error("compress_encoding: the result does not fit the 32-bit length field");
  out.resize(8 + compressed_size);
  std::vector<std::uint8_t> head;
  put_u32(head, kHdrV2CompressedCookie);
  put_u32(head, static_cast<std::uint32_t>(compressed_size));
  std::copy(head.begin(), head.end(), out.begin());
  return out;
#endif
}

HdrHistogram decode_compressed(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 8)
    throw HdrFormatError("compressed histogram truncated: " + std::to_string(bytes.size()) +
                         " bytes, need at least 8");
  const std::uint32_t cookie = get_u32(bytes.data());
  if ((cookie & ~0xf0u) != (kHdrV2CompressedCookie & ~0xf0u))
    throw HdrFormatError("cookie " + hex32(cookie) + " is " + describe_cookie(cookie) +
                         "; only the compressed V2 encoding (" + hex32(kHdrV2CompressedCookie) +
                         ") is supported");
  const std::int32_t length = get_i32(bytes.data() + 4);
  if (length < 0 || static_cast<std::size_t>(length) > bytes.size() - 8)
    throw HdrFormatError("compressed length " + std::to_string(length) + " does not fit the " +
                         std::to_string(bytes.size() - 8) + " bytes that follow it");

#if !TARE_HAVE_ZLIB
  refuse_without_zlib();
#else
  Inflater inflater(bytes.subspan(8, static_cast<std::size_t>(length)));
  std::array<std::uint8_t, kHdrV2HeaderBytes> head{};
  const std::size_t got = inflater.read(head.data(), head.size());
  if (got < head.size())
    throw HdrFormatError("decompressed histogram truncated: " + std::to_string(got) +
                         " bytes, the V2 header alone takes " + std::to_string(head.size()));
  const V2Header header = parse_header(head.data());
  HdrHistogram histogram = histogram_for(header);
  check_payload_length(header, histogram);

  // Inflated in steps, so that what is allocated follows the data, not what a header says.
  const auto stated = static_cast<std::size_t>(header.payload_length);
  std::vector<std::uint8_t> payload;
  while (payload.size() < stated) {
    const std::size_t have = payload.size();
    const std::size_t step = std::min<std::size_t>(stated - have, std::size_t{1} << 16);
    payload.resize(have + step);
    const std::size_t inflated = inflater.read(payload.data() + have, step);
    payload.resize(have + inflated);
    if (inflated < step) break;
  }
  if (payload.size() < stated)
    throw HdrFormatError("decompressed payload is " + std::to_string(payload.size()) +
                         " bytes, its header says " + std::to_string(stated));
  std::uint8_t extra = 0;
  if (inflater.read(&extra, 1) != 0)
    throw HdrFormatError("decompressed data runs past the " + std::to_string(stated) +
                         "-byte payload its header states");
  fill_counts(histogram, payload);
  return histogram;
#endif
}

bool hdr_compression_available() noexcept { return TARE_HAVE_ZLIB != 0; }

std::string encode_compressed_base64(const HdrHistogram& histogram) {
  return base64_encode(encode_compressed(histogram));
}

HdrHistogram decode_compressed_base64(std::string_view text) {
  return decode_compressed(base64_decode(text));
}

// --- base64 ---

namespace {
constexpr char kBase64Alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int base64_value(char c) noexcept {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

std::string printable(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
  static constexpr char kDigits[] = "0123456789abcdef";
  return std::string("byte 0x") + kDigits[u >> 4] + kDigits[u & 0xfu];
}
}  // namespace

std::string base64_encode(std::span<const std::uint8_t> bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t v = (std::uint32_t{bytes[i]} << 16) | (std::uint32_t{bytes[i + 1]} << 8) |
                            std::uint32_t{bytes[i + 2]};
    out += kBase64Alphabet[(v >> 18) & 63u];
    out += kBase64Alphabet[(v >> 12) & 63u];
    out += kBase64Alphabet[(v >> 6) & 63u];
    out += kBase64Alphabet[v & 63u];
  }
  const std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    std::uint32_t v = std::uint32_t{bytes[i]} << 16;
    if (rest == 2) v |= std::uint32_t{bytes[i + 1]} << 8;
    out += kBase64Alphabet[(v >> 18) & 63u];
    out += kBase64Alphabet[(v >> 12) & 63u];
    out += rest == 2 ? kBase64Alphabet[(v >> 6) & 63u] : '=';
    out += '=';
  }
  return out;
}

std::vector<std::uint8_t> base64_decode(std::string_view text) {
  // Up to two '=' at the end, and only when they complete a 4-character group.
  std::size_t data_length = text.size();
  while (data_length > 0 && text.size() - data_length < 2 && text[data_length - 1] == '=')
    --data_length;
  const std::size_t padding = text.size() - data_length;
  for (std::size_t i = 0; i < data_length; ++i)
    if (base64_value(text[i]) < 0)
      throw HdrFormatError("base64: invalid character " + printable(text[i]) + " at position " +
                           std::to_string(i));
  if (padding > 0 && text.size() % 4 != 0)
    throw HdrFormatError("base64: padding leaves a length of " + std::to_string(text.size()) +
                         ", not a multiple of 4");
  if (data_length % 4 == 1)
    throw HdrFormatError("base64: " + std::to_string(data_length) +
                         " characters cannot encode whole bytes");
  if (padding > 0 && (data_length % 4) + padding != 4)
    throw HdrFormatError("base64: misplaced '=' padding");

  std::vector<std::uint8_t> out;
  out.reserve(data_length / 4 * 3 + 2);
  std::uint32_t acc = 0;
  int bits = 0;
  for (std::size_t i = 0; i < data_length; ++i) {
    acc = (acc << 6) | static_cast<std::uint32_t>(base64_value(text[i]));
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<std::uint8_t>(acc >> bits));
      acc &= (1u << bits) - 1u;
    }
  }
  return out;
}

// --- interval log ---

namespace {

std::string fixed3(double v) {
  std::array<char, 400> buf{};  // the largest finite double takes 309 digits before the point
  const auto [end, ec] =
      std::to_chars(buf.data(), buf.data() + buf.size(), v, std::chars_format::fixed, 3);
  if (ec != std::errc()) throw std::logic_error("HdrLogWriter: cannot format a number");
  return std::string(buf.data(), end);
}

// "Tue Sep 08 23:05:32 UTC 2015", the shape of Java's Date.toString(), in UTC and in
// English whatever the locale.
std::string utc_date(double seconds) {
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  if (!(seconds > -1e15 && seconds < 1e15)) return "";
  const auto t = static_cast<std::time_t>(std::floor(seconds));
  std::tm tm{};
  if (gmtime_r(&t, &tm) == nullptr || tm.tm_wday < 0 || tm.tm_wday > 6 || tm.tm_mon < 0 ||
      tm.tm_mon > 11)
    return "";
  auto two = [](int v) {
    std::string s = std::to_string(v);
    return s.size() < 2 ? "0" + s : s;
  };
  return std::string(kDays[tm.tm_wday]) + " " + kMonths[tm.tm_mon] + " " + two(tm.tm_mday) + " " +
         two(tm.tm_hour) + ":" + two(tm.tm_min) + ":" + two(tm.tm_sec) + " UTC " +
         std::to_string(tm.tm_year + 1900);
}

void require_finite(double v, const char* what) {
  if (!std::isfinite(v))
    throw std::invalid_argument(std::string("HdrLogWriter: ") + what + " is not finite");
}

}  // namespace

HdrLogWriter::HdrLogWriter(std::ostream& out, double max_value_divisor)
    : out_(out), max_value_divisor_(max_value_divisor) {
  if (!std::isfinite(max_value_divisor) || !(max_value_divisor > 0))
    throw std::invalid_argument("HdrLogWriter: max_value_divisor must be finite and > 0");
}

void HdrLogWriter::check_stream() {
  if (!out_) throw std::runtime_error("HdrLogWriter: writing the log failed");
}

void HdrLogWriter::write_comment(std::string_view text) {
  if (text.find_first_of("\r\n") != std::string_view::npos)
    throw std::invalid_argument("HdrLogWriter: a comment cannot contain a line break");
  out_ << '#' << text << '\n';
  check_stream();
}

void HdrLogWriter::write_header(double start_time_s, std::optional<double> base_time_s) {
  require_finite(start_time_s, "start time");
  if (base_time_s) require_finite(*base_time_s, "base time");
  out_ << "#[Histogram log format version 1.3]\n";
  out_ << "#[StartTime: " << fixed3(start_time_s) << " (seconds since epoch), "
       << utc_date(start_time_s) << "]\n";
  if (base_time_s) out_ << "#[BaseTime: " << fixed3(*base_time_s) << " (seconds since epoch)]\n";
  out_ << "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_"
          "Histogram\"\n";
  check_stream();
}

void HdrLogWriter::write_interval(double start_s, double length_s, const HdrHistogram& histogram,
                                  std::string_view tag) {
  require_finite(start_s, "interval start");
  require_finite(length_s, "interval length");
  // The readers split fields at commas (and the Java one at spaces and line breaks too).
  if (tag.find_first_of(", \t\r\n") != std::string_view::npos)
    throw std::invalid_argument("HdrLogWriter: tag '" + std::string(tag) +
                                "' contains a comma, space or line break");
  std::string line;
  if (!tag.empty()) {
    line += "Tag=";
    line += tag;
    line += ',';
  }
  line += fixed3(start_s);
  line += ',';
  line += fixed3(length_s);
  line += ',';
  line += fixed3(static_cast<double>(histogram.max()) / max_value_divisor_);
  line += ',';
  line += encode_compressed_base64(histogram);
  line += '\n';
  out_ << line;
  check_stream();
}

namespace {

using text::trim;

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// The number at the front of `s` (after spaces), if there is one.
std::optional<double> leading_number(std::string_view s) {
  s = trim(s);
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end == s.data() || !std::isfinite(v)) return std::nullopt;
  return v;
}

double parse_field(std::string_view field, const char* name, std::size_t line_number) {
  const std::string_view s = trim(field);
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v))
    throw HdrFormatError("hdr log line " + std::to_string(line_number) + ": " + name + " '" +
                         std::string(field) + "' is not a number");
  return v;
}

// The Java reader's state: the latest StartTime and BaseTime seen, or, where none was seen
// before the first interval, what that interval implies.
struct LogClock {
  bool have_start = false, have_base = false;
  double start = 0, base = 0;
};

// A '#' line: StartTime, BaseTime and the format version are kept; other comments ignored.
void read_comment_line(std::string_view line, HdrLog& log, LogClock& clock) {
  static constexpr std::string_view kStart = "#[StartTime:", kBase = "#[BaseTime:",
                                    kVersion = "#[Histogram log format version ";
  if (starts_with(line, kStart)) {
    if (auto v = leading_number(line.substr(kStart.size()))) {
      log.start_time_s = v;
      clock.start = *v;
      clock.have_start = true;
    }
  } else if (starts_with(line, kBase)) {
    if (auto v = leading_number(line.substr(kBase.size()))) {
      log.base_time_s = v;
      clock.base = *v;
      clock.have_base = true;
    }
  } else if (starts_with(line, kVersion)) {
    std::string_view version = line.substr(kVersion.size());
    version = trim(version.substr(0, version.find(']')));
    log.format_version = std::string(version);
  }
}

HdrFormatError line_error(std::size_t line_number, const std::string& what) {
  return HdrFormatError("hdr log line " + std::to_string(line_number) + ": " + what);
}

// The line's comma-separated fields: exactly start, length, max and the histogram.
std::array<std::string_view, 4> interval_fields(std::string_view line, std::size_t line_number) {
  std::array<std::string_view, 4> fields{};
  std::size_t count = 0;
  for (std::size_t pos = 0;;) {
    const auto comma = line.find(',', pos);
    const std::string_view field = line.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
    if (count < fields.size()) fields[count] = field;
    ++count;
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  if (count != 4)
    throw line_error(line_number, "expected 4 comma-separated fields (start, length, max, histogram), found " +
                                      std::to_string(count));
  return fields;
}

// An interval line ("Tag=NAME," optional), its timestamp made absolute with `clock`.
HdrLogEntry read_interval_line(std::string_view line, std::size_t line_number, LogClock& clock) {
  std::string tag;
  if (starts_with(line, "Tag=")) {
    const auto comma = line.find(',');
    if (comma == std::string_view::npos) throw line_error(line_number, "a tag with no fields after it");
    tag = std::string(line.substr(4, comma - 4));
    line.remove_prefix(comma + 1);
  }
  const auto fields = interval_fields(line, line_number);
  const double start_s = parse_field(fields[0], "interval start", line_number);
  const double length_s = parse_field(fields[1], "interval length", line_number);
  const double max = parse_field(fields[2], "interval max", line_number);
  std::optional<HdrHistogram> histogram;
  try {
    histogram.emplace(decode_compressed_base64(trim(fields[3])));
  } catch (const HdrFormatError& e) {
    throw line_error(line_number, e.what());
  }
  if (!clock.have_start) {
    clock.start = start_s;
    clock.have_start = true;
  }
  if (!clock.have_base) {
    clock.base = start_s < clock.start ? clock.start : 0.0;  // relative timestamps, or absolute ones
    clock.have_base = true;
  }
  return HdrLogEntry{std::move(tag), start_s, length_s, max, start_s + clock.base, std::move(*histogram)};
}

}  // namespace

HdrLog read_hdr_log(std::istream& in) {
  HdrLog log;
  LogClock clock;
  std::string raw;
  std::size_t line_number = 0;
  while (std::getline(in, raw)) {
    ++line_number;
    std::string_view line = raw;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (trim(line).empty()) continue;
    if (line.front() == '#') read_comment_line(line, log, clock);
    else if (line.front() != '"') log.intervals.push_back(read_interval_line(line, line_number, clock));  // '"': the legend
  }
  if (in.bad()) throw std::runtime_error("read_hdr_log: reading the log failed");
  return log;
}

}  // namespace tare::stream

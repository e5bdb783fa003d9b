// HdrHistogram's interchange formats, so that the tools built around HdrHistogram
// (HistogramLogProcessor, HdrHistogram_c, the Java, Go and JS readers, the web plotter)
// read tare's latency logs and tare reads theirs:
//
//  * the V2 encoding: a 40-byte big-endian header (cookie 0x1c849313, payload length,
//    normalizing index offset 0, significant figures, lowest, highest, the bits of the
//    double 1.0) followed by the counts up to the index of the maximum, each a ZigZag
//    LEB128-64b9B varint (at most 9 bytes; the 9th carries 8 bits), a negative value -k
//    standing for k zero counts;
//  * the compressed V2 encoding: cookie 0x1c849314, the length of what follows, then the
//    V2 encoding deflated with zlib. In base64 it starts "HISTFAAA";
//  * the interval log, format 1.3:
//      #[Histogram log format version 1.3]
//      #[StartTime: 1441753532.570 (seconds since epoch), Tue Sep 08 23:05:32 UTC 2015]
//      "StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"
//      [Tag=<tag>,]<start s>,<length s>,<max / divisor>,<base64 compressed histogram>
//
// Only integer histograms in the V2 encoding are read (what every HdrHistogram writes since
// 2015); V0/V1 encodings and DoubleHistogram payloads are rejected with an error naming them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "stream/histograms/hdr_histogram.hpp"

namespace tare::stream {

/// Malformed encoded histogram, base64 text or log; the message says what and where.
class HdrFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Cookies (big-endian int32 at the start): the base | 0x10, as HdrHistogram writes them.
inline constexpr std::uint32_t kHdrV2EncodingCookie = 0x1c849303u | 0x10u;
inline constexpr std::uint32_t kHdrV2CompressedCookie = 0x1c849304u | 0x10u;
inline constexpr std::size_t kHdrV2HeaderBytes = 40;

// --- ZigZag LEB128-64b9B varints (the counts of the V2 encoding) ---------------------------

inline constexpr std::size_t kMaxVarintBytes = 9;
/// Writes `value` to out[0..n) and returns n (1..9).
std::size_t zigzag_encode(std::int64_t value, std::uint8_t* out) noexcept;
/// Reads one varint from the front of `in` into `value` and returns the bytes it took;
/// HdrFormatError when `in` ends inside it.
std::size_t zigzag_decode(std::span<const std::uint8_t> in, std::int64_t& value);

// --- Histogram encodings ----------------------------------------------------------------

/// The uncompressed V2 encoding (header + counts up to the maximum's index; an empty
/// histogram encodes one zero count, as HdrHistogram's Java code does). A single zero count
/// between non-zero ones is written as 0 and runs of k >= 2 zeros as -k (as the Java and Go
/// writers do; HdrHistogram_c writes -1 for a single zero; every reader takes both).
std::vector<std::uint8_t> encode_v2(const HdrHistogram& histogram);
/// Decodes a V2 encoding (exactly header + payload). HdrFormatError when malformed.
HdrHistogram decode_v2(std::span<const std::uint8_t> bytes);

/// The compressed V2 encoding. `zlib_level` 9 is what the Java log writer and the Go
/// library use (1..9, or -1 for zlib's default).
std::vector<std::uint8_t> encode_compressed(const HdrHistogram& histogram, int zlib_level = 9);
/// The compressed envelope (cookie, length, zlib stream) around any encoding's bytes:
/// encode_compressed(h) is compress_encoding(encode_v2(h)).
std::vector<std::uint8_t> compress_encoding(std::span<const std::uint8_t> encoding,
                                            int zlib_level = 9);
/// Decodes a compressed V2 encoding; bytes after the stated compressed length are ignored
/// (as the C, Java and Go readers do). HdrFormatError when malformed, never a crash: every
/// length, index and count is checked before use, and a header can at most ask for the
/// counts its own configuration needs.
HdrHistogram decode_compressed(std::span<const std::uint8_t> bytes);

/// False when tare was built without zlib: then the compressed encodings (and so interval
/// logs) throw std::runtime_error with kHdrCompressionUnavailable.
bool hdr_compression_available() noexcept;
inline constexpr std::string_view kHdrCompressionUnavailable =
    "compressed HdrHistogram logs are unavailable: this tare was built without zlib";

/// base64 of the compressed encoding ("HISTFAAA..."), what logs and the web plotter carry.
std::string encode_compressed_base64(const HdrHistogram& histogram);
HdrHistogram decode_compressed_base64(std::string_view text);

// --- base64 (RFC 4648, standard alphabet, '=' padding) ----------------------------------------

std::string base64_encode(std::span<const std::uint8_t> bytes);
/// Accepts padded or unpadded text; HdrFormatError on any other character, misplaced
/// padding or an impossible length (naming the position).
std::vector<std::uint8_t> base64_decode(std::string_view text);

// --- Interval log ----------------------------------------------------------------------

/// Writes an interval log. Numbers are written with 3 decimals and a '.', whatever the
/// locale. Throws std::invalid_argument for a bad argument (non-finite time, a tag with a
/// comma, space or line break, a comment with a line break) and std::runtime_error when
/// the stream fails.
class HdrLogWriter {
 public:
  /// Interval_Max is written as histogram.max() / max_value_divisor (the Java writer's
  /// maxValueUnitRatio: 1e6 shows nanosecond histograms in milliseconds).
  explicit HdrLogWriter(std::ostream& out, double max_value_divisor = 1.0);

  /// "#<text>". Readers skip comments.
  void write_comment(std::string_view text);
  /// The format version, "#[StartTime: <s> (seconds since epoch), <UTC date>]", an optional
  /// "#[BaseTime: <s> (seconds since epoch)]" and the legend. start_time_s: seconds since
  /// the epoch; interval start times are then usually relative to it (or to the base time).
  void write_header(double start_time_s, std::optional<double> base_time_s = std::nullopt);
  /// "[Tag=<tag>,]<start_s>,<length_s>,<max>,<base64>". An empty tag writes no tag.
  void write_interval(double start_s, double length_s, const HdrHistogram& histogram,
                      std::string_view tag = {});

 private:
  void check_stream();
  std::ostream& out_;
  double max_value_divisor_;
};

struct HdrLogEntry {
  std::string tag;      // empty when the line has none
  double start_s = 0;   // as logged
  double length_s = 0;  // as logged
  double max = 0;       // the Interval_Max field as logged (scaled by the writer)
  /// The start in seconds since the epoch, by the Java reader's rule: start_s + the base
  /// time, which is the latest BaseTime seen, or where none came before the first interval,
  /// the start time (the latest StartTime, else the first interval's start) when the first
  /// interval starts below it (relative timestamps), else 0 (absolute timestamps).
  double absolute_start_s = 0;
  HdrHistogram histogram;
};

struct HdrLog {
  std::string format_version;          // "1.3", from "#[Histogram log format version 1.3]"
  std::optional<double> start_time_s;  // "#[StartTime: ...]" (the latest one seen)
  std::optional<double> base_time_s;   // "#[BaseTime: ...]" (the latest one seen)
  std::vector<HdrLogEntry> intervals;
};

/// Reads a whole interval log. Lines starting with '#' are comments (StartTime, BaseTime and
/// the format version are picked out of them), a line starting with '"' is the legend, blank
/// lines are skipped, "\r\n" endings are taken. Every other line must be an interval;
/// HdrFormatError("hdr log line N: ...") when one is malformed.
HdrLog read_hdr_log(std::istream& in);

}  // namespace tare::stream

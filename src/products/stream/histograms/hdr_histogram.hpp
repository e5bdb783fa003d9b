// An HDR histogram (Gil Tene's HdrHistogram, written afresh for tare: Debian packages none
// for C++): values from `lowest` to `highest` recorded with `significant_figures` decimal
// digits of precision in a fixed log-linear array of counts. Recording is constant time
// (one count-leading-zeros, two shifts and one increment, inline here) and never allocates,
// so a driver can record millions of latencies per second; percentiles, merging and the
// standard interval-log encoding (hdr_log.hpp) work on the counts.
//
// Recording touches the counts and nothing else: the total, the minimum and the maximum are
// read from the counts when asked for. A running total (as HdrHistogram keeps) is a
// load-add-store on the same word every record, a chain through memory of ~5 cycles that
// doubled the cost of a record; the queries that need them scan the counts anyway.
//
// Layout (HdrHistogram's): sub_bucket_count = 2^ceil(log2(2 * 10^d)), half of it per bucket
// after the first; bucket b covers values with the same highest set bit, at a resolution of
// 2^(b + unit_magnitude), unit_magnitude = floor(log2(lowest)). From half the sub-buckets
// times 2^unit_magnitude up the relative quantisation is at most 1/half < 10^-d; below that
// it is 2^unit_magnitude (<= lowest) units.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace tare::stream {

class HdrHistogram {
 public:
  /// Throws std::invalid_argument unless 1 <= lowest, 2 * lowest <= highest,
  /// 1 <= significant_figures <= 5 and unit_magnitude + log2(half) <= 61 (as HdrHistogram:
  /// a lowest near 2^45 or more leaves too few bits for five figures).
  HdrHistogram(std::int64_t lowest, std::int64_t highest, int significant_figures);

  /// Records `value` (`count` times). Values above `highest` are clamped to it and
  /// counted in out_of_range(); negative values are clamped to 0 and counted too.
  /// A count <= 0 records nothing. Inline: a call across translation units would cost as
  /// much as the recording itself.
  void record(std::int64_t value, std::int64_t count = 1) noexcept {
    // One unsigned comparison catches both negative values and values above highest.
    if (static_cast<std::uint64_t>(value) > static_cast<std::uint64_t>(highest_) || count <= 0)
        [[unlikely]] {
      record_cold(value, count);
      return;
    }
    add_in_range(value, count);
  }
  /// Records `value` and, for a sampler that waits for each answer before asking again
  /// every `expected_interval` (coordinated omission), the values it would have seen while
  /// it waited: value - I, value - 2I, ... down to the last one that is >= I
  /// (HdrHistogram's hdr_record_corrected_value). Those above `highest` are clamped and
  /// counted like any record, all at once, so the cost is at most highest / I records.
  /// No correction when I <= 0.
  void record_corrected(std::int64_t value, std::int64_t expected_interval) noexcept;
  /// Adds every count of `other`, which must have the same lowest, highest and
  /// significant figures (std::invalid_argument otherwise).
  void add(const HdrHistogram& other);
  void reset() noexcept;

  /// The number of values recorded (a sum over the counts: cheap next to a percentile query,
  /// not something to ask for per record).
  std::int64_t total_count() const noexcept;
  std::int64_t out_of_range() const noexcept { return out_of_range_; }
  /// The smallest and largest values recorded, as their equivalent values (0 when empty):
  /// the lowest equivalent of the smallest, the highest equivalent of the largest (as
  /// HdrHistogram; max() is 0 when every count is in the first index, which for lowest = 1
  /// holds only the value 0).
  std::int64_t min() const noexcept;
  std::int64_t max() const noexcept;
  /// Over the midpoints of the recorded values' equivalent ranges (as HdrHistogram); the
  /// population standard deviation. 0 when empty (HdrHistogram gives NaN).
  double mean() const noexcept;
  double stddev() const noexcept;
  /// The value at percentile p in [0, 100] (clamped; NaN reads as 0): the highest value
  /// equivalent to the recorded value of rank max(1, (int64)(p/100 * N + 0.5)), the lowest
  /// for p = 0 (HdrHistogram's hdr_value_at_percentile). 0 when empty.
  /// A scan of the counts up to the value (it adds 16 counts at a time where the rank lies
  /// beyond them).
  std::int64_t value_at_percentile(double p) const noexcept;
  /// value_at_percentile(ps[i]) into out[i] for every i, in one scan of the counts (ps in
  /// any order): a report that wants p50, p90, p99 and p99.9 pays for one p99.9 query.
  /// ps and out must have the same size.
  void values_at_percentiles(std::span<const double> ps, std::span<std::int64_t> out) const noexcept;
  template <std::size_t N>
  std::array<std::int64_t, N> values_at_percentiles(const std::array<double, N>& ps) const noexcept {
    std::array<std::int64_t, N> out{};
    values_at_percentiles(std::span<const double>(ps), std::span<std::int64_t>(out));
    return out;
  }

  // The configuration and the counts, for encoding and decoding (hdr_log.hpp).
  std::int64_t lowest() const noexcept { return lowest_; }
  std::int64_t highest() const noexcept { return highest_; }
  int significant_figures() const noexcept { return significant_figures_; }
  std::size_t counts_length() const noexcept { return counts_.size(); }
  std::int64_t count_at_index(std::size_t index) const noexcept { return counts_[index]; }
  /// Adds `count` at `index` (decoding). An index >= counts_length() is ignored: decoders
  /// check it first. The percentile queries assume
  /// no count goes negative (decoding adds only positive counts).
  void add_at_index(std::size_t index, std::int64_t count) noexcept;
  /// The index `value` is counted at, clamped to [0, highest] as record() does.
  std::size_t index_of(std::int64_t value) const noexcept;
  /// The lowest value that shares `index` (< counts_length(); larger ones are read as the
  /// last), and the width of the values equivalent to `value`.
  std::int64_t value_at_index(std::size_t index) const noexcept;
  std::int64_t size_of_equivalent_range(std::int64_t value) const noexcept;
  /// Values that share an index are equivalent: the lowest and highest of them.
  std::int64_t lowest_equivalent(std::int64_t value) const noexcept;
  std::int64_t highest_equivalent(std::int64_t value) const noexcept;
  /// The memory the counts take.
  std::size_t footprint_bytes() const noexcept { return counts_.size() * sizeof(std::int64_t); }

 private:
  // The index of 0 <= value <= highest: with shift = bucket + unit_magnitude (the highest
  // set bit of value | mask, less the sub-bucket bits), index = (bucket + 1) * half +
  // (value >> shift) - half = shift * half + (value >> shift) - index_offset_. Written for
  // the fewest instructions: clz ^ 63 is one bsr (__builtin_clzll, not std::countl_zero,
  // because mask != 0 rules out the zero case and its branch), and the multiply is one
  // instruction where a shift by a variable count is several without BMI2.
  std::size_t index_in_range(std::int64_t value) const noexcept {
    const int shift = (__builtin_clzll(static_cast<std::uint64_t>(value | sub_bucket_mask_)) ^ 63) -
                      sub_bucket_half_count_magnitude_;
    return static_cast<std::size_t>(shift * sub_bucket_half_count_ + (value >> shift) - index_offset_);
  }
  void add_in_range(std::int64_t value, std::int64_t count) noexcept {
    counts_[index_in_range(value)] += count;
  }
  // Out of range or count <= 0: kept out of line so that record() stays small.
  [[gnu::cold, gnu::noinline]] void record_cold(std::int64_t value, std::int64_t count) noexcept;
  // The value reported for percentile p at `index` (or for no index: index == counts size).
  std::int64_t reported_value(std::size_t index, double p) const noexcept;

  std::int64_t lowest_, highest_;
  int significant_figures_;
  int unit_magnitude_ = 0;
  int sub_bucket_half_count_magnitude_ = 0;
  std::int64_t sub_bucket_count_ = 0, sub_bucket_half_count_ = 0;
  std::int64_t sub_bucket_mask_ = 0;
  std::int64_t index_offset_ = 0;  // unit_magnitude * half (see index_in_range)
  int bucket_count_ = 0;
  std::vector<std::int64_t> counts_;
  std::int64_t out_of_range_ = 0;
};

}  // namespace tare::stream

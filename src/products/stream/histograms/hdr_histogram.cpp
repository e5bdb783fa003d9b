// HdrHistogram's log-linear layout, written afresh for tare (see hdr_histogram.hpp).
//
// A value v maps to a bucket b (which power of two above the sub-bucket range it lies in)
// and a sub-bucket s (its top half_magnitude + 1 significant bits):
//   b = bit_width(v | sub_bucket_mask) - unit_magnitude - (half_magnitude + 1)
//   s = v >> (b + unit_magnitude)                       (in [0, sub_bucket_count))
//   index = (b + 1) * half + (s - half)
// Bucket 0 uses all sub_bucket_count sub-buckets; every later bucket only its upper half
// (the lower half would repeat the previous bucket at a coarser resolution), so the counts
// take (bucket_count + 1) * half entries.
#include "stream/histograms/hdr_histogram.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace tare::stream {

namespace {

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

// std::bit_width as an int (libstdc++ 12 returns the argument's type).
inline int bit_width64(std::uint64_t x) noexcept { return static_cast<int>(std::bit_width(x)); }

// Bucket of a non-negative value (as HdrHistogram's get_bucket_index).
inline int bucket_of(std::int64_t value, std::int64_t mask, int unit_magnitude,
                     int half_magnitude) noexcept {
  const int pow2ceiling =
      bit_width64(static_cast<std::uint64_t>(value) | static_cast<std::uint64_t>(mask));
  return pow2ceiling - unit_magnitude - (half_magnitude + 1);
}

// Smallest k with (sub_bucket_count << unit_magnitude) * 2^(k-1) > highest, without
// overflowing (HdrHistogram's buckets_needed_to_cover_value).
int buckets_to_cover(std::int64_t highest, std::int64_t sub_bucket_count, int unit_magnitude) {
  std::int64_t smallest_untrackable = sub_bucket_count << unit_magnitude;
  int buckets = 1;
  while (smallest_untrackable <= highest) {
    if (smallest_untrackable > kInt64Max / 2) return buckets + 1;  // the next would be 2^63
    smallest_untrackable <<= 1;
    ++buckets;
  }
  return buckets;
}

// hdr_value_at_percentile's rank for p (clamped to [0, 100], NaN as 0) among `total`
// values: (int64)(p / 100 * total + 0.5), rounded half up, at least 1.
std::int64_t rank_at(double p, std::int64_t total) noexcept {
  if (!(p > 0.0)) p = 0.0;  // negative or NaN
  const double requested = p < 100.0 ? p : 100.0;
  const auto rank = static_cast<std::int64_t>((requested / 100.0) * static_cast<double>(total) + 0.5);
  return std::max<std::int64_t>(rank, 1);
}

// The first index >= `from` at which `cumulative` (the sum of the counts before `from`)
// reaches `target`, with cumulative then including that index's count; counts.size() if
// none does. Whole blocks of 16 counts whose sum leaves the target unreached are added at
// once (a sum the compiler vectorises, with one branch per block rather than per count):
// exact because counts are never negative, so a running sum below the target at a block's
// end was below it throughout.
std::size_t scan_to(const std::vector<std::int64_t>& counts, std::size_t from,
                    std::int64_t& cumulative, std::int64_t target) noexcept {
  constexpr std::size_t kBlock = 16;
  const std::int64_t* c = counts.data();
  std::size_t i = from;
  for (; i + kBlock <= counts.size(); i += kBlock) {
    std::int64_t block = 0;
    for (std::size_t k = 0; k < kBlock; ++k) block += c[i + k];
    if (cumulative + block >= target) break;
    cumulative += block;
  }
  for (; i < counts.size(); ++i) {
    cumulative += c[i];
    if (cumulative >= target) return i;
  }
  return counts.size();
}

}  // namespace

HdrHistogram::HdrHistogram(std::int64_t lowest, std::int64_t highest, int significant_figures)
    : lowest_(lowest), highest_(highest), significant_figures_(significant_figures) {
  if (lowest < 1)
    throw std::invalid_argument("HdrHistogram: lowest must be >= 1, got " + std::to_string(lowest));
  if (highest / 2 < lowest)  // 2 * lowest <= highest, without overflow
    throw std::invalid_argument("HdrHistogram: highest (" + std::to_string(highest) +
                                ") must be at least 2 * lowest (" + std::to_string(lowest) + ")");
  if (significant_figures < 1 || significant_figures > 5)
    throw std::invalid_argument("HdrHistogram: significant figures must be in 1..5, got " +
                                std::to_string(significant_figures));

  // sub_bucket_count = 2^ceil(log2(2 * 10^d)), in integers (2 * 10^d is never a power of 2).
  std::int64_t largest_single_unit = 2;
  for (int i = 0; i < significant_figures; ++i) largest_single_unit *= 10;
  const int sub_bucket_count_magnitude = bit_width64(static_cast<std::uint64_t>(largest_single_unit - 1));
  sub_bucket_half_count_magnitude_ = std::max(sub_bucket_count_magnitude, 1) - 1;
  // floor(log2(lowest)), exactly (HdrHistogram computes it in floating point, which agrees
  // for every lowest below 2^48 - 1).
  unit_magnitude_ = bit_width64(static_cast<std::uint64_t>(lowest)) - 1;
  if (unit_magnitude_ + sub_bucket_half_count_magnitude_ > 61)
    throw std::invalid_argument(
        "HdrHistogram: lowest " + std::to_string(lowest) + " with " +
        std::to_string(significant_figures) + " significant figures does not fit in 64 bits");
  sub_bucket_count_ = std::int64_t{1} << (sub_bucket_half_count_magnitude_ + 1);
  sub_bucket_half_count_ = sub_bucket_count_ / 2;
  sub_bucket_mask_ = (sub_bucket_count_ - 1) << unit_magnitude_;
  index_offset_ = std::int64_t{unit_magnitude_} << sub_bucket_half_count_magnitude_;
  bucket_count_ = buckets_to_cover(highest, sub_bucket_count_, unit_magnitude_);
  counts_.assign(static_cast<std::size_t>(bucket_count_ + 1) *
                     static_cast<std::size_t>(sub_bucket_half_count_),
                 0);
}

std::size_t HdrHistogram::index_of(std::int64_t value) const noexcept {
  return index_in_range(std::clamp<std::int64_t>(value, 0, highest_));
}

void HdrHistogram::record_cold(std::int64_t value, std::int64_t count) noexcept {
  if (count <= 0) return;
  if (value > highest_ || value < 0) {
    value = value < 0 ? 0 : highest_;
    out_of_range_ += count;
  }
  add_in_range(value, count);
}

void HdrHistogram::record_corrected(std::int64_t value, std::int64_t expected_interval) noexcept {
  record(value);
  if (expected_interval <= 0 || value <= expected_interval) return;
  const std::int64_t interval = expected_interval;
  std::int64_t missing = value - interval;
  // The missing values above `highest` would all be clamped to it: record them at once,
  // so the loop below runs at most highest / interval times, whatever `value` is.
  if (missing > highest_) {
    const std::int64_t over = (missing - highest_ - 1) / interval + 1;  // missing - k*I > highest
    out_of_range_ += over;
    record(highest_, over);
    missing -= over * interval;
  }
  for (; missing >= interval; missing -= interval) record(missing);
}

void HdrHistogram::add(const HdrHistogram& other) {
  if (other.lowest_ != lowest_ || other.highest_ != highest_ ||
      other.significant_figures_ != significant_figures_)
    throw std::invalid_argument(
        "HdrHistogram::add: configurations differ (" + std::to_string(lowest_) + ".." +
        std::to_string(highest_) + ", " + std::to_string(significant_figures_) + " figures vs " +
        std::to_string(other.lowest_) + ".." + std::to_string(other.highest_) + ", " +
        std::to_string(other.significant_figures_) + " figures)");
  for (std::size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
  out_of_range_ += other.out_of_range_;
}

void HdrHistogram::reset() noexcept {
  std::fill(counts_.begin(), counts_.end(), 0);
  out_of_range_ = 0;
}

std::int64_t HdrHistogram::total_count() const noexcept {
  // Four sums: one add per cycle is a chain, four run side by side (2x faster here).
  std::int64_t sums[4] = {0, 0, 0, 0};
  const std::size_t n = counts_.size();
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4)
    for (std::size_t k = 0; k < 4; ++k) sums[k] += counts_[i + k];
  for (; i < n; ++i) sums[0] += counts_[i];
  return sums[0] + sums[1] + sums[2] + sums[3];
}

std::int64_t HdrHistogram::min() const noexcept {
  // hdr_min: 0 when index 0 holds counts, else the lowest equivalent of the smallest value.
  const auto first = std::find_if(counts_.begin(), counts_.end(), [](std::int64_t c) { return c != 0; });
  if (first == counts_.end()) return 0;
  return lowest_equivalent(value_at_index(static_cast<std::size_t>(first - counts_.begin())));
}

std::int64_t HdrHistogram::max() const noexcept {
  const auto last = std::find_if(counts_.rbegin(), counts_.rend(), [](std::int64_t c) { return c != 0; });
  if (last == counts_.rend() || last == std::prev(counts_.rend())) return 0;  // as hdr_max for 0
  return highest_equivalent(value_at_index(static_cast<std::size_t>(counts_.rend() - last - 1)));
}

double HdrHistogram::mean() const noexcept {
  const std::int64_t total = total_count();
  if (total <= 0) return 0.0;
  double sum = 0.0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    if (counts_[i] == 0) continue;
    const std::int64_t value = value_at_index(i);
    const double median = static_cast<double>(value + (size_of_equivalent_range(value) >> 1));
    sum += static_cast<double>(counts_[i]) * median;
  }
  return sum / static_cast<double>(total);
}

double HdrHistogram::stddev() const noexcept {
  const std::int64_t total = total_count();
  if (total <= 0) return 0.0;
  const double m = mean();
  double deviations = 0.0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    if (counts_[i] == 0) continue;
    const std::int64_t value = value_at_index(i);
    const double dev =
        static_cast<double>(value + (size_of_equivalent_range(value) >> 1)) - m;
    deviations += dev * dev * static_cast<double>(counts_[i]);
  }
  return std::sqrt(deviations / static_cast<double>(total));
}

std::int64_t HdrHistogram::value_at_percentile(double p) const noexcept {
  const std::int64_t total = total_count();
  if (total <= 0) return 0;
  std::int64_t cumulative = 0;
  const std::size_t index = scan_to(counts_, 0, cumulative, rank_at(p, total));
  return reported_value(index, p);
}

void HdrHistogram::values_at_percentiles(std::span<const double> ps,
                                         std::span<std::int64_t> out) const noexcept {
  const std::size_t n = std::min(ps.size(), out.size());
  const std::int64_t total = total_count();
  if (total <= 0) {
    std::fill_n(out.begin(), n, 0);
    return;
  }
  // What value_at_percentile gives when no index reaches the rank.
  for (std::size_t j = 0; j < n; ++j) out[j] = reported_value(counts_.size(), ps[j]);
  // Each round scans on to the smallest rank not yet reached and answers every percentile
  // whose rank the index reached; ranks are recomputed, not stored, to need no allocation.
  std::int64_t cumulative = 0;
  std::size_t index = 0;
  for (;;) {
    std::int64_t next = kInt64Max;
    for (std::size_t j = 0; j < n; ++j) {
      const std::int64_t rank = rank_at(ps[j], total);
      if (rank > cumulative) next = std::min(next, rank);
    }
    if (next == kInt64Max) return;
    index = scan_to(counts_, index, cumulative, next);
    if (index == counts_.size()) return;
    const std::int64_t before = cumulative - counts_[index];
    for (std::size_t j = 0; j < n; ++j) {
      const std::int64_t rank = rank_at(ps[j], total);
      if (rank > before && rank <= cumulative) out[j] = reported_value(index, ps[j]);
    }
    ++index;
  }
}

std::int64_t HdrHistogram::reported_value(std::size_t index, double p) const noexcept {
  const std::int64_t value = index < counts_.size() ? value_at_index(index) : 0;
  return p > 0.0 ? highest_equivalent(value) : lowest_equivalent(value);  // NaN as p = 0
}

void HdrHistogram::add_at_index(std::size_t index, std::int64_t count) noexcept {
  if (index >= counts_.size() || count == 0) return;
  counts_[index] += count;
}

std::int64_t HdrHistogram::value_at_index(std::size_t index) const noexcept {
  if (counts_.empty()) return 0;
  index = std::min(index, counts_.size() - 1);
  const auto i = static_cast<std::int64_t>(index);
  std::int64_t bucket = (i >> sub_bucket_half_count_magnitude_) - 1;
  std::int64_t sub_bucket = (i & (sub_bucket_half_count_ - 1)) + sub_bucket_half_count_;
  if (bucket < 0) {  // the lower half of bucket 0
    sub_bucket -= sub_bucket_half_count_;
    bucket = 0;
  }
  return sub_bucket << (bucket + unit_magnitude_);
}

std::int64_t HdrHistogram::size_of_equivalent_range(std::int64_t value) const noexcept {
  value = std::max<std::int64_t>(value, 0);
  const int b = bucket_of(value, sub_bucket_mask_, unit_magnitude_,
                          sub_bucket_half_count_magnitude_);
  // (HdrHistogram also moves to the next bucket when the sub-bucket reaches
  // sub_bucket_count, which the bucket formula never produces.)
  return std::int64_t{1} << (unit_magnitude_ + b);
}

std::int64_t HdrHistogram::lowest_equivalent(std::int64_t value) const noexcept {
  value = std::max<std::int64_t>(value, 0);
  const int b = bucket_of(value, sub_bucket_mask_, unit_magnitude_,
                          sub_bucket_half_count_magnitude_);
  const int shift = b + unit_magnitude_;
  return (value >> shift) << shift;
}

std::int64_t HdrHistogram::highest_equivalent(std::int64_t value) const noexcept {
  // lowest + (width - 1): cannot overflow, even for the range that ends at INT64_MAX.
  return lowest_equivalent(value) + (size_of_equivalent_range(value) - 1);
}

}  // namespace tare::stream

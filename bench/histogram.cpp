// The HDR histogram's costs, measured with tare: ns per record of a random latency (1 ns ..
// 60 s, 2 or 3 significant figures), the values drawn beforehand so that only the recording
// is timed, 64 records per call as a driver records a batch (`read` times the same loop
// without the record: the value fetch's share); and the percentile queries on the filled
// histogram: one p50, one p99, and the p50/p90/p99/p99.9 a per-window report asks for, as
// four queries and in one scan.
// Run: build/bench/tare_histogram
#include <tare/tare.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "stream/histograms/hdr_histogram.hpp"

namespace {

struct Recording {
  explicit Recording(const tare::Params& params)
      : histogram(1, 60'000'000'000, params.get<int>("digits")), values(1 << 16) {
    std::mt19937_64 rng(42);
    // Log-uniform over 1 ns .. 60 s: every bucket of the histogram gets used.
    for (auto& v : values) v = static_cast<std::int64_t>(std::exp2(static_cast<double>(rng() % 3500) / 100.0));
    for (auto v : values) histogram.record(v);  // a filled histogram for the percentile query
  }
  tare::stream::HdrHistogram histogram;
  std::vector<std::int64_t> values;
  std::size_t next = 0;
};

constexpr std::array kReportPercentiles{50.0, 90.0, 99.0, 99.9};
constexpr std::size_t kBatch = 64;

// The batch's position is read once and written once per call: kept in the state and
// advanced per record, it would be a load and a store through memory on every record (the
// counts are int64 and may alias it), a chain this loop would time as the record's cost.
template <class Each>
void for_batch(Recording& r, Each each) {
  const std::size_t first = r.next;
  r.next = first + kBatch;
  for (std::size_t i = 0; i < kBatch; ++i) each(r.values[(first + i) & 0xffff]);
}

}  // namespace

TARE_BENCHMARKS {
  tare::group<Recording>("hdr")
      .param("digits", {2, 3})
      .ops_per_invocation(kBatch)
      .bench("read", [](Recording& r) {
        std::int64_t sum = 0;
        for_batch(r, [&](std::int64_t v) { sum += v; });
        return sum;
      })
      .bench("record", [](Recording& r) {
        for_batch(r, [&](std::int64_t v) { r.histogram.record(v); });
      });
  tare::group<Recording>("hdr")
      .param("digits", {2, 3})
      .bench("value_at_p50", [](Recording& r) { return r.histogram.value_at_percentile(50.0); })
      .bench("value_at_p99", [](Recording& r) { return r.histogram.value_at_percentile(99.0); })
      .bench("four_queries", [](Recording& r) {
        std::int64_t sum = 0;
        for (double p : kReportPercentiles) sum += r.histogram.value_at_percentile(p);
        return sum;
      })
      .bench("four_in_one_scan", [](Recording& r) {
        const auto values = r.histogram.values_at_percentiles(kReportPercentiles);
        return values[0] + values[1] + values[2] + values[3];
      });
}

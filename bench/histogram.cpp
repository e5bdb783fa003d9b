// The HDR histogram's recording cost, measured with tare: ns per record of a random latency
// (1 ns .. 60 s, 2 or 3 significant figures), the values drawn beforehand so that only the
// recording is timed; and the cost of a p99 query on the filled histogram.
// Run: build/bench/tare_histogram
#include <tare/tare.hpp>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "stream/hdr_histogram.hpp"

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

}  // namespace

TARE_BENCHMARKS {
  tare::group<Recording>("hdr")
      .param("digits", {2, 3})
      .bench("record", [](Recording& r) {
        r.histogram.record(r.values[r.next++ & 0xffff]);
      })
      .bench("value_at_p99", [](Recording& r) { return r.histogram.value_at_percentile(99.0); });
}

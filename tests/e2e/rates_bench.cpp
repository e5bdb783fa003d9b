// Known amounts per operation for the items/s and bytes/s reports (rates_test.cpp), and
// the stale-input warning's cases: a reset per sample before an operation that changes
// the state (warns), one that takes it const (does not), and one reset per call (does not).
#include <tare/tare.hpp>

#include <cstddef>
#include <numeric>
#include <vector>

namespace {

struct Values {
  explicit Values(const tare::Params& p) : values(p.get<std::size_t>("n"), 1) {}
  std::vector<int> values;
  std::vector<int> work;
};

}  // namespace

TARE_BENCHMARKS {
  tare::group<Values>("rated")
      .param("n", {64})
      .items_per_op("n")
      .bytes_per_op("n", sizeof(int))
      .bench("sum", [](const Values& v) { return std::accumulate(v.values.begin(), v.values.end(), 0); });
  tare::group<Values>("reset")
      .param("n", {64})
      .before_sample([](Values& v) { v.work = v.values; })
      .bench("per_sample", [](Values& v) { v.work.back() += 1; })
      .bench("const_op", [](const Values& v) { return v.work.back(); })
      .before_each([](Values& v) { v.work = v.values; })
      .bench("per_call", [](Values& v) { v.work.back() += 1; });
}

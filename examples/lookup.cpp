// Linear against binary search over a sorted array. The array is built in
// trial setup (the state's constructor, once per fork), so its construction is not timed:
// this measures "lookup in an existing structure". The key is the last element, the
// linear search's worst case.
#include <tare/tare.hpp>

#include <algorithm>
#include <vector>

namespace {

struct SortedArray {
  std::vector<int> values;
  int key;
  explicit SortedArray(const tare::Params& p) : values(p.get<std::size_t>("size")) {
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<int>(i * 2);
    key = values.back();
  }
};

long linear_search(const std::vector<int>& values, int key) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i] == key) return static_cast<long>(i);
  return -1;
}

long binary_search(const std::vector<int>& values, int key) {
  const auto it = std::lower_bound(values.begin(), values.end(), key);
  return it != values.end() && *it == key ? it - values.begin() : -1;
}

}  // namespace

TARE_BENCHMARKS {
  tare::group<SortedArray>("lookup")
      .param("size", {16, 1024, 65536})
      .baseline("linear")  // binary search is also reported as a ratio to linear search
      .bench("linear", [](SortedArray& s) { return linear_search(s.values, tare::opaque(s.key)); })
      .bench("binary", [](SortedArray& s) { return binary_search(s.values, tare::opaque(s.key)); });
}

// The sort pitfall: an operation that uses up its input (sorting sorts it) needs fresh input
// for every call. Reset once per sample (before_sample), only the sample's first call sorts
// shuffled numbers and every later one sorts sorted numbers, so the score is mostly the
// cost of a sorted pass: tare warns ("input reset per sample only"). Reset before every
// call (before_each), each call sorts shuffled numbers; the copy is untimed, and timing each
// call on its own costs a clock-read pair (reported as timer_cost_ns_per_op).
#include <tare/tare.hpp>

#include <algorithm>
#include <cstddef>
#include <random>
#include <vector>

namespace {

struct Shuffled {
  explicit Shuffled(const tare::Params& p) : original(p.get<std::size_t>("size")) {
    std::mt19937 random(42);
    for (int& value : original) value = static_cast<int>(random());
    work = original;
  }
  std::vector<int> original;  // never changed: what every reset copies
  std::vector<int> work;      // what the operation sorts
};

void refill(Shuffled& s) { s.work = s.original; }
void sort_work(Shuffled& s) { std::sort(s.work.begin(), s.work.end()); }

}  // namespace

TARE_BENCHMARKS {
  // Wrong for a sort: one reset per sample.
  tare::group<Shuffled>("sort")
      .param("size", {1000})
      .items_per_op("size")
      .before_sample(refill)
      .bench("reset_per_sample", [](Shuffled& s) { sort_work(s); });
  // Right: a reset before every call.
  tare::group<Shuffled>("sort")
      .param("size", {1000})
      .items_per_op("size")
      .before_each(refill)
      .bench("reset_per_call", [](Shuffled& s) { sort_work(s); });
}

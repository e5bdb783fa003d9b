#include "families.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <thread>

#include "access.hpp"

namespace tare::gbench {
namespace {

// The powers of `multiplier` (1, m, m², ...) in [lo, hi], for 0 < lo <= hi.
void add_powers(std::vector<std::int64_t>& out, std::int64_t lo, std::int64_t hi, int multiplier) {
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  for (std::int64_t i = 1; i <= hi; i *= multiplier) {
    if (i >= lo) out.push_back(i);
    if (i > kMax / multiplier) break;  // the next power would overflow
  }
}

}  // namespace

std::vector<std::unique_ptr<benchmark::internal::Benchmark>>& families() {
  static std::vector<std::unique_ptr<benchmark::internal::Benchmark>> all;
  return all;
}

std::vector<std::int64_t> range(std::int64_t lo, std::int64_t hi, int multiplier) {
  if (lo > hi || multiplier < 2) throw std::invalid_argument("Range: needs lo <= hi and a multiplier of at least 2");
  std::vector<std::int64_t> out{lo};
  if (lo == hi) return out;
  if (lo + 1 == hi) {
    out.push_back(hi);
    return out;
  }
  const std::int64_t inner_lo = lo + 1, inner_hi = hi - 1;
  if (inner_lo < 0) {
    // Negative powers, mirrored: -m^k ... -1, in increasing order.
    std::vector<std::int64_t> negative;
    add_powers(negative, -std::min<std::int64_t>(inner_hi, -1), -inner_lo, multiplier);
    for (auto it = negative.rbegin(); it != negative.rend(); ++it) out.push_back(-*it);
  }
  if (lo < 0 && hi >= 0) out.push_back(0);
  if (inner_hi > 0) add_powers(out, std::max<std::int64_t>(inner_lo, 1), inner_hi, multiplier);
  if (out.back() != hi) out.push_back(hi);
  return out;
}

std::vector<std::int64_t> dense_range(std::int64_t start, std::int64_t limit, int step) {
  if (start > limit || step <= 0) throw std::invalid_argument("DenseRange: needs start <= limit and a positive step");
  std::vector<std::int64_t> out;
  for (std::int64_t v = start; v <= limit; v += step) out.push_back(v);
  return out;
}

}  // namespace tare::gbench

namespace benchmark {

std::vector<std::int64_t> CreateRange(std::int64_t lo, std::int64_t hi, int multi) {
  return tare::gbench::range(lo, hi, multi);
}
std::vector<std::int64_t> CreateDenseRange(std::int64_t start, std::int64_t limit, int step) {
  return tare::gbench::dense_range(start, limit, step);
}

namespace internal {

Benchmark::Benchmark(const char* name)
    : name_(name),
      time_unit_(kNanosecond),
      use_default_time_unit_(true),
      range_multiplier_(8),
      min_time_(0),
      min_warmup_time_(0),
      iterations_(0),
      repetitions_(0),
      aggregation_report_mode_(ARM_Unspecified),
      measure_process_cpu_time_(false),
      use_real_time_(false),
      use_manual_time_(false),
      complexity_(oNone),
      complexity_lambda_(nullptr),
      setup_(nullptr),
      teardown_(nullptr) {}
Benchmark::~Benchmark() = default;

void Benchmark::SetName(const char* name) { name_ = name; }
int Benchmark::ArgsCnt() const {
  if (args_.empty()) return arg_names_.empty() ? -1 : static_cast<int>(arg_names_.size());
  return static_cast<int>(args_.front().size());
}
Benchmark* Benchmark::Name(const std::string& name) {
  name_ = name;
  return this;
}
Benchmark* Benchmark::Arg(std::int64_t x) {
  args_.push_back({x});
  return this;
}
Benchmark* Benchmark::Unit(TimeUnit unit) {
  time_unit_ = unit;
  use_default_time_unit_ = false;
  return this;
}
Benchmark* Benchmark::Range(std::int64_t start, std::int64_t limit) {
  for (std::int64_t v : tare::gbench::range(start, limit, range_multiplier_)) args_.push_back({v});
  return this;
}
Benchmark* Benchmark::DenseRange(std::int64_t start, std::int64_t limit, int step) {
  for (std::int64_t v : tare::gbench::dense_range(start, limit, step)) args_.push_back({v});
  return this;
}
Benchmark* Benchmark::Args(const std::vector<std::int64_t>& args) {
  args_.push_back(args);
  return this;
}
Benchmark* Benchmark::Ranges(const std::vector<std::pair<std::int64_t, std::int64_t>>& ranges) {
  std::vector<std::vector<std::int64_t>> lists;
  for (const auto& [lo, hi] : ranges) lists.push_back(tare::gbench::range(lo, hi, range_multiplier_));
  return ArgsProduct(lists);
}
// The cartesian product, the first list varying fastest (as Google Benchmark orders it).
Benchmark* Benchmark::ArgsProduct(const std::vector<std::vector<std::int64_t>>& lists) {
  if (lists.empty() || std::any_of(lists.begin(), lists.end(), [](const auto& l) { return l.empty(); })) return this;
  std::vector<std::size_t> index(lists.size(), 0);
  for (;;) {
    std::vector<std::int64_t> tuple;
    for (std::size_t i = 0; i < lists.size(); ++i) tuple.push_back(lists[i][index[i]]);
    args_.push_back(std::move(tuple));
    std::size_t i = 0;
    while (i < lists.size() && ++index[i] == lists[i].size()) index[i++] = 0;
    if (i == lists.size()) return this;  // every index wrapped: done
  }
}
Benchmark* Benchmark::ArgName(const std::string& name) {
  arg_names_ = {name};
  return this;
}
Benchmark* Benchmark::ArgNames(const std::vector<std::string>& names) {
  arg_names_ = names;
  return this;
}
Benchmark* Benchmark::Apply(void (*func)(Benchmark*)) {
  func(this);
  return this;
}
Benchmark* Benchmark::Setup(void (*setup)(const State&)) {
  setup_ = setup;
  return this;
}
Benchmark* Benchmark::Teardown(void (*teardown)(const State&)) {
  teardown_ = teardown;
  return this;
}
Benchmark* Benchmark::RangeMultiplier(int multiplier) {
  range_multiplier_ = multiplier;
  return this;
}
Benchmark* Benchmark::MinTime(double t) {
  min_time_ = t;
  return this;
}
Benchmark* Benchmark::MinWarmUpTime(double t) {
  min_warmup_time_ = t;
  return this;
}
Benchmark* Benchmark::Iterations(IterationCount n) {
  iterations_ = n;
  return this;
}
Benchmark* Benchmark::Repetitions(int n) {
  repetitions_ = n;
  return this;
}
Benchmark* Benchmark::ReportAggregatesOnly(bool value) {
  aggregation_report_mode_ = value ? ARM_ReportAggregatesOnly : ARM_Default;
  return this;
}
Benchmark* Benchmark::DisplayAggregatesOnly(bool value) {
  // Leaves the file report's setting as it was.
  const unsigned file = aggregation_report_mode_ & ARM_FileReportAggregatesOnly;
  aggregation_report_mode_ =
      static_cast<AggregationReportMode>(ARM_Default | file | (value ? ARM_DisplayReportAggregatesOnly : 0u));
  return this;
}
Benchmark* Benchmark::MeasureProcessCPUTime() {
  measure_process_cpu_time_ = true;
  return this;
}
Benchmark* Benchmark::UseRealTime() {
  use_real_time_ = true;
  return this;
}
Benchmark* Benchmark::UseManualTime() {
  use_manual_time_ = true;
  return this;
}
Benchmark* Benchmark::Complexity(BigO complexity) {
  complexity_ = complexity;
  return this;
}
Benchmark* Benchmark::Complexity(BigOFunc* complexity) {
  complexity_lambda_ = complexity;
  complexity_ = oLambda;
  return this;
}
Benchmark* Benchmark::ComputeStatistics(const std::string& name, StatisticsFunc* statistics, StatisticUnit unit) {
  statistics_.push_back(Statistics(name, statistics, unit));
  return this;
}
Benchmark* Benchmark::Threads(int t) {
  thread_counts_.push_back(t);
  return this;
}
Benchmark* Benchmark::ThreadRange(int min_threads, int max_threads) {
  // Google Benchmark's Range with multiplier 2: min, the powers of 2 between, max.
  for (std::int64_t t : tare::gbench::range(min_threads, max_threads, 2)) thread_counts_.push_back(static_cast<int>(t));
  return this;
}
Benchmark* Benchmark::DenseThreadRange(int min_threads, int max_threads, int stride) {
  for (int t = min_threads; t < max_threads; t += stride) thread_counts_.push_back(t);
  thread_counts_.push_back(max_threads);
  return this;
}
Benchmark* Benchmark::ThreadPerCpu() {
  thread_counts_.push_back(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  return this;
}
TimeUnit Benchmark::GetTimeUnit() const { return time_unit_; }

Benchmark* RegisterBenchmarkInternal(Benchmark* benchmark) {
  tare::gbench::families().emplace_back(benchmark);
  return benchmark;
}

}  // namespace internal

void ClearRegisteredBenchmarks() { tare::gbench::families().clear(); }
}  // namespace benchmark

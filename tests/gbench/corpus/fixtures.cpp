// Corpus: fixtures. Covers benchmark::Fixture with SetUp/TearDown in both overloads GB 1.7.1
// declares (const State& and State&), BENCHMARK_F, BENCHMARK_DEFINE_F + BENCHMARK_REGISTER_F
// (with Args), BENCHMARK_TEMPLATE_F and BENCHMARK_TEMPLATE_DEFINE_F.
// No main: linked with the *_main target.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <numeric>
#include <vector>

// Overrides the const State& overloads.
class ConstFixture : public benchmark::Fixture {
 public:
  using benchmark::Fixture::SetUp;
  using benchmark::Fixture::TearDown;
  void SetUp(const benchmark::State& state) override {
    data.assign(static_cast<std::size_t>(state.range(0) > 0 ? state.range(0) : 8), 1);
  }
  void TearDown(const benchmark::State&) override { data.clear(); }
  std::vector<int> data;
};

// Overrides the State& overloads.
class MutableFixture : public benchmark::Fixture {
 public:
  using benchmark::Fixture::SetUp;
  using benchmark::Fixture::TearDown;
  void SetUp(benchmark::State& state) override {
    value = 7;
    if (state.thread_index() != 0) state.SkipWithError("single-threaded fixture");
  }
  void TearDown(benchmark::State&) override { value = 0; }
  std::int64_t value = 0;
};

// BENCHMARK_F: define and register at once.
BENCHMARK_F(MutableFixture, Plain)(benchmark::State& state) {
  if (value != 7) state.SkipWithError("SetUp(State&) was not called");
  for (auto _ : state) benchmark::DoNotOptimize(value * 3);
}

// BENCHMARK_DEFINE_F + BENCHMARK_REGISTER_F, with arguments.
BENCHMARK_DEFINE_F(ConstFixture, Sum)(benchmark::State& state) {
  if (data.empty()) state.SkipWithError("SetUp(const State&) was not called");
  for (auto _ : state) benchmark::DoNotOptimize(std::accumulate(data.begin(), data.end(), 0));
}
BENCHMARK_REGISTER_F(ConstFixture, Sum)->Arg(8)->Arg(64);
BENCHMARK_REGISTER_F(ConstFixture, Sum)->Args({16})->Iterations(10);

BENCHMARK_DEFINE_F(MutableFixture, WithArgs)(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(value + state.range(0) + state.range(1));
}
BENCHMARK_REGISTER_F(MutableFixture, WithArgs)->Args({1, 2})->Args({3, 4})->ArgNames({"x", "y"});

// Templated fixtures.
template <typename T>
class TemplateFixture : public benchmark::Fixture {
 public:
  using benchmark::Fixture::SetUp;
  using benchmark::Fixture::TearDown;
  void SetUp(const benchmark::State&) override { data.assign(16, T(2)); }
  void TearDown(const benchmark::State&) override { data.clear(); }
  std::vector<T> data;
};

BENCHMARK_TEMPLATE_F(TemplateFixture, IntSum, int)(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(std::accumulate(data.begin(), data.end(), 0));
}

BENCHMARK_TEMPLATE_DEFINE_F(TemplateFixture, DoubleSum, double)(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(std::accumulate(data.begin(), data.end(), 0.0));
}
BENCHMARK_REGISTER_F(TemplateFixture, DoubleSum)->Arg(1)->Arg(2);

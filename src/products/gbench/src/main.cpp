// tare::gbench_main: Google Benchmark's benchmark_main, for sources without a main().
#include <benchmark/benchmark.h>

BENCHMARK_MAIN();

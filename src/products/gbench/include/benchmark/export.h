// Google Benchmark's export macros, for a static library: tare::gbench is always linked
// statically, so nothing is exported or hidden; the deprecation markers keep their meaning.
#ifndef BENCHMARK_EXPORT_H
#define BENCHMARK_EXPORT_H

#ifndef BENCHMARK_EXPORT
#define BENCHMARK_EXPORT
#endif
#ifndef BENCHMARK_NO_EXPORT
#define BENCHMARK_NO_EXPORT
#endif
#ifndef BENCHMARK_DEPRECATED
#define BENCHMARK_DEPRECATED __attribute__((__deprecated__))
#endif
#ifndef BENCHMARK_DEPRECATED_EXPORT
#define BENCHMARK_DEPRECATED_EXPORT BENCHMARK_EXPORT BENCHMARK_DEPRECATED
#endif
#ifndef BENCHMARK_DEPRECATED_NO_EXPORT
#define BENCHMARK_DEPRECATED_NO_EXPORT BENCHMARK_NO_EXPORT BENCHMARK_DEPRECATED
#endif

#endif  // BENCHMARK_EXPORT_H

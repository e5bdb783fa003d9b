// The clock read by the timed loops. It is inline so that the loop compiled into the
// user's translation unit reads it directly; which source it reads (the invariant TSC or
// CLOCK_MONOTONIC) is chosen once at start-up by the library, and ticks are converted to
// nanoseconds outside the timed region. Written in C++98, because the Google Benchmark
// layer's header includes it and Google Benchmark's header compiles as C++98. The TSC is
// read through the compiler's builtins rather than <x86intrin.h>, which would add most of a
// second to the compile time of every benchmark file for three instructions.
#pragma once

#include <stdint.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#define TARE_HAS_TSC 1
#else
#define TARE_HAS_TSC 0
#endif

namespace tare {
namespace detail {

/// True when the library decided the TSC is invariant and calibrated.
extern bool g_use_tsc;

inline uint64_t monotonic_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000u + static_cast<uint64_t>(ts.tv_nsec);
}

/// Reading taken before the timed region: later instructions may not start before it.
inline __attribute__((always_inline)) uint64_t ticks_start() {
#if TARE_HAS_TSC
  if (g_use_tsc) {
    __builtin_ia32_lfence();
    const uint64_t t = __builtin_ia32_rdtsc();
    __builtin_ia32_lfence();
    return t;
  }
#endif
  return monotonic_ns();
}

/// Reading taken after the timed region: waits for earlier instructions to finish.
inline __attribute__((always_inline)) uint64_t ticks_stop() {
#if TARE_HAS_TSC
  if (g_use_tsc) {
    unsigned aux;
    const uint64_t t = __builtin_ia32_rdtscp(&aux);
    __builtin_ia32_lfence();
    return t;
  }
#endif
  return monotonic_ns();
}

}  // namespace detail
}  // namespace tare

#include <time.h>

#include <algorithm>

#include "tare/probe.hpp"

namespace tare::probe {
namespace {

std::int64_t read(clockid_t clock) noexcept {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

}  // namespace

std::int64_t CoarseClock::now() noexcept { return read(CLOCK_MONOTONIC_COARSE); }
std::int64_t CoarseClock::fine_now() noexcept { return read(CLOCK_MONOTONIC); }
std::int64_t CoarseClock::resolution_ns() noexcept {
  static const std::int64_t resolution = [] {
    timespec ts{};
    clock_getres(CLOCK_MONOTONIC_COARSE, &ts);
    return std::max<std::int64_t>(1, static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec);
  }();
  return resolution;
}
std::int64_t MonotonicClock::now() noexcept { return read(CLOCK_MONOTONIC); }

}  // namespace tare::probe

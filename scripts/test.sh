#!/usr/bin/env bash
# Installs what is missing, builds tare and runs every test but the unit tests; then builds
# the unit tests against tare compiled with AddressSanitizer and UndefinedBehaviorSanitizer
# and runs them there, beside a short fuzzing of the readers and parsers (tests/fuzz).
#   --stress   the same while two CPU-bound processes run throughout, as on a busy machine
#              (a laptop that is compiling, a shared CI runner): every test must still pass.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  "") stress=0 ;;
  --stress) stress=1 ;;
  *) echo "usage: scripts/test.sh [--stress]" >&2; exit 2 ;;
esac

scripts/install-deps.sh --tests

# What runs in the background (the busy loops, the sanitizer build) stops with the script.
background=()
stop_background() {
  for pid in "${background[@]}"; do
    kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
  done
}
trap stop_background EXIT
set -m  # each background job in its own process group: stopping one stops its children

if ((stress)); then
  for _ in 1 2; do
    sh -c 'while :; do :; done' &
    background+=($!)
  done
  echo "stress: two busy loops running (pids ${background[*]})"
fi

jobs=$(nproc)
# Unity builds: each target's files are compiled as one (batch size 0), which parses the
# headers they share once and takes a sixth off the build's CPU time. The unit tests are pure
# logic: they are built and run once, in the sanitizer stage below, where a memory error or
# undefined behaviour in what they exercise is caught too.
unity=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=0)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${unity[@]}" -DTARE_BUILD_TESTS=ON -DTARE_BUILD_UNIT_TESTS=OFF
cmake --build build -j"$jobs"

# The sanitizer stage, built with clang (it compiles sanitized code three times faster than
# g++, and the library is then built by both compilers): the unit tests against tare
# compiled with AddressSanitizer and UndefinedBehaviorSanitizer (the library and the tools'
# logic are instrumented, the test programs link the runtimes; unoptimised, with line tables
# for the reports), and a fuzzing smoke run with clang's libFuzzer: the results readers, the
# command line's quantity parsers, the stream frame decoder and what a SUT decodes, each for
# 3 s from its seed corpus in tests/fuzz/corpus. A crash, a sanitizer report or a hang fails
# the tests; scripts/fuzz.sh fuzzes the same targets for longer.
cmake -S . -B build-sanitize -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O0 -g1" \
  "${unity[@]}" -DTARE_SANITIZE=ON -DTARE_BUILD_TESTS=ON -DTARE_BUILD_EXAMPLES=OFF -DTARE_BUILD_BENCH=OFF \
  -DTARE_FUZZ=ON -DTARE_FUZZ_SECONDS=3
# Its build starts beside the first stage's tests, at the lowest CPU priority: many of those
# tests wait (a stream's schedule, a child process, a browser) rather than compute, and the
# build takes only the CPU they leave; a test sees it as a niced neighbour, far less than
# the two busy loops the suite must pass beside.
sanitize_log=build-sanitize/build.log
nice -n 19 cmake --build build-sanitize -j"$jobs" --target tare_unit_tests tare_fuzz >"$sanitize_log" 2>&1 &
sanitize_build=$!
background+=("$sanitize_build")
sanitizer_build_failed() {
  tail -n 40 "$sanitize_log"
  echo "test.sh: the sanitizer build failed (all of its output: $sanitize_log)" >&2
  exit 1
}
ctest --test-dir build --output-on-failure -j"$jobs"
# What is left of that build runs at the normal priority: at the lowest, beside busy processes
# (--stress, a loaded CI runner), it would get next to no CPU and take an hour. Lowering a
# niceness takes privilege a user may not have, so the niced build is stopped and the same
# build goes on from where it stopped (make keeps every object it finished).
if kill -0 "$sanitize_build" 2>/dev/null; then
  kill -- "-$sanitize_build" 2>/dev/null || true
  wait "$sanitize_build" 2>/dev/null || true
  echo "finishing the sanitizer build at the normal priority (its output: $sanitize_log)"
  cmake --build build-sanitize -j"$jobs" --target tare_unit_tests tare_fuzz >>"$sanitize_log" 2>&1 ||
    sanitizer_build_failed
elif ! wait "$sanitize_build"; then
  sanitizer_build_failed
fi
unset 'background[-1]'  # it has ended
ctest --test-dir build-sanitize --output-on-failure -j"$jobs" -L 'unit|fuzz'

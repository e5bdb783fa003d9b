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

if ((stress)); then
  hogs=()
  for _ in 1 2; do
    sh -c 'while :; do :; done' &
    hogs+=($!)
  done
  trap 'kill "${hogs[@]}" 2>/dev/null || true' EXIT
  echo "stress: two busy loops running (pids ${hogs[*]})"
fi

jobs=$(nproc)
# Unity builds: tare's files are compiled a few at a time, which halves the build. The unit
# tests are pure logic: they are built and run once, in the sanitizer stage below, where a
# memory error or undefined behaviour in what they exercise is caught too.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=ON -DTARE_BUILD_TESTS=ON -DTARE_BUILD_UNIT_TESTS=OFF
cmake --build build -j"$jobs"
# One test more than CPUs: many end-to-end tests spend their time waiting (a stream's
# schedule, a child process, a browser), not computing.
ctest --test-dir build --output-on-failure -j"$((jobs + 1))"

# The sanitizer stage, built with clang (it compiles sanitized code three times faster than
# g++, and the library is then built by both compilers): the unit tests against tare compiled with AddressSanitizer and
# UndefinedBehaviorSanitizer (the library and the tools' logic are instrumented, the test
# programs link the runtimes; unoptimised, with line tables for the reports), and a fuzzing
# smoke run with clang's libFuzzer: the results readers, the command line's quantity parsers,
# the stream frame decoder and what a SUT decodes, each for 3 s from its seed corpus in
# tests/fuzz/corpus. A crash, a sanitizer report or a hang fails the tests; scripts/fuzz.sh
# fuzzes the same targets for longer.
cmake -S . -B build-sanitize -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O0 -g1" \
  -DCMAKE_UNITY_BUILD=ON -DTARE_SANITIZE=ON -DTARE_BUILD_TESTS=ON -DTARE_BUILD_EXAMPLES=OFF -DTARE_BUILD_BENCH=OFF \
  -DTARE_FUZZ=ON -DTARE_FUZZ_SECONDS=3
cmake --build build-sanitize -j"$jobs" --target tare_unit_tests tare_fuzz
ctest --test-dir build-sanitize --output-on-failure -j"$jobs" -L 'unit|fuzz'

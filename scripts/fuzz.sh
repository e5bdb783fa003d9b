#!/usr/bin/env bash
# Fuzzes every target (tests/fuzz: the results readers, the quantity and rate-shape parsers,
# the stream frame decoder, what a SUT decodes) for SECONDS each, two at a time, with
# clang's libFuzzer under AddressSanitizer and UndefinedBehaviorSanitizer. The test command
# runs the same targets for a few seconds each as a smoke test; this is the long run.
#   scripts/fuzz.sh [SECONDS]   (default 600 per target)
# What a target finds stays in build-fuzz/tests/fuzz/corpus/<target>; a crash fails the run
# and leaves its input as crash-* in build-fuzz/tests/fuzz (add it to the seed corpus with the fix).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "scripts/fuzz.sh: SECONDS must be a whole number of seconds above 0, not '$seconds'" >&2
  exit 2
fi
scripts/install-deps.sh --tests
# Optimised a little (-O1), as libFuzzer advises: more inputs a second than the test
# command's unoptimised smoke run.
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g" -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=0 \
  -DTARE_FUZZ=ON -DTARE_FUZZ_SECONDS="$seconds" -DTARE_BUILD_TESTS=OFF -DTARE_BUILD_EXAMPLES=OFF \
  -DTARE_BUILD_BENCH=OFF
cmake --build build-fuzz -j"$(nproc)" --target tare_fuzz
ctest --test-dir build-fuzz --output-on-failure -j"$(nproc)" -L fuzz

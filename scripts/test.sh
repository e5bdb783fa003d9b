#!/usr/bin/env bash
# Installs what is missing, builds tare and runs every test; then rebuilds the unit tests
# with AddressSanitizer and UndefinedBehaviorSanitizer and runs them again.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --tests
jobs=$(nproc)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DTARE_BUILD_TESTS=ON
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"

cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=Debug -DTARE_SANITIZE=ON -DTARE_BUILD_TESTS=ON \
  -DTARE_BUILD_EXAMPLES=OFF -DTARE_BUILD_BENCH=OFF
cmake --build build-sanitize -j"$jobs"
ctest --test-dir build-sanitize --output-on-failure -j"$jobs" -L unit

#!/usr/bin/env bash
# Installs what is missing, builds tare in Release, and runs the examples.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DTARE_BUILD_TESTS=OFF
cmake --build build -j"$(nproc)"
cmake --build build --target demo

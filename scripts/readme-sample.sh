#!/usr/bin/env bash
# Regenerates the sample output in README.md from the code the README shows: builds
# examples/lookup.cpp, runs it, and puts what it printed between the README's
# "sample output" markers, with the machine and the date. Run it after a change to the
# example or to the console output; tests/readme checks that the README still shows the
# example's code and the benchmarks and columns it prints.
#   BUILD_DIR   the build directory to use (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target example_lookup -j"$(nproc)" >/dev/null

# As a terminal with a UTF-8 locale shows it (the sparkline of fork means in block characters).
output=$(cd "$build/examples" && LC_ALL=C.UTF-8 ./example_lookup --quiet) || status=$?
if [[ ${status:-0} -gt 1 ]]; then
  echo "readme-sample: example_lookup failed (exit status $status)" >&2
  exit 1
fi
virt=$(systemd-detect-virt 2>/dev/null || true)
machine="$(nproc) CPUs${virt:+, $virt}, $(date -u +%Y-%m-%d)"

block=$(mktemp)
trap 'rm -f "$block"' EXIT
{
  echo "<!-- sample output: begin (scripts/readme-sample.sh writes this part) -->"
  echo "It printed, on the development machine ($machine):"
  echo
  echo '```'
  echo '$ build/examples/example_lookup'
  printf '%s\n' "$output"
  echo '```'
  echo "<!-- sample output: end -->"
} >"$block"

awk -v block="$block" '
  /<!-- sample output: begin/ { while ((getline line < block) > 0) print line; skipping = 1; next }
  /<!-- sample output: end -->/ { skipping = 0; next }
  !skipping { print }
' README.md >README.md.new
mv README.md.new README.md
echo "README.md: sample output regenerated ($machine)"

#!/usr/bin/env bash
# Installs the Debian 12 packages tare needs that are missing. Usage: install-deps.sh [--tests]
set -euo pipefail
packages=(g++ cmake make pkg-config libfmt-dev nlohmann-json3-dev libcli11-dev libboost-dev zlib1g-dev libpfm4-dev
  libsqlite3-dev  # the results history (src/core/store); without it, the speed history alone
  lld  # lld: tare_layout_variants links layout variants with it (cmake/layout_variants.cmake)
  librdkafka-dev  # Kafka: `tare stream broker` and --kafka (optional in CMake: TARE_KAFKA)
  libpq-dev)  # a results history on a PostgreSQL server (optional in CMake: TARE_HISTORY_POSTGRESQL)
if [[ "${1:-}" == "--tests" ]]; then
  packages+=(libgtest-dev libgmock-dev valgrind libbenchmark-dev)
  # --prof asm's tests run objdump (g++ brings binutils too; valgrind is above).
  packages+=(binutils)
  # The PostgreSQL history's tests start a real server of their own (initdb, postgres).
  packages+=(postgresql)
  # The Kafka tests produce and consume with a real Kafka client besides tare's own.
  packages+=(kcat)
  # --launcher slurm's tests start a real single-node Slurm (tests/support/slurm_cluster.hpp):
  # its daemons and commands, and munge for its authentication. tare links neither.
  packages+=(slurm-wlm munge)
  # The HTML report is opened in a real browser, headless (tests/e2e/report_test.cpp).
  packages+=(chromium)
  # The .deb test: dpkg-shlibdeps works out the tare command's run-time dependencies.
  packages+=(dpkg-dev)
  # The sanitizer stage and its fuzzing: clang, with the sanitizers' and libFuzzer's runtimes
  # (only a recommendation of clang). The subproject test builds with clang too.
  packages+=(clang libclang-rt-14-dev)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo=sudo
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

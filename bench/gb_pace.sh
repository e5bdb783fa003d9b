#!/usr/bin/env bash
# A suite's pace: Google Benchmark 1.7.1's own test programs (the 29 its test/CMakeLists.txt
# runs; not the gtest ones, not the assembly checks), built unchanged against tare::gbench
# and against Google Benchmark itself (CMake package `benchmark`: Debian's libbenchmark-dev),
# each run with the arguments its test/CMakeLists.txt gives it (filter_test once per
# filter, listing and running). Program by program, the two builds run one right after the
# other, in turns (tare first, then Google Benchmark first), so a load that comes and goes
# weighs on both alike. Prints per program the wall time of each and tare's over Google
# Benchmark's, the total ratio, and then tests/gbench/corpus/threads.cpp and counters.cpp at
# both's defaults (no flags), side by side. An exit status other than 0 is shown beside the
# time (a program's own check failing; the time still counts).
# Usage: bench/gb_pace.sh GB_SRC TARE_PREFIX [WORK_DIR]
#   GB_SRC       a Google Benchmark v1.7.1 source tree (your own checkout): its test/ is built
#   TARE_PREFIX  where tare is installed (cmake --install BUILD --prefix TARE_PREFIX)
#   WORK_DIR     keeps the builds there and reuses them, against the TARE_PREFIX given now
#                (default: a scratch folder, removed)
#   TIMEOUT=S    seconds a run may take (default 300)
set -euo pipefail
usage="usage: gb_pace.sh GB_SRC TARE_PREFIX [WORK_DIR]"
gb_src=${1:?$usage}
prefix=${2:?$usage}
timeout_s=${TIMEOUT:-300}
[[ -f $gb_src/test/CMakeLists.txt && -f $gb_src/test/output_test_helper.cc ]] ||
  { echo "gb_pace.sh: $gb_src is not a Google Benchmark source tree (no test/CMakeLists.txt)" >&2; exit 2; }
grep -q 'VERSION 1\.7\.1' "$gb_src/CMakeLists.txt" ||
  echo "gb_pace.sh: warning: $gb_src is not Google Benchmark 1.7.1; its tests may expect other output" >&2
[[ -f $prefix/include/tare/gbench/benchmark/benchmark.h ]] ||
  { echo "gb_pace.sh: $prefix holds no installed tare::gbench (include/tare/gbench)" >&2; exit 2; }
[[ $timeout_s =~ ^[1-9][0-9]*$ ]] || { echo "gb_pace.sh: TIMEOUT must be a positive whole number, not $timeout_s" >&2; exit 2; }
gb_src=$(cd "$gb_src" && pwd)
prefix=$(cd "$prefix" && pwd)
corpus=$(cd "$(dirname "$0")/../tests/gbench/corpus" && pwd)
if [[ -n ${3:-} ]]; then
  work=$3
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
work=$(cd "$work" && pwd)
export TARE_HISTORY=off

# Built as Google Benchmark's test/CMakeLists.txt builds them: C++11 (cxx03_test C++98),
# assertions on, output tests with output_test_helper, donotoptimize_test at -O3.
mkdir -p "$work/project"
cat > "$work/project/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(gb_pace CXX)
set(SIDE "google" CACHE STRING "google or tare")
set(THREADS_PREFER_PTHREAD_FLAG ON)
find_package(Threads REQUIRED)
set(CMAKE_CXX_STANDARD 11)
set(CMAKE_CXX_STANDARD_REQUIRED YES)
if(SIDE STREQUAL "tare")
  find_package(tare REQUIRED)
  set(library tare::gbench)
  set(with_main tare::gbench_main)
else()
  find_package(benchmark REQUIRED)
  set(library benchmark::benchmark)
  set(with_main benchmark::benchmark_main)
endif()
set(test_dir ${GB_SRC}/test)
add_definitions(-UNDEBUG -DTEST_BENCHMARK_LIBRARY_HAS_NO_ASSERTIONS -DHAVE_STD_REGEX)
string(REGEX REPLACE "(^| )[/-]D *NDEBUG($| )" " " CMAKE_CXX_FLAGS_RELEASE "${CMAKE_CXX_FLAGS_RELEASE}")
add_library(output_test_helper STATIC ${test_dir}/output_test_helper.cc)
target_link_libraries(output_test_helper PRIVATE ${library})
foreach(name benchmark_test spec_arg_test spec_arg_verbosity_test benchmark_setup_teardown_test filter_test
             options_test basic_test diagnostics_test skip_with_error_test donotoptimize_test fixture_test
             register_benchmark_test map_test multiple_ranges_test args_product_test link_main_test cxx03_test)
  add_executable(${name} ${test_dir}/${name}.cc)
  target_link_libraries(${name} ${with_main} Threads::Threads)
endforeach()
foreach(name repetitions_test reporter_output_test templated_fixture_test user_counters_test perf_counters_test
             internal_threading_test report_aggregates_only_test display_aggregates_only_test
             user_counters_tabular_test user_counters_thousands_test memory_manager_test complexity_test)
  add_executable(${name} ${test_dir}/${name}.cc)
  target_link_libraries(${name} output_test_helper ${with_main} Threads::Threads)
endforeach()
set_target_properties(donotoptimize_test PROPERTIES COMPILE_FLAGS "-O3")
set_target_properties(cxx03_test PROPERTIES CXX_STANDARD 98 LINK_FLAGS "-Wno-odr -Wno-lto-type-mismatch")
# tare's own corpus, as tests/gbench builds it.
add_executable(corpus_threads ${CORPUS}/threads.cpp)
target_link_libraries(corpus_threads ${library} ${with_main})
add_executable(corpus_counters ${CORPUS}/counters.cpp)
target_link_libraries(corpus_counters ${library})
target_compile_options(corpus_threads PRIVATE -O2)
target_compile_options(corpus_counters PRIVATE -O2)
CMAKE

for side in google tare; do
  echo "building Google Benchmark's tests against $side" >&2
  cmake -S "$work/project" -B "$work/$side" -DCMAKE_BUILD_TYPE=Release -DSIDE=$side -DGB_SRC="$gb_src" \
    -DCORPUS="$corpus" -DCMAKE_PREFIX_PATH="$prefix" -Dtare_DIR="$prefix/lib/cmake/tare" \
    > "$work/configure-$side.log" 2>&1 ||
    { echo "gb_pace.sh: configuring the $side build failed (see $work/configure-$side.log)" >&2; exit 1; }
  cmake --build "$work/$side" -j"$(nproc)" > "$work/build-$side.log" 2>&1 ||
    { echo "gb_pace.sh: building against $side failed (see $work/build-$side.log)" >&2; exit 1; }
done

# The arguments test/CMakeLists.txt gives each program: one invocation a line, its arguments
# separated by tabs (a filter may be empty, or a pattern the shell would expand). filter_test
# runs once per filter and once more listing (the count it expects is its last argument).
invocations() {
  local t=$'\t'
  case $1 in
    spec_arg_test) echo "--benchmark_filter=BM_NotChosen" ;;
    spec_arg_verbosity_test) echo "--v=42" ;;
    benchmark_setup_teardown_test) echo "" ;;
    repetitions_test) echo "--benchmark_min_time=0.01$t--benchmark_repetitions=3" ;;
    perf_counters_test) echo "--benchmark_min_time=0.01$t--benchmark_perf_counters=CYCLES,BRANCHES" ;;
    user_counters_tabular_test) echo "--benchmark_counters_tabular=true$t--benchmark_min_time=0.01" ;;
    filter_test)
      local filter expect
      while IFS='|' read -r filter expect; do
        echo "--benchmark_min_time=0.01$t--benchmark_filter=$filter$t$expect"
        echo "--benchmark_list_tests$t--benchmark_filter=$filter$t$expect"
      done <<'FILTERS'
Foo|3
-Foo|2
BM_.*|4
-BM_.*|1
.*|5
-.*|0
|5
-|0
monkey|0
-monkey|5
.*Foo.*|3
-.*Foo.*|2
^BM_.*|4
-^BM_.*|1
^N|1
-^N|4
.*Ba$|1
-.*Ba$|4
FILTERS
      ;;
    *) echo "--benchmark_min_time=0.01" ;;
  esac
}

# run SIDE PROGRAM [ARGS...]: runs it from its build folder, adds its wall time to
# seconds[SIDE] and a failing status to failed[SIDE].
declare -A seconds failed
run() {
  local side=$1 program=$2 start end status=0
  shift 2
  start=$(date +%s.%N)
  # The subshell's own stderr is dropped: it would report a program's abort ("Aborted"),
  # which the status shows.
  (cd "$work/$side" && timeout "$timeout_s" "./$program" "$@" > "$work/$side-$program.out" 2>&1 < /dev/null) 2> /dev/null ||
    status=$?
  end=$(date +%s.%N)
  seconds[$side]=$(echo "${seconds[$side]} + $end - $start" | bc)
  ((status == 0)) || failed[$side]="${failed[$side]:+${failed[$side]},}$status"
}

programs="benchmark_test spec_arg_test spec_arg_verbosity_test benchmark_setup_teardown_test filter_test
 options_test basic_test repetitions_test diagnostics_test skip_with_error_test donotoptimize_test fixture_test
 register_benchmark_test map_test multiple_ranges_test args_product_test link_main_test reporter_output_test
 templated_fixture_test user_counters_test perf_counters_test internal_threading_test report_aggregates_only_test
 display_aggregates_only_test user_counters_tabular_test user_counters_thousands_test memory_manager_test
 cxx03_test complexity_test"

# time_program PROGRAM TURN: both builds, in the turn's order; prints the row.
total_google=0 total_tare=0
time_program() {
  local program=$1 turn=$2 sides=(tare google) args side
  ((turn % 2 == 0)) || sides=(google tare)
  seconds=([google]=0 [tare]=0)
  failed=([google]="" [tare]="")
  for side in "${sides[@]}"; do
    while IFS=$'\t' read -r -a args; do
      run "$side" "$program" "${args[@]}"
    done < <(invocations "$program")
  done
  printf '%-30s %9.3f %9.3f %7.2f  %s\n' "$program" "${seconds[google]}" "${seconds[tare]}" \
    "$(echo "${seconds[tare]} / ${seconds[google]}" | bc -l)" \
    "${failed[google]:+GB exit ${failed[google]} }${failed[tare]:+tare exit ${failed[tare]}}"
  total_google=$(echo "$total_google + ${seconds[google]}" | bc)
  total_tare=$(echo "$total_tare + ${seconds[tare]}" | bc)
}

printf '%-30s %9s %9s %7s\n' "Google Benchmark's tests" "GB s" "tare s" "ratio"
turn=0
for program in $programs; do
  time_program "$program" $((turn++))
done
printf '%-30s %9.3f %9.3f %7.2f\n' "total" "$total_google" "$total_tare" "$(echo "$total_tare / $total_google" | bc -l)"

echo
printf '%-30s %9s %9s %7s\n' "tare's corpus, defaults" "GB s" "tare s" "ratio"
invocations() { echo ""; }
total_google=0 total_tare=0
for program in corpus_threads corpus_counters; do
  time_program "$program" $((turn++))
done

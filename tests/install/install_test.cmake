# Installs tare into a scratch prefix, then builds and runs a consumer project against it
# with find_package(tare) (a tare source and a Google Benchmark source) and, separately, with
# pkg-config (tare_main and tare_gbench_main, from the prefix moved elsewhere); and runs the
# installed `tare`.
# Inputs: -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -DWITH_CLI=ON|OFF
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

include(${CMAKE_CURRENT_LIST_DIR}/../support/run_command.cmake)

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/install/consumer -B ${WORK_DIR}/consumer
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_STANDARD=17 -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer)
run(${WORK_DIR}/consumer/consumer_bench --list)
if(NOT last_output MATCHES "consumer.concat/n=1")
  message(FATAL_ERROR "the consumer does not list its benchmark:\n${last_output}")
endif()
run(${WORK_DIR}/consumer/consumer_bench --forks 2 --max-forks 2 --measure-ms 2 --warmup-max-ms 20 --filter n=1)
if(NOT last_output MATCHES "consumer.concat/n=1")
  message(FATAL_ERROR "the consumer did not report its benchmark:\n${last_output}")
endif()

# The layout variants tare_layout_variants linked (tests/install/consumer/CMakeLists.txt): the
# same benchmark, in a directory of their own.
find_program(LD_LLD ld.lld)
if(LD_LLD)
  file(GLOB variants ${WORK_DIR}/consumer/consumer_bench.layouts/*)
  if(NOT variants STREQUAL "${WORK_DIR}/consumer/consumer_bench.layouts/consumer_bench-1;${WORK_DIR}/consumer/consumer_bench.layouts/consumer_bench-2")
    message(FATAL_ERROR "the consumer's layout variants are not consumer_bench-1 and -2 alone: ${variants}")
  endif()
  foreach(variant IN LISTS variants)
    run(${variant} --list)
    if(NOT last_output MATCHES "consumer.concat/n=1")
      message(FATAL_ERROR "the layout variant ${variant} does not list the benchmark:\n${last_output}")
    endif()
  endforeach()
endif()

# --prof alloc with the allocation counter installed under lib/tare, named explicitly (this
# build's own would be found first).
file(GLOB_RECURSE installed_counter ${prefix}/lib*/libtare_alloc.so)
if(NOT installed_counter MATCHES "/tare/libtare_alloc.so$")
  message(FATAL_ERROR "the allocation counter is not installed under lib.../tare: ${installed_counter}")
endif()
set(ENV{TARE_ALLOC_LIBRARY} ${installed_counter})
run(${WORK_DIR}/consumer/consumer_bench --forks 2 --max-forks 2 --measure-ms 2 --warmup-max-ms 20 --filter n=1
    --prof alloc)
unset(ENV{TARE_ALLOC_LIBRARY})
if(NOT last_output MATCHES "Profile: alloc")
  message(FATAL_ERROR "the consumer did not count allocations with the installed counter:\n${last_output}")
endif()

# A Google Benchmark source against the installed tare::gbench (its header, not a real
# Google Benchmark's, even where one is installed too).
run(${WORK_DIR}/consumer/consumer_gbench --benchmark_list_tests)
if(NOT last_output STREQUAL "BM_concat/1\n")
  message(FATAL_ERROR "the Google Benchmark consumer does not list its benchmark:\n${last_output}")
endif()
run(${WORK_DIR}/consumer/consumer_gbench --forks 2 --max-forks 2 --measure-ms 2 --warmup-max-ms 20
    --benchmark_format=json)
if(NOT last_output MATCHES "\"harness\": \"tare\"")
  message(FATAL_ERROR "the Google Benchmark consumer did not run under tare:\n${last_output}")
endif()

# The installed `tare` command (with TARE_BUILD_CLI) plans from the consumer's results.
if(WITH_CLI)
  run(${WORK_DIR}/consumer/consumer_bench --forks 3 --max-forks 3 --measure-ms 2 --warmup-max-ms 20 --filter n=1
      --json ${WORK_DIR}/pilot.json)
  run(${prefix}/bin/tare plan ${WORK_DIR}/pilot.json --target-ci 5%)
  if(NOT last_output MATCHES "To run it:")
    message(FATAL_ERROR "the installed tare command did not plan:\n${last_output}")
  endif()
endif()

# pkg-config, from the prefix moved elsewhere (the .pc files find it relative to themselves):
# compile and link both sources by hand, C++17 chosen here, none forced by the .pc files.
file(RENAME ${prefix} ${WORK_DIR}/moved)
set(prefix ${WORK_DIR}/moved)
find_program(PKG_CONFIG pkg-config)
if(PKG_CONFIG)
  set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig:${prefix}/lib/x86_64-linux-gnu/pkgconfig)
  function(pkg_config_flags library)
    run(${PKG_CONFIG} --cflags --libs ${library})
    if(last_output MATCHES "-std=")
      message(FATAL_ERROR "${library}.pc forces a language standard: ${last_output}")
    endif()
    if(NOT last_output MATCHES "/moved/")
      message(FATAL_ERROR "${library}.pc does not point at the moved prefix ${prefix}: ${last_output}")
    endif()
    string(STRIP "${last_output}" flags)
    separate_arguments(flags UNIX_COMMAND "${flags}")
    set(flags ${flags} PARENT_SCOPE)
  endfunction()
  pkg_config_flags(tare_main)
  run(c++ -std=c++17 -O2 ${SOURCE_DIR}/tests/install/consumer/bench.cpp -o ${WORK_DIR}/pkgconfig_bench ${flags})
  run(${WORK_DIR}/pkgconfig_bench --list)
  if(NOT last_output MATCHES "consumer.concat/n=1")
    message(FATAL_ERROR "the pkg-config consumer does not list its benchmark:\n${last_output}")
  endif()
  # The moved prefix's allocation counter, named (its installed path is no longer true).
  string(REPLACE "${WORK_DIR}/prefix" "${prefix}" moved_counter "${installed_counter}")
  set(ENV{TARE_ALLOC_LIBRARY} ${moved_counter})
  run(${WORK_DIR}/pkgconfig_bench --forks 2 --max-forks 2 --measure-ms 2 --warmup-max-ms 20 --filter n=1 --prof alloc)
  unset(ENV{TARE_ALLOC_LIBRARY})
  if(NOT last_output MATCHES "Profile: alloc")
    message(FATAL_ERROR "the pkg-config consumer did not count allocations with the moved counter:\n${last_output}")
  endif()
  pkg_config_flags(tare_gbench_main)
  run(c++ -std=c++17 -O2 ${SOURCE_DIR}/tests/install/consumer/gbench.cpp -o ${WORK_DIR}/pkgconfig_gbench ${flags})
  run(${WORK_DIR}/pkgconfig_gbench --benchmark_list_tests)
  if(NOT last_output STREQUAL "BM_concat/1\n")
    message(FATAL_ERROR "the pkg-config Google Benchmark consumer does not list its benchmark:\n${last_output}")
  endif()
  foreach(library tare tare_gbench)  # the other two were used above
    run(${PKG_CONFIG} --exists --print-errors ${library})
  endforeach()
else()
  message(WARNING "pkg-config not found: the pkg-config half of the install test did not run")
endif()

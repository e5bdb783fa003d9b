# The public header stays cheap to compile: a benchmark file pays for <tare/tare.hpp> once
# per translation unit, so it must not pull in the standard library's heavy headers nor the
# intrinsics headers, and its preprocessed size stays within a budget (Google Benchmark's
# <benchmark/benchmark.h> preprocesses to about 46,000 lines with the same compiler).
# Checks facts of the preprocessed text, not compile times.
# Inputs: -DCXX=<compiler> -DSOURCE_DIR=... -DWORK_DIR=...
set(budget_lines 33000)
set(forbidden x86intrin.h immintrin.h functional memory iterator atomic exception algorithm map thread mutex)

file(MAKE_DIRECTORY ${WORK_DIR})
set(source ${WORK_DIR}/one_benchmark.cpp)
file(WRITE ${source} "#include <tare/tare.hpp>\nTARE_BENCHMARKS { tare::bench(\"sum\", [] { int s = 0; for (int i = 0; i < 100; ++i) s += i; return s; }); }\n")

execute_process(COMMAND ${CXX} -std=c++17 -E -I${SOURCE_DIR}/include ${source}
                RESULT_VARIABLE status OUTPUT_VARIABLE preprocessed ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "preprocessing <tare/tare.hpp> failed:\n${err}")
endif()

# Every header the text came from, as the line markers name them ('# 1 "/usr/include/c++/12/vector" 1 3').
string(REGEX MATCHALL "# [0-9]+ \"[^\"]*\"" markers "${preprocessed}")
list(LENGTH markers marker_count)
if(marker_count EQUAL 0)
  message(FATAL_ERROR "no line markers in the preprocessed text: cannot tell which headers it includes")
endif()
foreach(header IN LISTS forbidden)
  foreach(marker IN LISTS markers)
    if(marker MATCHES "/${header}\"$")
      message(FATAL_ERROR "<tare/tare.hpp> includes <${header}> (${marker}): keep it out of the public header")
    endif()
  endforeach()
endforeach()

string(REGEX MATCHALL "\n" newlines "${preprocessed}")
list(LENGTH newlines lines)
message(STATUS "<tare/tare.hpp> with one benchmark preprocesses to ${lines} lines (budget ${budget_lines})")
if(lines GREATER budget_lines)
  message(FATAL_ERROR "<tare/tare.hpp> preprocesses to ${lines} lines, over the budget of ${budget_lines}")
endif()

# The one-benchmark file compiles cleanly as C++17, the oldest standard tare supports.
execute_process(COMMAND ${CXX} -std=c++17 -O2 -Wall -Wextra -Werror -I${SOURCE_DIR}/include -c ${source}
                        -o ${WORK_DIR}/one_benchmark.o
                RESULT_VARIABLE status ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "a one-benchmark file does not compile cleanly against <tare/tare.hpp>:\n${err}")
endif()

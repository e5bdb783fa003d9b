# The README shows what the code does: its example is examples/lookup.cpp exactly, and its
# sample output (written by scripts/readme-sample.sh) lists the benchmarks that example
# runs, under the columns its console table has today. Timings are not compared: they are
# the machine's, of the day the sample was made.
# Inputs: -DSOURCE_DIR=... -DEXAMPLE=<path of example_lookup>
file(READ ${SOURCE_DIR}/README.md readme)
file(READ ${SOURCE_DIR}/examples/lookup.cpp example)

# 1. The code shown is the example built.
set(code_marker "<!-- example: examples/lookup.cpp -->\n```cpp\n")
string(FIND "${readme}" "${code_marker}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "README.md: no code block after the marker <!-- example: examples/lookup.cpp -->")
endif()
string(LENGTH "${code_marker}" marker_length)
math(EXPR code_start "${at} + ${marker_length}")
string(SUBSTRING "${readme}" ${code_start} -1 rest)
string(FIND "${rest}" "```" code_end)
string(SUBSTRING "${rest}" 0 ${code_end} shown)
if(NOT shown STREQUAL example)
  message(FATAL_ERROR "README.md's code block differs from examples/lookup.cpp: copy the file into it")
endif()

# 2. The sample output is of that example.
string(REGEX MATCH "<!-- sample output: begin[^\n]*-->(.*)<!-- sample output: end -->" sample_block "${readme}")
set(sample "${CMAKE_MATCH_1}")
if(NOT sample MATCHES "\\$ build/examples/example_lookup")
  message(FATAL_ERROR "README.md: no sample output between its markers; run scripts/readme-sample.sh")
endif()
execute_process(COMMAND ${EXAMPLE} --list OUTPUT_VARIABLE listed RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${EXAMPLE} --list failed: ${status}")
endif()
string(REGEX MATCHALL "[^\n]+" names "${listed}")
list(LENGTH names count)
if(count LESS 2)
  message(FATAL_ERROR "${EXAMPLE} --list listed too few benchmarks: ${listed}")
endif()
foreach(line IN LISTS names)
  string(REGEX REPLACE " +\\[[a-z]+\\]$" "" name "${line}")  # "lookup.binary/size=16 [avgt]"
  string(REGEX REPLACE "([][+.*()^$?|\\\\])" "\\\\\\1" pattern "${name}")
  if(NOT sample MATCHES "\n${pattern} ")
    message(FATAL_ERROR "README.md's sample output has no row for ${name}; run scripts/readme-sample.sh")
  endif()
endforeach()

# The table's header, from a short run of the example today.
execute_process(COMMAND ${EXAMPLE} --forks 2 --max-forks 2 --measure-ms 5 --warmup-max-ms 20 --quiet
                OUTPUT_VARIABLE printed RESULT_VARIABLE status)
if(status GREATER 1)
  message(FATAL_ERROR "${EXAMPLE} failed: ${status}")
endif()
string(REGEX MATCH "\nBenchmark[^\n]*" header "\n${printed}")
string(REGEX MATCH "\nBenchmark[^\n]*" shown_header "${sample}")
# Spaces collapsed and trailing ones dropped: the header is padded for the warnings column
# only when some benchmark of that run has warnings.
string(REGEX REPLACE " +" " " header "${header}")
string(REGEX REPLACE " +" " " shown_header "${shown_header}")
string(REGEX REPLACE " $" "" header "${header}")
string(REGEX REPLACE " $" "" shown_header "${shown_header}")
if(header STREQUAL "" OR NOT header STREQUAL shown_header)
  message(FATAL_ERROR "README.md's sample table header '${shown_header}' is not what the example prints now "
                      "('${header}'); run scripts/readme-sample.sh")
endif()

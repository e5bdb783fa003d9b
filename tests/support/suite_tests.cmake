# Run after a test program is built (tests/CMakeLists.txt, tare_suite_tests): lists its
# GoogleTest cases and writes CTEST_FILE, one ctest test per test suite, named
# PREFIX<Suite>, running that suite's cases in one process (--gtest_filter=<Suite>.*), and
# TARE_SUITE_TESTS, the list of their names, for the properties the caller sets.
# Inputs: -DEXECUTABLE=<the program> -DPREFIX=<name prefix> -DCTEST_FILE=<file to write>
# [-DEXCLUDE=<a GoogleTest filter pattern: the suites and cases it names run elsewhere, in a
# test of their own that shares what they start, such as a server>]
execute_process(COMMAND ${EXECUTABLE} --gtest_list_tests
  TIMEOUT 60 RESULT_VARIABLE result OUTPUT_VARIABLE listing ERROR_VARIABLE errors)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${EXECUTABLE} --gtest_list_tests failed (${result}):\n${listing}${errors}")
endif()

# A suite's line is its name and a dot, unindented (a typed suite's has "  # TypeParam = ..."
# after it); its cases follow, indented. Other lines (gtest_main's "Running main() from")
# have no such first word.
# Only unindented lines are kept, without comments, so that no case's parameter (brackets,
# semicolons) can split or join the list of lines.
string(REGEX REPLACE "\n +[^\n]*" "" suites "\n${listing}")
string(REGEX REPLACE " +#[^\n]*" "" suites "${suites}")
string(REPLACE ";" "," suites "${suites}")
string(REPLACE "\n" ";" lines "${suites}")
set(excluded "^$")  # matches no suite
if(EXCLUDE)
  string(REPLACE "." "\\." excluded "${EXCLUDE}")
  string(REPLACE "*" ".*" excluded "${excluded}")
  string(REPLACE "?" "." excluded "${excluded}")
  set(excluded "^${excluded}$")
endif()
set(content "")
set(names "")
foreach(line IN LISTS lines)
  if(NOT line MATCHES "^([^ ]+)\\.$")
    continue()
  endif()
  set(suite ${CMAKE_MATCH_1})
  if(suite MATCHES "(^|/)DISABLED_" OR suite MATCHES "${excluded}")  # DISABLED_: GoogleTest runs none of its cases
    continue()
  endif()
  set(name ${PREFIX}${suite})
  set(filter "${suite}.*")
  if(EXCLUDE)  # a parameterized suite's excluded cases (SomeCase/PostgreSQL) stay out too
    string(APPEND filter ":-${EXCLUDE}")
  endif()
  string(APPEND content "add_test([==[${name}]==] [==[${EXECUTABLE}]==] [==[--gtest_filter=${filter}]==])\n")
  list(APPEND names ${name})
endforeach()
if(NOT names)
  message(FATAL_ERROR "${EXECUTABLE} lists no test suite:\n${listing}")
endif()
string(APPEND content "set(TARE_SUITE_TESTS [==[${names}]==])\n")
file(WRITE ${CTEST_FILE} "${content}")

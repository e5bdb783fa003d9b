# run(COMMAND...) for the tests written as CMake scripts: runs the command, stops the test
# with its output when it fails, and leaves what it printed in `last_output` (standard
# output) and `last_all_output` (standard output then standard error).
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed: ${ARGN}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
  set(last_all_output "${out}${err}" PARENT_SCOPE)
endfunction()

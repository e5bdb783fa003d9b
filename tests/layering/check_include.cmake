# Preprocesses two one-line files against a component's include path (DIRS, joined by |):
# one including a header the component may use (ALLOWED) must succeed, one including a
# header of a folder it may not use (FORBIDDEN) must fail for want of that file.
string(REPLACE "|" ";" dirs "${DIRS}")
set(flags)
foreach(dir ${dirs})
  list(APPEND flags "-I${dir}")
endforeach()

function(preprocess header result_var output_var)
  string(MAKE_C_IDENTIFIER "${header}" stem)
  set(file "${WORK_DIR}/${stem}.cpp")
  file(WRITE "${file}" "#include \"${header}\"\n")
  execute_process(COMMAND "${COMPILER}" -std=c++17 -E ${flags} "${file}" -o /dev/null
    RESULT_VARIABLE result ERROR_VARIABLE errors OUTPUT_QUIET)
  set(${result_var} "${result}" PARENT_SCOPE)
  set(${output_var} "${errors}" PARENT_SCOPE)
endfunction()

file(MAKE_DIRECTORY "${WORK_DIR}")
preprocess("${ALLOWED}" allowed_result allowed_errors)
if(NOT allowed_result EQUAL 0)
  message(FATAL_ERROR "${ALLOWED} should compile on this include path and did not:\n${allowed_errors}")
endif()
preprocess("${FORBIDDEN}" forbidden_result forbidden_errors)
if(forbidden_result EQUAL 0)
  message(FATAL_ERROR "${FORBIDDEN} compiled on an include path that should not reach it")
endif()
if(NOT forbidden_errors MATCHES "No such file|file not found")  # gcc | clang
  message(FATAL_ERROR "${FORBIDDEN} failed for another reason than not being reachable:\n${forbidden_errors}")
endif()
message(STATUS "${ALLOWED} reachable, ${FORBIDDEN} not")

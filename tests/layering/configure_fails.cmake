# Configures PROJECT_DIR in WORK_DIR; the configuration must fail with EXPECTED in its output.
execute_process(COMMAND "${CMAKE_COMMAND}" -S "${PROJECT_DIR}" -B "${WORK_DIR}" "-DTARE_SOURCE_DIR=${TARE_SOURCE_DIR}"
  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(result EQUAL 0)
  message(FATAL_ERROR "${PROJECT_DIR} configured, and should have been refused")
endif()
if(NOT "${output}${errors}" MATCHES "${EXPECTED}")
  message(FATAL_ERROR "${PROJECT_DIR} failed for another reason than '${EXPECTED}':\n${errors}")
endif()
message(STATUS "refused: ${EXPECTED}")

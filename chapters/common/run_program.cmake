# Runs a chapter program, echoes its output and keeps a copy for the HTML book.
# Fails (and so fails the book build) if the program reports a failed check.
separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${PROGRAM} ${args}
                WORKING_DIRECTORY ${WORKDIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
file(WRITE ${OUTPUT} "${out}")
message("${out}")
if(NOT rc EQUAL 0)
  file(REMOVE ${OUTPUT})
  message(FATAL_ERROR "${PROGRAM} failed (exit ${rc}):\n${err}")
endif()

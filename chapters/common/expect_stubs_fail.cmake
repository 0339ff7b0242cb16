# cmake -DPROGRAM=<kb-NN-topic-exercises> -P expect_stubs_fail.cmake
#
# Passes when every test case of the exercise program's suite "student" fails, each one
# because of the stubs' "is not written yet" error: no check of an exercise passes without
# calling the student's function. Each test case is run on its own, so that one case printing
# the message twice cannot hide another that failed for a different reason (or passed).
# Run by ctest on the untouched stubs (KB_EXERCISES=OFF).
if(NOT PROGRAM)
  message(FATAL_ERROR "expect_stubs_fail.cmake: pass -DPROGRAM=<exercise program>")
endif()
execute_process(COMMAND ${PROGRAM} --test-suite=student --list-test-cases
                OUTPUT_VARIABLE listing ERROR_VARIABLE listing_err RESULT_VARIABLE listing_rc)
string(REPLACE "\n" ";" lines "${listing}")
set(cases "")
foreach(line IN LISTS lines)
  if(NOT line STREQUAL "" AND NOT line MATCHES "^\\[doctest\\]" AND NOT line MATCHES "^=+$")
    list(APPEND cases "${line}")
  endif()
endforeach()
list(LENGTH cases n)
if(NOT listing_rc EQUAL 0 OR n EQUAL 0)
  message(FATAL_ERROR "expect_stubs_fail: ${PROGRAM} lists no test case in suite \"student\":\n${listing}${listing_err}")
endif()
foreach(case IN LISTS cases)
  # doctest's filters separate alternatives by commas and treat * and ? as wildcards.
  string(REPLACE "," "\\," filter "${case}")
  string(REPLACE "*" "?" filter "${filter}")
  execute_process(COMMAND ${PROGRAM} --test-suite=student "--test-case=${filter}"
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  set(all "${out}${err}")
  if(rc EQUAL 0 OR NOT all MATCHES "test cases: *1 *\\| *0 passed *\\| *1 failed")
    message(FATAL_ERROR "expect_stubs_fail: \"${case}\" did not fail on the untouched stubs; a check that passes "
                        "without the student's function proves nothing:\n${all}")
  endif()
  if(NOT all MATCHES "is not written yet")
    message(FATAL_ERROR "expect_stubs_fail: \"${case}\" failed without the stubs' \"is not written yet\" error; "
                        "another failure hides in it:\n${all}")
  endif()
endforeach()
message(STATUS "expect_stubs_fail: each of the ${n} checks fails on the untouched stubs with \"is not written yet\"")

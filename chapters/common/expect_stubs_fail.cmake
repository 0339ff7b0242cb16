# cmake -DPROGRAM=<kb-NN-topic-exercises> -P expect_stubs_fail.cmake
#
# Passes when every test case of the exercise program's suite "student" fails, and fails
# because of the stubs' "is not written yet" error: no check of an exercise passes without
# calling the student's function. Run by ctest on the untouched stubs (KB_EXERCISES=OFF).
if(NOT PROGRAM)
  message(FATAL_ERROR "expect_stubs_fail.cmake: pass -DPROGRAM=<exercise program>")
endif()
execute_process(COMMAND ${PROGRAM} --test-suite=student --count
                OUTPUT_VARIABLE count_out ERROR_VARIABLE count_err RESULT_VARIABLE count_rc)
string(REGEX MATCH "passing the current filters: ([0-9]+)" m "${count_out}")
set(n "${CMAKE_MATCH_1}")
if(NOT count_rc EQUAL 0 OR n STREQUAL "" OR n EQUAL 0)
  message(FATAL_ERROR "expect_stubs_fail: ${PROGRAM} lists no test case in suite \"student\":\n${count_out}${count_err}")
endif()
execute_process(COMMAND ${PROGRAM} --test-suite=student
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
set(all "${out}${err}")
if(rc EQUAL 0)
  message(FATAL_ERROR "expect_stubs_fail: the checks passed on the stubs; a check that passes without the "
                      "student's function proves nothing:\n${all}")
endif()
string(REGEX MATCH "test cases: *${n} *\\| *0 passed *\\| *${n} failed" summary "${all}")
if(summary STREQUAL "")
  message(FATAL_ERROR "expect_stubs_fail: expected all ${n} test cases of suite \"student\" to fail:\n${all}")
endif()
string(REGEX MATCHALL "is not written yet" hits "${all}")
list(LENGTH hits nhits)
if(nhits LESS n)
  message(FATAL_ERROR "expect_stubs_fail: ${n} test cases failed but only ${nhits} with the stubs' "
                      "\"is not written yet\" error; another failure hides in them:\n${all}")
endif()
message(STATUS "expect_stubs_fail: all ${n} checks fail on the untouched stubs, each with \"is not written yet\"")

# cmake -DPROGRAM=<kb-NN-topic-exercises> -P expect_solutions_pass.cmake
#
# Passes when the exercise program's suite "solution" (the model solutions of
# exercises/solutions/) has one test case for each test case of the suite "student" — every
# check a student's code meets, the model solutions meet too — and every one of them passes.
# A suite with fewer cases, or none (doctest passes an empty run), fails.
cmake_minimum_required(VERSION 3.25)
if(NOT PROGRAM)
  message(FATAL_ERROR "expect_solutions_pass.cmake: pass -DPROGRAM=<exercise program>")
endif()

# The test cases of one suite, as doctest lists them (a template case once per type).
function(list_cases suite out)
  execute_process(COMMAND ${PROGRAM} --test-suite=${suite} --list-test-cases
                  OUTPUT_VARIABLE listing ERROR_VARIABLE listing_err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "expect_solutions_pass: ${PROGRAM} could not list its suite \"${suite}\":\n${listing}${listing_err}")
  endif()
  string(REPLACE "\n" ";" lines "${listing}")
  set(cases "")
  foreach(line IN LISTS lines)
    if(NOT line STREQUAL "" AND NOT line MATCHES "^\\[doctest\\]" AND NOT line MATCHES "^=+$")
      list(APPEND cases "${line}")
    endif()
  endforeach()
  set(${out} "${cases}" PARENT_SCOPE)
endfunction()

list_cases(student student_cases)
list_cases(solution solution_cases)
list(LENGTH student_cases n_student)
list(LENGTH solution_cases n_solution)
if(n_student EQUAL 0)
  message(FATAL_ERROR "expect_solutions_pass: ${PROGRAM} has no test case in its suite \"student\"")
endif()
if(NOT n_solution EQUAL n_student)
  list(JOIN solution_cases "\n  " shown)
  message(FATAL_ERROR "expect_solutions_pass: the suite \"solution\" has ${n_solution} test cases, the suite "
                      "\"student\" ${n_student}: every check of the exercises must run on the model solutions "
                      "(KB_MODEL_SOLUTIONS, exercises/solutions/). The suite \"solution\" lists:\n  ${shown}")
endif()

execute_process(COMMAND ${PROGRAM} --test-suite=solution
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
set(all "${out}${err}")
message("${all}")
if(NOT rc EQUAL 0 OR NOT all MATCHES "test cases: *${n_student} *\\| *${n_student} passed *\\| *0 failed")
  message(FATAL_ERROR "expect_solutions_pass: the model solutions did not pass all ${n_student} checks (exit code ${rc})")
endif()
message(STATUS "expect_solutions_pass: the model solutions pass all ${n_student} checks of the suite \"student\"")

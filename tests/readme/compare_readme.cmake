# cmake -DREADME=README.md -DEXAMPLE=example.cpp -DMODE=code|output [-DPROGRAM=exe] -P compare_readme.cmake
#
# The README's example is the first ```cpp block after the line
#   <!-- the C++ example: tests/readme/example.cpp -->
# and its output the first ```text block after that.
#   MODE=code    the code block must be EXAMPLE, byte for byte;
#   MODE=output  PROGRAM (EXAMPLE compiled) must exit 0 and print the output block, byte for byte.
cmake_minimum_required(VERSION 3.25)
file(READ ${README} readme)
set(marker "<!-- the C++ example: tests/readme/example.cpp -->")
string(FIND "${readme}" "${marker}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${README} has no line '${marker}' before its C++ example")
endif()
string(SUBSTRING "${readme}" ${at} -1 rest)

# The text of the first fenced block ```<lang> … ``` of `text`, without the fences.
function(fenced_block text lang out)
  string(FIND "${text}" "\n```${lang}\n" open)
  if(open EQUAL -1)
    message(FATAL_ERROR "${README}: no ```${lang} block after '${marker}'")
  endif()
  string(LENGTH "\n```${lang}\n" fence)
  math(EXPR start "${open} + ${fence}")
  string(SUBSTRING "${text}" ${start} -1 body)
  string(FIND "${body}" "\n```\n" close)
  if(close EQUAL -1)
    message(FATAL_ERROR "${README}: the ```${lang} block after '${marker}' does not close")
  endif()
  math(EXPR close "${close} + 1")
  string(SUBSTRING "${body}" 0 ${close} body)
  string(SUBSTRING "${text}" ${start} -1 after)
  set(${out} "${body}" PARENT_SCOPE)
  set(${out}_after "${after}" PARENT_SCOPE)
endfunction()

fenced_block("${rest}" cpp code)
if(MODE STREQUAL "code")
  file(READ ${EXAMPLE} example)
  if(NOT code STREQUAL example)
    file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/readme-example-block.cpp "${code}")
    message(FATAL_ERROR "the C++ example of ${README} is not ${EXAMPLE}: edit both "
                        "(the README's block is in ${CMAKE_CURRENT_BINARY_DIR}/readme-example-block.cpp; "
                        "diff it with the file)")
  endif()
  message(STATUS "the README's C++ example is ${EXAMPLE}, byte for byte")
elseif(MODE STREQUAL "output")
  fenced_block("${code_after}" text shown)
  execute_process(COMMAND ${PROGRAM} OUTPUT_VARIABLE printed ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the README's example (${PROGRAM}) failed with exit code ${rc}:\n${printed}${err}")
  endif()
  if(NOT printed STREQUAL shown)
    message(FATAL_ERROR "the README's example prints\n${printed}\nbut the README shows\n${shown}")
  endif()
  message(STATUS "the README's example prints what the README shows:\n${printed}")
else()
  message(FATAL_ERROR "MODE must be code or output, not '${MODE}'")
endif()

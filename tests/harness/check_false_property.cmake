# Runs the false-property demo three times and checks the bridge's promises:
#  1. the binary exits non-zero and prints a counterexample shrunk to a minimal one and a
#     reproduce string;
#  2. a second run prints the same counterexample (seeds are deterministic);
#  3. a run with RC_PARAMS="reproduce=…" replays exactly that counterexample.
execute_process(COMMAND ${DEMO} OUTPUT_VARIABLE out1 ERROR_VARIABLE err1 RESULT_VARIABLE rc1)
set(all1 "${out1}${err1}")
if(rc1 EQUAL 0)
  message(FATAL_ERROR "the false property passed (exit 0):\n${all1}")
endif()
if(NOT all1 MATCHES "Falsifiable")
  message(FATAL_ERROR "no 'Falsifiable' report:\n${all1}")
endif()
# Shrinking must reach a minimal counterexample: a, b ∈ {±1} (any non-zero product fails).
if(NOT all1 MATCHES "long:\n-?1\n\nlong:\n-?1\n")
  message(FATAL_ERROR "counterexample not shrunk to a = ±1, b = ±1:\n${all1}")
endif()
string(REGEX MATCH "reproduce=([^\"]+)\"" m "${all1}")
if(NOT m)
  message(FATAL_ERROR "no reproduce string printed:\n${all1}")
endif()
set(reproduce "${CMAKE_MATCH_1}")

execute_process(COMMAND ${DEMO} OUTPUT_VARIABLE out2 ERROR_VARIABLE err2 RESULT_VARIABLE rc2)
string(REGEX MATCH "Falsifiable.*reproduce=[^\"]+" block1 "${all1}")
string(REGEX MATCH "Falsifiable.*reproduce=[^\"]+" block2 "${out2}${err2}")
if(NOT block1 STREQUAL block2)
  message(FATAL_ERROR "a second run differs (seeds are not deterministic):\n${block1}\n---\n${block2}")
endif()

set(ENV{RC_PARAMS} "reproduce=${reproduce}")
execute_process(COMMAND ${DEMO} OUTPUT_VARIABLE out3 ERROR_VARIABLE err3 RESULT_VARIABLE rc3)
if(rc3 EQUAL 0)
  message(FATAL_ERROR "the replay passed:\n${out3}${err3}")
endif()
string(REGEX MATCH "Falsifiable[^\n]*\n(.*)\nseed: " ce1 "${all1}")
set(c1 "${CMAKE_MATCH_1}")
string(REGEX MATCH "Falsifiable[^\n]*\n(.*)\nseed: " ce3 "${out3}${err3}")
set(c3 "${CMAKE_MATCH_1}")
if(NOT c1 STREQUAL c3 OR c1 STREQUAL "")
  message(FATAL_ERROR "the replay printed a different counterexample:\n[${c1}]\n---\n[${c3}]")
endif()
message(STATUS "false property reported, shrunk and replayed:\n${c1}")

# Runs the browser check ONCE on all its fixture pages (one Chromium for all of them: a
# start of Chromium costs more than a page) and keeps its report for the tests that read
# it (check_fixture_report.cmake). The fixtures contain broken pages, so the check must
# exit 1 ("some page is not clean"); exit 0 would mean it rejected nothing, and exit 2
# that it could not run (no Chromium, no playwright-core) — both fail here.
#   cmake -DCOMMAND="node;check_pages.mjs;…;--root;DIR;--verbose" -DREPORT=file -P run_fixtures.cmake
file(REMOVE ${REPORT})
execute_process(COMMAND ${COMMAND} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}${err}")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "the browser check should have rejected the broken fixture pages (exit 1), got exit ${rc}")
endif()
file(WRITE ${REPORT} "${out}")

# Runs the typesetter and then the browser check ONCE on all the fixture pages (one
# Chromium for all of them: a start of Chromium costs more than a page) and keeps both
# reports for the tests that read them (check_fixture_report.cmake).
#   cmake -DPAGES=dir -DDIR=dir -DTYPESET="node;typeset.mjs;…;--allow-errors"
#         -DCOMMAND="node;check_pages.mjs;…;--root;DIR;--verbose" -DREPORT=file -P run_fixtures.cmake
# The pages are copied afresh from PAGES (as written at configure time, untypeset) to DIR
# and typeset there. With --allow-errors the typesetter exits 0 even on the broken formula
# of math-error/ (which it reports with an ERROR line); any other exit fails here. The
# fixtures contain broken pages, so the check must exit 1 ("some page is not clean"); exit
# 0 would mean it rejected nothing, and exit 2 that it could not run (no Chromium, no
# playwright-core) — both fail here.
file(REMOVE ${REPORT})
file(REMOVE_RECURSE ${DIR})
file(COPY ${PAGES}/ DESTINATION ${DIR})
execute_process(COMMAND ${TYPESET} OUTPUT_VARIABLE tout ERROR_VARIABLE terr RESULT_VARIABLE trc)
message("${tout}${terr}")
if(NOT trc EQUAL 0)
  message(FATAL_ERROR "the typesetter did not run on the fixture pages (exit ${trc})")
endif()
execute_process(COMMAND ${COMMAND} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}${err}")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "the browser check should have rejected the broken fixture pages (exit 1), got exit ${rc}")
endif()
file(WRITE ${REPORT} "${tout}${out}")

# One verdict of the browser check (or of the typesetter) on its fixture pages, read from
# the report that run_fixtures.cmake wrote:
#   -DPAGE=raw-tex/index.html -DEXPECT="raw TeX"   the page was rejected with that problem
#                                                   (a line "FAIL page: problem…")
#   -DPAGE=good/ -DEXPECT=clean                     every page under good/ was checked and passed
#   -DPREFIX=ERROR -DPAGE=… -DEXPECT=…              the typesetter's line "ERROR page: message…"
# EXPECT is plain text, not a regular expression.
if(NOT EXISTS ${REPORT})
  message(FATAL_ERROR "no report at ${REPORT}: the fixture run did not complete")
endif()
file(READ ${REPORT} out)
string(REGEX REPLACE "([][+.*()^$?|\\\\])" "\\\\\\1" page_re "${PAGE}")
string(REGEX REPLACE "([][+.*()^$?|\\\\])" "\\\\\\1" expect_re "${EXPECT}")
if(NOT DEFINED PREFIX)
  set(PREFIX FAIL)
endif()
if(EXPECT STREQUAL "clean")
  string(REGEX MATCHALL "\nok   ${page_re}[^\n]*" oks "\n${out}")
  string(REGEX MATCHALL "FAIL ${page_re}[^\n]*" fails "${out}")
  if(NOT oks OR fails)
    message(FATAL_ERROR "expected every page under ${PAGE} checked and clean; passed: [${oks}] failed: [${fails}]\n${out}")
  endif()
  string(REPLACE ";" "" oks "${oks}")
  message(STATUS "clean as expected:${oks}")
else()
  string(REGEX MATCHALL "${PREFIX} ${page_re}: ${expect_re}[^\n]*" hits "${out}")
  if(NOT hits)
    message(FATAL_ERROR "expected ${PAGE} to be rejected with '${EXPECT}':\n${out}")
  endif()
  string(REPLACE ";" "\n" hits "${hits}")
  message(STATUS "rejected as expected:\n${hits}")
endif()

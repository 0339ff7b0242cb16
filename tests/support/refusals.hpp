/// \file refusals.hpp
/// \brief The record of refused inputs behind the book's catalogue of refusals
///        (docs/tools/refusals.py writes the page `refusals`).
///
/// Run a test executable with `--reporters=kb-refusals` and it prints, instead of doctest's
/// report, one JSON line per refusal the selected test cases check: every passing
/// CHECK_THROWS_WITH_AS / REQUIRE_THROWS_WITH_AS (its expression is the bad input, the
/// exception's whole message is what the reader gets), and every refusal a test checks by
/// other means and notes with KB_RECORD_REFUSAL (the command's refusals: an exit code and a
/// message on standard error). A run with any other reporter records nothing.
#pragma once

#include <string>

namespace kb::test {

/// Notes a refusal checked by the calling test: `input` is what was refused (shown as
/// code), `message` what the user was told. Only a run with the kb-refusals reporter
/// prints it; call it after the checks that the refusal happened and says `message`.
void record_refusal(const char* file, int line, const std::string& input, const std::string& message);

} // namespace kb::test

/// kb::test::record_refusal at the calling line.
#define KB_RECORD_REFUSAL(input, message) ::kb::test::record_refusal(__FILE__, __LINE__, (input), (message))

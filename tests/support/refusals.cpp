/// \file refusals.cpp
/// \brief The kb-refusals reporter (see refusals.hpp): one JSON line per refusal checked.
#include "refusals.hpp"

#include <doctest/doctest.h>

#include <ostream>
#include <string>

namespace kb::test {

namespace {

std::ostream* refusal_stream = nullptr;      // set while the kb-refusals reporter is active
const doctest::TestCaseData* current = nullptr;

// A JSON string: quotes, backslashes and control characters escaped; UTF-8 passes as is.
std::string json(const std::string& s) {
    std::string out = "\"";
    for (const unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == '\n') {
            out += "\\n";
        } else if (c < 0x20) {
            static const char hex[] = "0123456789abcdef";
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

void emit(const char* kind, const char* file, int line, const std::string& input, const std::string& message,
          const std::string& expected, const std::string& type) {
    if (!refusal_stream || !current) return;
    *refusal_stream << "{\"kind\":" << json(kind) << ",\"test\":" << json(current->m_name)
                    << ",\"test_file\":" << json(current->m_file.c_str()) << ",\"test_line\":" << current->m_line
                    << ",\"file\":" << json(file) << ",\"line\":" << line << ",\"input\":" << json(input)
                    << ",\"message\":" << json(message) << ",\"expected\":" << json(expected)
                    << ",\"type\":" << json(type) << "}\n";
}

/// The reporter: a passing throws-with check is a refusal (its expression, the whole
/// message, the fragment the test requires, the exception type); nothing else is printed.
struct RefusalReporter : doctest::IReporter {
    explicit RefusalReporter(const doctest::ContextOptions& options) { refusal_stream = options.cout; }
    ~RefusalReporter() override { refusal_stream = nullptr; }
    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override {}
    void test_run_end(const doctest::TestRunStats&) override {}
    void test_case_start(const doctest::TestCaseData& tc) override { current = &tc; }
    void test_case_reenter(const doctest::TestCaseData&) override {}
    void test_case_end(const doctest::CurrentTestCaseStats&) override {}
    void test_case_exception(const doctest::TestCaseException&) override {}
    void subcase_start(const doctest::SubcaseSignature&) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData& a) override {
        if (a.m_failed || !(a.m_at & doctest::assertType::is_throws_with)) return;
        // doctest keeps the message in quotes.
        std::string message = a.m_exception.c_str();
        if (message.size() >= 2 && message.front() == '"' && message.back() == '"')
            message = message.substr(1, message.size() - 2);
        emit("throws", a.m_file, a.m_line, a.m_expr, message, a.m_exception_string.c_str(),
             a.m_exception_type ? a.m_exception_type : "");
    }
    void log_message(const doctest::MessageData&) override {}
    void test_case_skipped(const doctest::TestCaseData&) override {}
};
DOCTEST_REGISTER_REPORTER("kb-refusals", 2, RefusalReporter);

} // namespace

void record_refusal(const char* file, int line, const std::string& input, const std::string& message) {
    emit("noted", file, line, input, message, "", "");
}

} // namespace kb::test

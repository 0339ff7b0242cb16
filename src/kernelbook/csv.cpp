/// \file csv.cpp
/// \brief The CSV reader of csv.hpp: text in, fields checked as decimal numbers, then converted
///        to the scalar type asked for.
#include "kernelbook/csv.hpp"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <system_error>

namespace kb::io {
namespace {

std::string_view trim(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || c == '\t'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

std::string location(const std::string& source, long line, long column = 0) {
    return column > 0 ? fmt::format("{}:{}:{}", source, line, column) : fmt::format("{}:{}", source, line);
}

// A field for a message: at most 40 characters, so that a binary file does not flood the terminal.
std::string field_text(std::string_view field) {
    std::string s(field.substr(0, 40));
    for (char& c : s)
        if (static_cast<unsigned char>(c) < 0x20) c = '?';
    return "'" + s + (field.size() > 40 ? "…'" : "'");
}

bool looks_non_finite(std::string_view f) {
    if (!f.empty() && (f.front() == '+' || f.front() == '-')) f.remove_prefix(1);
    std::string lower;
    for (char c : f) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return lower == "nan" || lower == "inf" || lower == "infinity";
}

// The parts of a decimal number: sign, the digits of the mantissa without the point, the number
// of those digits after the point, and the exponent.
struct Decimal {
    bool negative = false;
    std::string digits;
    long fraction = 0;
    long exponent = 0;
};

std::optional<Decimal> split_decimal(std::string_view f) {
    Decimal d;
    std::size_t i = 0;
    if (i < f.size() && (f[i] == '+' || f[i] == '-')) d.negative = f[i++] == '-';
    bool any = false, point = false;
    for (; i < f.size(); ++i) {
        const char c = f[i];
        if (c >= '0' && c <= '9') {
            d.digits += c;
            any = true;
            if (point) ++d.fraction;
        } else if (c == '.' && !point) {
            point = true;
        } else {
            break;
        }
    }
    if (!any) return std::nullopt;
    if (i < f.size() && (f[i] == 'e' || f[i] == 'E')) {
        ++i;
        bool negative = false;
        if (i < f.size() && (f[i] == '+' || f[i] == '-')) negative = f[i++] == '-';
        bool exp_digits = false;
        long e = 0;
        for (; i < f.size() && f[i] >= '0' && f[i] <= '9'; ++i) {
            exp_digits = true;
            if (e < 100000000) e = 10 * e + (f[i] - '0'); // beyond 10⁸ the value is refused anyway
        }
        if (!exp_digits) return std::nullopt;
        d.exponent = negative ? -e : e;
    }
    if (i != f.size()) return std::nullopt;
    return d;
}

} // namespace

bool is_decimal_number(std::string_view field) { return split_decimal(trim(field)).has_value(); }

rational exact_decimal(std::string_view field) {
    const std::optional<Decimal> d = split_decimal(trim(field));
    require(d.has_value(), "exact_decimal", "{} is not a decimal number", field_text(field));
    const long scale = d->exponent - d->fraction;
    require(scale >= -10000 && scale <= 10000, "exact_decimal",
            "{} has a decimal exponent beyond ±10000; rescale the data", field_text(field));
    std::string digits = d->digits;
    const std::size_t first = digits.find_first_not_of('0');
    digits = first == std::string::npos ? "0" : digits.substr(first);
    std::string text = (d->negative ? "-" : "") + digits;
    if (scale > 0)
        text += std::string(static_cast<std::size_t>(scale), '0');
    else if (scale < 0)
        text += "/1" + std::string(static_cast<std::size_t>(-scale), '0');
    return rational(text);
}

template <class T>
T decimal_value(const std::string& field) {
    const std::string_view f = trim(field);
    require(is_decimal_number(f), "decimal_value", "{} is not a decimal number", field_text(field));
    if constexpr (std::is_same_v<T, rational>) {
        return exact_decimal(f);
    } else if constexpr (std::is_same_v<T, double>) {
        const std::string_view g = f.front() == '+' ? f.substr(1) : f;
        double x = 0;
        const auto [end, ec] = std::from_chars(g.data(), g.data() + g.size(), x);
        require(ec == std::errc() && end == g.data() + g.size(), "decimal_value",
                "{} is outside the range of double (about 2.2e-308 to 1.8e308 in size); "
                "rescale the data or use a wider precision (50 or 100 digits)",
                field_text(field));
        return x;
    } else {
        const Decimal d = *split_decimal(f);
        require(d.exponent > -100000000 && d.exponent < 100000000, "decimal_value",
                "{} has an exponent out of range; rescale the data", field_text(field));
        T x(std::string(f.front() == '+' ? f.substr(1) : f));
        require(is_finite(x), "decimal_value", "{} is not finite in {}; rescale the data", field_text(field),
                scalar_name<T>());
        return x;
    }
}

template <class T>
Matrix<T> to_matrix(const CsvTable& table) {
    Matrix<T> A(table.rows(), table.cols());
    for (Eigen::Index i = 0; i < A.rows(); ++i)
        for (Eigen::Index j = 0; j < A.cols(); ++j) {
            const std::string& f = table.fields[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
            try {
                A(i, j) = decimal_value<T>(f);
            } catch (const error& e) {
                std::string why = e.what();
                const std::string prefix = "decimal_value: ";
                if (why.rfind(prefix, 0) == 0) why.erase(0, prefix.size());
                fail(location(table.source, table.lines[static_cast<std::size_t>(i)], j + 1), "{}", why);
            }
        }
    return A;
}

CsvTable parse_csv(std::string_view text, const std::string& source) {
    CsvTable table;
    table.source = source;
    // A UTF-8 byte-order mark (spreadsheet exports write one) is not part of the first field.
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    long line_number = 0;
    bool first_row = true;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (trim(line).empty()) {
            if (end == text.size()) break;
            continue;
        }
        require(line.find('\0') == std::string_view::npos, location(source, line_number),
                "the line holds a NUL byte: this is not a text CSV file");
        std::vector<std::string> fields;
        std::size_t from = 0;
        for (;;) {
            const std::size_t comma = line.find(',', from);
            fields.emplace_back(trim(line.substr(from, comma == std::string_view::npos ? std::string_view::npos
                                                                                          : comma - from)));
            if (comma == std::string_view::npos) break;
            from = comma + 1;
        }
        if (first_row) {
            first_row = false;
            bool names = true, numbers = true;
            for (const std::string& f : fields) {
                const bool number = is_decimal_number(f);
                names = names && !number && !f.empty();
                numbers = numbers && number;
            }
            if (names) {
                for (std::string& f : fields)
                    if (f.size() >= 2 && f.front() == '"' && f.back() == '"') f = f.substr(1, f.size() - 2);
                table.header = std::move(fields);
                if (end == text.size()) break;
                continue;
            }
            (void)numbers; // a first row mixing names and numbers is read as data: its bad field is reported below
        }
        const std::size_t expected = table.header.empty() ? (table.fields.empty() ? fields.size()
                                                                                  : table.fields.front().size())
                                                          : table.header.size();
        if (fields.size() != expected)
            fail(location(source, line_number, static_cast<long>(std::min(fields.size(), expected)) + 1),
                 "this row has {} field(s), but {} has {}; every row needs the same number of comma-separated "
                 "fields",
                 fields.size(), table.header.empty() ? "the first row" : "the header", expected);
        for (std::size_t j = 0; j < fields.size(); ++j) {
            const std::string& f = fields[j];
            const std::string here = location(source, line_number, static_cast<long>(j) + 1);
            require(!f.empty(), here, "empty field; every field must be a number (fill in or remove missing values)");
            if (!is_decimal_number(f)) {
                require(!looks_non_finite(f), here,
                        "{} is not a finite number; remove or impute missing and infinite values first", field_text(f));
                const bool separator = f.find_first_of(";\t|") != std::string::npos;
                fail(here, "{} is not a number{}", field_text(f),
                     separator ? " (fields are separated by commas, not by ';', tabs or '|')" : "");
            }
        }
        table.fields.push_back(std::move(fields));
        table.lines.push_back(line_number);
        if (end == text.size()) break;
    }
    require(!table.fields.empty(), source, "{}; a CSV file needs at least one row of numbers",
            table.header.empty() ? "the file is empty" : "the file has a header row but no data rows");
    return table;
}

CsvTable read_csv(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    require(fs::exists(st), path, "cannot open the file: no such file; check the path");
    require(!fs::is_directory(st), path, "cannot read it: it is a directory, not a file; give the path of a CSV file");
    std::ifstream in(path, std::ios::binary);
    require(static_cast<bool>(in), path, "cannot open the file for reading; check its permissions");
    std::ostringstream text;
    text << in.rdbuf();
    require(!in.bad(), path, "reading the file failed");
    return parse_csv(text.str(), path);
}

/// \cond INTERNAL
template double decimal_value<double>(const std::string&);
template real50 decimal_value<real50>(const std::string&);
template real100 decimal_value<real100>(const std::string&);
template rational decimal_value<rational>(const std::string&);
template Matrix<double> to_matrix<double>(const CsvTable&);
template Matrix<real50> to_matrix<real50>(const CsvTable&);
template Matrix<real100> to_matrix<real100>(const CsvTable&);
template Matrix<rational> to_matrix<rational>(const CsvTable&);
/// \endcond

} // namespace kb::io

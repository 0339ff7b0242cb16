/// \file csv.cpp
/// \brief The CSV reader of csv.hpp: text in, fields checked as decimal numbers, then converted
///        to the scalar type asked for.
#include "kernelbook/csv.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
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
    if (scale > 0) text += std::string(static_cast<std::size_t>(scale), '0');
    rational value(text);
    // Divided, not read as "digits/10^k": GMP reads a fraction as written, so 0.5 would be the
    // non-canonical 5/10 (shown so in certify's report); the quotient is in lowest terms.
    if (scale < 0) value /= rational("1" + std::string(static_cast<std::size_t>(-scale), '0'));
    return value;
}

template <class T>
T decimal_value_of(std::string_view field) {
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
T decimal_value(const std::string& field) {
    return decimal_value_of<T>(field);
}

template <class T>
Matrix<T> to_matrix(const CsvTable& table) {
    Matrix<T> A(table.rows(), table.cols());
    for (Eigen::Index i = 0; i < A.rows(); ++i) {
        const CsvFields::Row row = table.fields[static_cast<std::size_t>(i)];
        Eigen::Index j = 0;
        for (auto it = row.begin(); it != row.end(); ++it, ++j) {
            try {
                A(i, j) = decimal_value_of<T>(it.view());
            } catch (const error& e) {
                std::string why = e.what();
                const std::string prefix = "decimal_value: ";
                if (why.rfind(prefix, 0) == 0) why.erase(0, prefix.size());
                fail(location(table.source, table.lines[static_cast<std::size_t>(i)], j + 1), "{}", why);
            }
        }
    }
    return A;
}

std::string_view CsvFields::Row::iterator::view() const {
    const char* q = p_;
    while (*q != ',') ++q; // every field is followed by a comma in the buffer
    return std::string_view(p_, static_cast<std::size_t>(q - p_));
}

std::string_view CsvFields::Row::operator[](std::size_t j) const {
    iterator it(begin_);
    for (std::size_t k = 0; k < j; ++k) ++it;
    return it.view();
}

void CsvFields::push_row(const std::vector<std::string_view>& row) {
    if (row_end_.empty()) cols_ = row.size();
    for (const std::string_view f : row) {
        text_.append(f);
        text_ += ',';
    }
    row_end_.push_back(static_cast<std::uint32_t>(text_.size()));
}

namespace {

std::string count_text(std::uint64_t n) {
    // 4294967295 → "4 294 967 295": a limit is read at a glance.
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ' ';
        out += digits[i];
    }
    return out;
}

// The rows of a CSV text, one line at a time: the header decision, the checks of every field,
// and the table they fill. parse_csv feeds it a whole text, read_csv a file chunk by chunk.
class CsvParser {
public:
    CsvParser(const std::string& source, const CsvLimits& limits) : limits_(limits) {
        table_.source = source;
        // The table's offsets are 32-bit: no limit beyond 2³² − 1 bytes.
        limits_.max_bytes = std::min<std::uint64_t>(limits_.max_bytes, 0xFFFFFFFFu);
    }

    // A NUL byte on line `line_number`: no text CSV file holds one.
    [[noreturn]] void nul_byte(long line_number) const {
        fail(location(table_.source, line_number), "the line holds a NUL byte: this is not a text CSV file");
    }

    // The file is longer than max_bytes.
    [[noreturn]] void too_many_bytes() const {
        throw size_limit_error(fmt::format("{}: the file is larger than {} bytes, the limit of the CSV reader "
                                           "(kb::io::CsvLimits::max_bytes); is it the right file? A table of numbers "
                                           "this large does not fit the methods of kernelbook: use a sample of its rows",
                                           table_.source, count_text(limits_.max_bytes)));
    }

    void line(std::string_view line, long line_number) {
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (trim(line).empty()) return;
        require(line.find('\0') == std::string_view::npos, location(table_.source, line_number),
                "the line holds a NUL byte: this is not a text CSV file");
        fields_.clear();
        std::size_t from = 0;
        for (;;) {
            const std::size_t comma = line.find(',', from);
            fields_.push_back(trim(line.substr(from, comma == std::string_view::npos ? std::string_view::npos
                                                                                      : comma - from)));
            if (comma == std::string_view::npos) break;
            from = comma + 1;
        }
        if (first_row_) {
            first_row_ = false;
            bool names = true;
            for (const std::string_view f : fields_) names = names && !is_decimal_number(f) && !f.empty();
            if (names) {
                for (const std::string_view f : fields_)
                    table_.header.emplace_back(f.size() >= 2 && f.front() == '"' && f.back() == '"'
                                                   ? f.substr(1, f.size() - 2)
                                                   : f);
                return;
            }
            // A first row mixing names and numbers is read as data: its bad field is reported below.
        }
        const std::size_t expected = !table_.header.empty() ? table_.header.size()
                                     : table_.fields.empty() ? fields_.size()
                                                             : table_.fields.cols();
        if (fields_.size() != expected)
            fail(location(table_.source, line_number, static_cast<long>(std::min(fields_.size(), expected)) + 1),
                 "this row has {} field(s), but {} has {}; every row needs the same number of comma-separated "
                 "fields",
                 fields_.size(), table_.header.empty() ? "the first row" : "the header", expected);
        for (std::size_t j = 0; j < fields_.size(); ++j) {
            const std::string_view f = fields_[j];
            if (!f.empty() && is_decimal_number(f)) continue;
            const std::string here = location(table_.source, line_number, static_cast<long>(j) + 1);
            require(!f.empty(), here, "empty field; every field must be a number (fill in or remove missing values)");
            require(!looks_non_finite(f), here,
                    "{} is not a finite number; remove or impute missing and infinite values first", field_text(f));
            const bool separator = f.find_first_of(";\t|") != std::string_view::npos;
            fail(here, "{} is not a number{}", field_text(f),
                 separator ? " (fields are separated by commas, not by ';', tabs or '|')" : "");
        }
        numbers_ += fields_.size();
        if (numbers_ > limits_.max_fields)
            throw size_limit_error(fmt::format(
                "{}:{}: the table holds more than {} numbers, the limit of the CSV reader "
                "(kb::io::CsvLimits::max_fields; {} GiB as double); use a sample of its rows",
                table_.source, line_number, count_text(limits_.max_fields),
                (limits_.max_fields * sizeof(double)) >> 30));
        table_.fields.push_row(fields_);
        table_.lines.push_back(line_number);
    }

    CsvTable finish() {
        require(!table_.fields.empty(), table_.source, "{}; a CSV file needs at least one row of numbers",
                table_.header.empty() ? "the file is empty" : "the file has a header row but no data rows");
        table_.fields.shrink_to_fit();
        table_.lines.shrink_to_fit();
        return std::move(table_);
    }

    CsvTable& table() { return table_; }
    std::uint64_t max_bytes() const { return limits_.max_bytes; }

private:
    CsvLimits limits_;
    CsvTable table_;
    std::vector<std::string_view> fields_; // the fields of the current line (reused)
    bool first_row_ = true;
    std::uint64_t numbers_ = 0;
};

} // namespace

CsvTable parse_csv(std::string_view text, const std::string& source, const CsvLimits& limits) {
    CsvParser parser(source, limits);
    if (text.size() > parser.max_bytes()) parser.too_many_bytes();
    // A UTF-8 byte-order mark (spreadsheet exports write one) is not part of the first field.
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    long line_number = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        parser.line(text.substr(start, end - start), ++line_number);
        start = end + 1;
    }
    return parser.finish();
}

CsvTable read_csv(const std::string& path, const CsvLimits& limits) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    require(fs::exists(st), path, "cannot open the file: no such file; check the path");
    require(!fs::is_directory(st), path, "cannot read it: it is a directory, not a file; give the path of a CSV file");
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), std::fclose);
    require(file != nullptr, path, "cannot open the file for reading; check its permissions");
    CsvParser parser(path, limits);
    // A regular file's size says how much text to expect (a hint for the buffer; devices and
    // pipes have no size, and are read until they end or pass the limit).
    if (fs::is_regular_file(st)) {
        const std::uintmax_t size = fs::file_size(path, ec);
        if (!ec) {
            if (size > parser.max_bytes()) parser.too_many_bytes();
            parser.table().fields.reserve_text(static_cast<std::size_t>(size));
        }
    }
    // The file a chunk at a time: complete lines go to the parser, the unfinished last line of
    // a chunk waits in `partial` for the rest of it.
    std::vector<char> chunk(std::size_t(1) << 20);
    std::string partial;
    std::uint64_t total = 0;
    long line_number = 0;
    bool first = true;
    for (;;) {
        const std::size_t n = std::fread(chunk.data(), 1, chunk.size(), file.get());
        require(!std::ferror(file.get()), path, "reading the file failed");
        if (n == 0) break;
        total += n;
        if (total > parser.max_bytes()) parser.too_many_bytes();
        std::string_view data(chunk.data(), n);
        if (first) {
            first = false;
            if (data.substr(0, 3) == "\xEF\xBB\xBF") data.remove_prefix(3);
        }
        // A NUL byte ends the reading at once (binary data, or a device such as /dev/zero):
        // its line is the lines before it plus one.
        if (const void* nul = std::memchr(data.data(), '\0', data.size())) {
            const std::string_view before = data.substr(0, static_cast<std::size_t>(static_cast<const char*>(nul) - data.data()));
            parser.nul_byte(line_number + 1 + static_cast<long>(std::count(before.begin(), before.end(), '\n')));
        }
        std::size_t start = 0;
        for (;;) {
            const std::size_t end = data.find('\n', start);
            if (end == std::string_view::npos) break;
            if (partial.empty()) {
                parser.line(data.substr(start, end - start), ++line_number);
            } else {
                partial.append(data.substr(start, end - start));
                parser.line(partial, ++line_number);
                partial.clear();
            }
            start = end + 1;
        }
        partial.append(data.substr(start));
    }
    if (!partial.empty()) parser.line(partial, ++line_number);
    return parser.finish();
}

/// \cond INTERNAL
template double decimal_value<double>(const std::string&);
template real50 decimal_value<real50>(const std::string&);
template real100 decimal_value<real100>(const std::string&);
template rational decimal_value<rational>(const std::string&);
template double decimal_value_of<double>(std::string_view);
template real50 decimal_value_of<real50>(std::string_view);
template real100 decimal_value_of<real100>(std::string_view);
template rational decimal_value_of<rational>(std::string_view);
template Matrix<double> to_matrix<double>(const CsvTable&);
template Matrix<real50> to_matrix<real50>(const CsvTable&);
template Matrix<real100> to_matrix<real100>(const CsvTable&);
template Matrix<rational> to_matrix<rational>(const CsvTable&);
/// \endcond

} // namespace kb::io

#pragma once
/// \file csv.hpp
/// \brief A reader for a reader's own data: a comma-separated table of numbers, with or without a
///        header row, read as text and converted to any scalar type without a detour through
///        `double` (decimal fractions become exact rationals in kb::rational).
/// \see \ref using-kernelbook "Using kernelbook on your data" (the `kernelbook` command reads its
///      inputs with it)

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/real.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace kb::io {

/// \brief A table of numbers as read from a CSV file: the fields as written, checked to be
///        decimal numbers, and where each row came from (for messages).
struct CsvTable {
    std::string source;                           ///< the file name (or a label) used in messages
    std::vector<std::string> header;              ///< the column names; empty if the file has no header row
    std::vector<std::vector<std::string>> fields; ///< fields[i][j]: row i, column j, as written (trimmed)
    std::vector<long> lines;                      ///< lines[i]: the 1-based line of row i in the file

    /// \brief Number of data rows (the header is not counted).
    Eigen::Index rows() const { return static_cast<Eigen::Index>(fields.size()); }
    /// \brief Number of columns (every row has the same number).
    Eigen::Index cols() const { return fields.empty() ? 0 : static_cast<Eigen::Index>(fields.front().size()); }
};

/// \brief Parses the text of a CSV file: comma-separated decimal numbers, one row per line.
///
/// Blank lines are skipped; spaces and tabs around a field are ignored; `\r\n` line ends are
/// accepted. The first row is a header when any of its fields is not a number (a header's
/// names may be written in double quotes). Every other field must be a decimal number:
/// an optional sign, digits with an optional decimal point, and an optional exponent
/// (`-1.5e-3`); `nan`, `inf` and hexadecimal numbers are refused.
/// \param text   the whole file
/// \param source the name used in messages ("data.csv")
/// \throws kb::error naming `source:line:column` and what was expected: a field that is not a
///         number, an empty field, a row with a different number of fields than the first,
///         a file without data rows.
CsvTable parse_csv(std::string_view text, const std::string& source);

/// \brief Reads and parses a CSV file (kb::io::parse_csv).
/// \throws kb::error if the file is missing, a directory or unreadable, and as kb::io::parse_csv.
CsvTable read_csv(const std::string& path);

/// \brief Whether `field` is a decimal number as kb::io::parse_csv accepts it.
bool is_decimal_number(std::string_view field);

/// \brief The exact rational value of a decimal number (`"0.1"` is 1/10 exactly).
/// \throws kb::error if `field` is not a decimal number, or its exponent exceeds 10000 in size.
rational exact_decimal(std::string_view field);

/// \brief The value of a decimal number in T, rounded once (for `double`, the nearest double;
///        for real50 and real100, the nearest number of that precision; for kb::rational, exact).
/// \throws kb::error if the value is not finite in T (e.g. 1e400 in `double`).
template <class T>
T decimal_value(const std::string& field);

/// \brief The table as an N×q matrix in T, each field converted by kb::io::decimal_value.
/// \throws kb::error naming `source:line:column` if a value is not finite in T (it overflows).
template <class T>
Matrix<T> to_matrix(const CsvTable& table);

/// \cond INTERNAL
extern template double decimal_value<double>(const std::string&);
extern template real50 decimal_value<real50>(const std::string&);
extern template real100 decimal_value<real100>(const std::string&);
extern template rational decimal_value<rational>(const std::string&);
extern template Matrix<double> to_matrix<double>(const CsvTable&);
extern template Matrix<real50> to_matrix<real50>(const CsvTable&);
extern template Matrix<real100> to_matrix<real100>(const CsvTable&);
extern template Matrix<rational> to_matrix<rational>(const CsvTable&);
/// \endcond

} // namespace kb::io

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

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace kb::io {

/// \brief The documented limits of the CSV reader: an input beyond them is refused with
///        kb::io::size_limit_error before it is read further (a CSV of numbers never comes
///        near them; a device like `/dev/zero`, a wrong path or an endless pipe does).
struct CsvLimits {
    /// \brief Bytes of the file: 2³² − 1 (4 GiB), which is also the most it can be (a larger
    ///        value counts as 2³² − 1), so that every offset into the table's text fits in 32 bits.
    std::uint64_t max_bytes = 0xFFFFFFFFu;
    /// \brief Numbers (data fields) in the table, at most 2²⁷ = 134 217 728: 1 GiB as
    ///        `double`, several times the largest matrix the methods of the command can use.
    std::uint64_t max_fields = std::uint64_t(1) << 27;
};

/// \brief An input beyond kb::io::CsvLimits (or another documented size limit of a reader):
///        not a fault of its contents, but more than the reader accepts.
class size_limit_error : public error {
public:
    /// \brief The message names the file, the limit and the size found.
    explicit size_limit_error(const std::string& message) : error(message) {}
};

/// \brief The data fields of a kb::io::CsvTable, stored compactly: the text of every field,
///        trimmed, in one buffer (each field followed by a comma), and where each row ends.
///
/// Memory: the fields' characters plus one byte per field and 4 bytes per row — about the
/// size of the file, instead of a `std::string` (32 bytes and often a heap block) per field.
/// The text is kept, not a `double`, because 50- and 100-digit and exact (rational) runs
/// read each decimal anew in their own arithmetic.
class CsvFields {
public:
    /// \brief One row: its fields as text.
    class Row {
    public:
        /// \brief Iterates over the fields of a row, each as a `std::string` (a copy; use
        ///        operator[] for a view).
        class iterator {
        public:
            using value_type = std::string;          ///< a field's text
            using difference_type = std::ptrdiff_t;  ///< distance between iterators
            using iterator_category = std::input_iterator_tag; ///< one pass
            /// \brief Starts at the field that begins at `p`.
            explicit iterator(const char* p) : p_(p) {}
            /// \brief The field's text.
            std::string operator*() const { return std::string(view()); }
            /// \brief The next field.
            iterator& operator++() {
                p_ += view().size() + 1;
                return *this;
            }
            /// \brief Whether both are at the same field.
            bool operator==(const iterator& o) const { return p_ == o.p_; }
            /// \brief The field's text, as a view into the table.
            std::string_view view() const;

        private:
            const char* p_;
        };
        /// \brief The row spanning [begin, end) of the table's text.
        Row(const char* begin, const char* end, std::size_t cols) : begin_(begin), end_(end), cols_(cols) {}
        /// \brief Number of fields.
        std::size_t size() const { return cols_; }
        /// \brief Field j (0-based), trimmed, as written; j < size().
        std::string_view operator[](std::size_t j) const;
        /// \brief The first field.
        iterator begin() const { return iterator(begin_); }
        /// \brief Past the last field.
        iterator end() const { return iterator(end_); }

    private:
        const char* begin_;
        const char* end_;
        std::size_t cols_;
    };
    /// \brief Iterates over the rows.
    class iterator {
    public:
        using value_type = Row;                  ///< a row
        using difference_type = std::ptrdiff_t;  ///< distance between iterators
        using iterator_category = std::input_iterator_tag; ///< one pass
        /// \brief Row i of `f`.
        iterator(const CsvFields& f, std::size_t i) : f_(&f), i_(i) {}
        /// \brief The row.
        Row operator*() const { return (*f_)[i_]; }
        /// \brief The next row.
        iterator& operator++() {
            ++i_;
            return *this;
        }
        /// \brief Whether both are at the same row.
        bool operator==(const iterator& o) const { return i_ == o.i_; }

    private:
        const CsvFields* f_;
        std::size_t i_;
    };

    /// \brief Number of rows.
    std::size_t size() const { return row_end_.size(); }
    /// \brief Whether there is no row.
    bool empty() const { return row_end_.empty(); }
    /// \brief Number of fields per row (0 without rows).
    std::size_t cols() const { return cols_; }
    /// \brief Row i (0-based), i < size().
    Row operator[](std::size_t i) const {
        const char* base = text_.data();
        return Row(base + (i == 0 ? 0 : row_end_[i - 1]), base + row_end_[i], cols_);
    }
    /// \brief The first row, size() > 0.
    Row front() const { return (*this)[0]; }
    /// \brief The first row.
    iterator begin() const { return iterator(*this, 0); }
    /// \brief Past the last row.
    iterator end() const { return iterator(*this, size()); }
    /// \brief Appends a row of trimmed fields (all rows have the same number of fields).
    void push_row(const std::vector<std::string_view>& row);
    /// \brief The bytes held: the text buffer and the row index (capacity, not size).
    std::size_t memory_bytes() const { return text_.capacity() + row_end_.capacity() * sizeof(std::uint32_t); }
    /// \brief Reserves room for `bytes` of field text (a hint; the buffer grows as needed).
    void reserve_text(std::size_t bytes) { text_.reserve(bytes); }
    /// \brief Gives back unused capacity when it exceeds a quarter of what is used (shrinking
    ///        copies the buffer, which briefly needs both).
    void shrink_to_fit() {
        if (text_.capacity() - text_.size() > text_.size() / 4) text_.shrink_to_fit();
        if (row_end_.capacity() - row_end_.size() > row_end_.size() / 4) row_end_.shrink_to_fit();
    }

private:
    std::string text_;                 // every field followed by ','
    std::vector<std::uint32_t> row_end_; // row i is text_[row_end_[i−1], row_end_[i])
    std::size_t cols_ = 0;
};

/// \brief A table of numbers as read from a CSV file: the fields as written, checked to be
///        decimal numbers, and where each row came from (for messages).
struct CsvTable {
    std::string source;              ///< the file name (or a label) used in messages
    std::vector<std::string> header; ///< the column names; empty if the file has no header row
    CsvFields fields;                ///< fields[i][j]: row i, column j, as written (trimmed)
    std::vector<long> lines;         ///< lines[i]: the 1-based line of row i in the file

    /// \brief Number of data rows (the header is not counted).
    Eigen::Index rows() const { return static_cast<Eigen::Index>(fields.size()); }
    /// \brief Number of columns (every row has the same number).
    Eigen::Index cols() const { return static_cast<Eigen::Index>(fields.cols()); }
    /// \brief Field (i, j) as written, trimmed.
    std::string_view field(Eigen::Index i, Eigen::Index j) const {
        return fields[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
    }
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
/// \param limits the sizes beyond which the text is refused (default: kb::io::CsvLimits)
/// \throws kb::error naming `source:line:column` and what was expected: a field that is not a
///         number, an empty field, a row with a different number of fields than the first,
///         a NUL byte, a file without data rows; kb::io::size_limit_error beyond `limits`.
CsvTable parse_csv(std::string_view text, const std::string& source, const CsvLimits& limits = {});

/// \brief Reads and parses a CSV file (kb::io::parse_csv) as it is read, a chunk at a time:
///        memory about the size of the fields' text, and a device or pipe that never ends
///        (`/dev/zero`, `/dev/urandom`, `yes`) is refused at its first NUL byte or at the limit.
/// \throws kb::error if the file is missing, a directory or unreadable, and as kb::io::parse_csv.
CsvTable read_csv(const std::string& path, const CsvLimits& limits = {});

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

/// \brief kb::io::decimal_value of a view (the fields of a kb::io::CsvTable are views).
template <class T>
T decimal_value_of(std::string_view field);

/// \brief The table as an N×q matrix in T, each field converted by kb::io::decimal_value.
/// \throws kb::error naming `source:line:column` if a value is not finite in T (it overflows).
template <class T>
Matrix<T> to_matrix(const CsvTable& table);

/// \cond INTERNAL
extern template double decimal_value<double>(const std::string&);
extern template real50 decimal_value<real50>(const std::string&);
extern template real100 decimal_value<real100>(const std::string&);
extern template rational decimal_value<rational>(const std::string&);
extern template double decimal_value_of<double>(std::string_view);
extern template real50 decimal_value_of<real50>(std::string_view);
extern template real100 decimal_value_of<real100>(std::string_view);
extern template rational decimal_value_of<rational>(std::string_view);
extern template Matrix<double> to_matrix<double>(const CsvTable&);
extern template Matrix<real50> to_matrix<real50>(const CsvTable&);
extern template Matrix<real100> to_matrix<real100>(const CsvTable&);
extern template Matrix<rational> to_matrix<rational>(const CsvTable&);
/// \endcond

} // namespace kb::io

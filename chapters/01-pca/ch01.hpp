#pragma once
/// \file ch01.hpp
/// \brief The data and the printed numbers of `beeny` Example 2.1, shared by the chapter
///        program and the worked-example tests. Every number here is copied from the
///        seed (as the decimal string it prints), never computed.

#include "kernelbook/matrix.hpp"

#include <array>
#include <string>

/// \brief Chapter 1's worked example: the data and printed numbers of `beeny` Example 2.1.
namespace kb::ch01 {

/// The 5×5 data matrix A of Example 2.1 (rows are observations).
inline IntMatrix example_A() {
    IntMatrix A(5, 5);
    A << 5, 3, 6, 7, 6,      //
        4, 5, 7, 1, 3,       //
        5, 7, 6, 1, 0,       //
        6, 10, 12, 12, 11,   //
        9, 10, 12, 13, 9;
    return A;
}

/// The seed's column means μ = [5.8, 7, 8.6, 6.8, 5.8], as tenths.
inline IntMatrix seed_mean_tenths() {
    IntMatrix mu(1, 5);
    mu << 58, 70, 86, 68, 58;
    return mu;
}

/// The seed's centred data X = A − μ, printed as (1/5)·(this integer matrix).
inline IntMatrix seed_X_times_5() {
    IntMatrix X(5, 5);
    X << -4, -20, -13, 1, 1,      //
        -9, -10, -8, -29, -14,    //
        -4, 0, -13, -29, -29,     //
        1, 15, 17, 26, 26,        //
        16, 15, 17, 31, 16;
    return X;
}

/// The seed's C = XᵀX, printed as (1/5)·(this integer matrix).
inline IntMatrix seed_C_times_5() {
    IntMatrix C(5, 5);
    C << 74, 85, 93, 179, 104,      //
        85, 190, 170, 225, 150,     //
        93, 170, 196, 313, 238,     //
        179, 225, 313, 664, 484,    //
        104, 150, 238, 484, 394;
    return C;
}

/// A 5×5 table of numbers as the seed prints them.
using Printed = std::array<std::array<const char*, 5>, 5>;

/// The seed's eigenvector matrix V (4 decimals).
inline const Printed seed_V = {{{"0.1888", "-0.2020", "-0.6366", "0.5495", "-0.4651"},
                                {"0.2755", "-0.7886", "0.1472", "-0.4502", "-0.2791"},
                                {"0.3606", "-0.3464", "0.3128", "0.5836", "0.5582"},
                                {"0.6979", "0.2522", "-0.4422", "-0.3707", "0.3411"},
                                {"0.5209", "0.3922", "0.5288", "0.1316", "-0.5271"}}};

/// The seed's diagonal of D (4 decimals; its last row is printed with six entries, all 0).
inline const std::array<const char*, 5> seed_D = {"264.8458", "27.9766", "9.3198", "1.4579", "0"};

/// The seed's scores P = XV (4 decimals); its P = XV₃ repeats the first three columns.
inline const Printed seed_P = {{{"-1.9469", "4.3453", "-0.8756", "-0.2039", "0"},
                                {"-6.9742", "-0.0660", "1.4352", "0.7590", "0"},
                                {"-8.1577", "-2.6752", "-0.8063", "-0.5704", "0"},
                                {"8.4282", "-0.2330", "1.8282", "-0.4996", "0"},
                                {"8.6507", "-1.3711", "-1.5815", "0.5149", "0"}}};

/// The seed's rank-3 reconstruction P V₃ᵀ + μ (1 decimal).
inline const Printed seed_A3 = {{{"5.1", "2.9", "6.1", "6.9", "6.0"},
                                 {"3.6", "5.3", "6.6", "1.3", "2.9"},
                                 {"5.3", "6.7", "6.3", "0.8", "0.1"},
                                 {"6.3", "9.8", "12.3", "11.8", "11.1"},
                                 {"8.7", "10.2", "11.7", "13.2", "8.9"}}};

/// The seed's reconstruction error "E₃ = σ₃ + σ₄ = √1.4579 + 0 = 1.2074".
inline const char* const seed_E3 = "1.2074";

/// The seed's data under the square root in its E₃ line.
inline const char* const seed_E3_radicand = "1.4579";

/// Decimal places of a printed number ("-0.2020" → 4, "0" → 0).
inline int printed_decimals(const std::string& s) {
    const auto dot = s.find('.');
    return dot == std::string::npos ? 0 : static_cast<int>(s.size() - dot - 1);
}

/// The exact value of a printed decimal in T ("-0.2020" → −2020/10000), no detour through double.
template <class T>
T printed_value(const std::string& s) {
    long digits = 0;
    long scale = 1;
    bool negative = false, after_dot = false;
    for (char c : s) {
        if (c == '-') negative = true;
        else if (c == '.') after_dot = true;
        else {
            digits = 10 * digits + (c - '0');
            if (after_dot) scale *= 10;
        }
    }
    return ratio<T>(negative ? -digits : digits, scale);
}

/// Whether `value` rounds to the printed decimal s, i.e. \f$|value - s| \le \tfrac12 10^{-d}\f$
/// with d the printed decimals: "agrees at the digits printed".
template <class T>
bool agrees_at_printed_digits(const T& value, const std::string& s) {
    using std::abs;
    long unit = 1;
    for (int i = 0; i < printed_decimals(s); ++i) unit *= 10;
    return abs(value - printed_value<T>(s)) <= ratio<T>(1, 2 * unit);
}

} // namespace kb::ch01

#pragma once
/// \file report.hpp
/// \brief What every chapter program uses to print its worked example and the statements
///        it checked: precision, digits of agreement, exact equalities, the seed's printed
///        claims, and errata. The program's exit code is non-zero if any check failed.
///
/// Output format (one line per statement):
/// \code
/// [zhu:1.2.2] MDS scores equal PCA scores (real50): error 2.1e-49, 48.7 digits agree — ok
/// [beeny:ex2.1] seed prints D₁₁ = 264.8458; computed 264.84580871… (agrees to the 4 decimals printed) — ok
/// [beeny:ex2.1] ERRATUM: seed writes E_k = σ_k + … + σ_n; correct: E_k = (σ_{k+1}² + … + σ_r²)^{1/2}
/// \endcode

#include "kernelbook/matrix.hpp"
#include "kernelbook/real.hpp"

// The numerics policy is the one source of the constant c₂: the chapter programs accept
// the same rounding as the tests.
#include "kernelbook/numerics.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>

namespace kb::book {

/// \brief Formats a scalar with `digits` significant digits (exact rationals as p/q).
template <class T>
std::string fmt(const T& x, int digits = 6) {
    std::ostringstream os;
    if constexpr (is_exact_v<T>) {
        os << x;
    } else {
        os << std::setprecision(digits) << x;
    }
    return os.str();
}

/// \brief Formats a scalar with exactly `decimals` digits after the decimal point, the way
///        the seeds print their numbers (rounded to nearest).
template <class T>
std::string fixed(const T& x, int decimals) {
    std::ostringstream os;
    if constexpr (is_floating_v<T> && !std::is_same_v<T, double>) {
        // Boost 1.74's fixed-point output of MPFR numbers is unreliable (precision 0 prints
        // every digit; 9.77505 at one decimal prints "9.78"), so round exactly to an integer
        // n = round(|x|·10^decimals) and place the decimal point by hand.
        using std::abs;
        using std::round;
        T scale(1);
        for (int i = 0; i < decimals; ++i) scale *= 10;
        std::string digits = T(round(T(abs(x) * scale))).template convert_to<bmp::mpz_int>().str();
        if (digits.size() <= static_cast<std::size_t>(decimals))
            digits.insert(0, static_cast<std::size_t>(decimals) + 1 - digits.size(), '0');
        if (decimals > 0) digits.insert(digits.size() - static_cast<std::size_t>(decimals), ".");
        os << (x < 0 ? "-" : "") << digits;
    } else {
        os << std::fixed << std::setprecision(decimals) << x;
    }
    std::string s = os.str();
    if (s.rfind("-0", 0) == 0 && s.find_first_not_of("-0.") == std::string::npos) s = s.substr(1); // no "-0.0000"
    return s;
}

/// \brief Prints a matrix, one row per line, each entry with `digits` significant digits.
template <class T>
std::string matrix_to_string(const Matrix<T>& A, int digits = 6, const std::string& indent = "    ") {
    std::ostringstream os;
    for (Eigen::Index i = 0; i < A.rows(); ++i) {
        os << indent;
        for (Eigen::Index j = 0; j < A.cols(); ++j) {
            std::string s = fmt(A(i, j), digits);
            os << std::setw(digits + 7) << s;
        }
        os << "\n";
    }
    return os.str();
}

/// \brief The bound a chapter program accepts for a rounding error: \f$c_2\,n\,\varepsilon\,\text{scale}\f$,
///        the backward error of a factorisation in the numerics policy
///        (kb::numerics::factorisation_error, the same c₂ as the tests' kb::test::factorisation).
template <class T>
T rounding_bound(long n, const T& scale) {
    return kb::numerics::factorisation_error<T>(n, scale);
}

/// \brief Collects and prints the checks of one chapter program.
class Report {
public:
    /// \brief Prints the chapter's title.
    explicit Report(const std::string& title, std::ostream& os = std::cout) : os_(os) {
        os_ << title << "\n" << std::string(title.size() > 78 ? 78 : title.size(), '=') << "\n";
    }

    /// \brief Starts a section of the output.
    void section(const std::string& title) { os_ << "\n## " << title << "\n"; }

    /// \brief Free text.
    void say(const std::string& text) { os_ << text << "\n"; }

    /// \brief Announces the arithmetic used for what follows.
    template <class T>
    void precision() {
        os_ << "precision: " << scalar_name<T>();
        if constexpr (is_exact_v<T>)
            os_ << " (exact rational arithmetic: equalities are checked exactly)\n";
        else
            os_ << " (" << decimal_digits<T>() << " significant digits, ε = " << fmt(epsilon<T>(), 3) << ")\n";
    }

    /// \brief A statement checked numerically: |value − reference| ≤ bound.
    template <class T>
    void agree(const std::string& label, const std::string& statement, const T& error, const T& bound,
               const T& scale = T(1)) {
        const bool ok = error <= bound;
        // Digits of agreement relative to the scale of the quantities compared.
        double digits = decimal_digits<T>();
        if (error > 0 && scale > 0) digits = std::min(digits, -std::log10(static_cast<double>(T(error / scale))));
        line(label, statement + " (" + scalar_name<T>() + "): error " + fmt(error, 2) + ", " +
                        fmt(digits, 3) + " digits agree (bound " + fmt(bound, 2) + ")",
             ok);
    }

    /// \brief A statement checked exactly (rational arithmetic, or a discrete fact).
    void exact(const std::string& label, const std::string& statement, bool holds) {
        line(label, statement + ": holds exactly", holds, holds ? "" : "does NOT hold");
    }

    /// \brief A number the seed prints, compared with ours at the seed's printed precision.
    template <class T>
    void claim(const std::string& label, const std::string& what, const std::string& seed_prints,
               const T& computed, int decimals) {
        const std::string ours = fixed(computed, decimals);
        const bool ok = ours == seed_prints;
        line(label,
             "seed prints " + what + " = " + seed_prints + "; computed " + fmt(computed, 12) + " → " + ours +
                 " at the " + std::to_string(decimals) + " decimals printed",
             ok, ok ? "" : "the seed's number is wrong");
    }

    /// \brief An error in the seed: what it says, what is right, and whether this program
    ///        demonstrated the difference.
    void erratum(const std::string& label, const std::string& seed_says, const std::string& correct,
                 bool demonstrated) {
        ++errata_;
        os_ << "[" << label << "] ERRATUM: the seed says " << seed_says << "\n"
            << std::string(label.size() + 3, ' ') << "correct: " << correct << "\n";
        if (!demonstrated) {
            ++failed_;
            os_ << std::string(label.size() + 3, ' ') << "FAILED: the demonstration did not show the difference\n";
        }
    }

    /// \brief A remark on the seed — an omission, a missing proof, a wording or a notation, not an
    ///        error: what it says, what the book adds, and whether this program showed it.
    void remark(const std::string& label, const std::string& seed_says, const std::string& note,
                bool demonstrated) {
        ++remarks_;
        os_ << "[" << label << "] REMARK: the seed says " << seed_says << "\n"
            << std::string(label.size() + 3, ' ') << "note: " << note << "\n";
        if (!demonstrated) {
            ++failed_;
            os_ << std::string(label.size() + 3, ' ') << "FAILED: the demonstration did not show it\n";
        }
    }

    /// \brief Prints the summary; returns the exit code (0 if every check held).
    int finish() {
        os_ << "\n" << checked_ << " statements checked, " << failed_ << " failed, " << errata_
            << " errata in the seeds demonstrated, " << remarks_ << " remarks on them shown.\n";
        return failed_ == 0 ? 0 : 1;
    }

private:
    void line(const std::string& label, const std::string& text, bool ok, const std::string& why = "") {
        ++checked_;
        if (!ok) ++failed_;
        os_ << "[" << label << "] " << text << (ok ? " — ok" : " — FAILED") << (why.empty() ? "" : ": " + why)
            << "\n";
    }

    std::ostream& os_;
    int checked_ = 0;
    int failed_ = 0;
    int errata_ = 0;
    int remarks_ = 0;
};

} // namespace kb::book

// The names every chapter program uses, declared once for all of them (the library itself
// spells them kb::…). Not kb::book::fmt: a global fmt would clash with the namespace of the
// {fmt} library, which the library's headers include; the programs call it kb::book::fmt.
using kb::IntMatrix;
using kb::Matrix;
using kb::rational;
using kb::RowVector;
using kb::Vector;

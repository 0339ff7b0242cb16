#pragma once
/// \file exhibit.hpp
/// \brief What a failing law shows: its inputs and the two sides of its identity, as the
///        mathematical objects of the statement (the points X, the Gram matrix K, p, …), not
///        as the generator's raw draws.
///
/// Inside a property, a law names what it works on:
/// \code
/// kb::test::show("X, the N×q training points", X);
/// kb::test::show("p", p);
/// kb::test::show("Y Yᵀ, from your scores", Matrix<T>(Y * Y.transpose()));
/// kb::test::show("K̃ = JKJ, expected", ref.Kc);
/// \endcode
/// Nothing is printed while the cases pass (a shown value is copied, and formatted only if
/// needed). When the property fails, kb::test::property prints the values shown by the
/// failing case that rapidcheck ends with — the shrunk counterexample — in the order they
/// were shown, in place of rapidcheck's list of raw draws, and then the failure line (the
/// error, the bound and its formula) and the replay line. A property that shows nothing
/// fails as before, with rapidcheck's own counterexample.
///
/// A value is printed with 6 significant digits; a matrix row by row with its shape, at most
/// 8 rows and 8 columns (then "…"), so a small counterexample is printed whole.

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"

#include <Eigen/Core>

#include <functional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace kb::test {

/// \brief One value a law showed: its name and how to print it.
struct Exhibit {
    std::string name;                  ///< e.g. "X, the N×q training points"
    std::function<std::string()> text; ///< the value, formatted when the failure is printed
};

namespace detail {
/// \brief The values shown by the case now running (cleared when a case starts).
std::vector<Exhibit>& current_exhibits();

/// \brief The entries of a matrix, 6 significant digits, right-aligned per column, at most
///        8 rows and 8 columns.
template <class S>
std::string matrix_text(const Matrix<S>& M) {
    constexpr Eigen::Index shown_max = 8;
    const Eigen::Index rows = std::min(M.rows(), shown_max), cols = std::min(M.cols(), shown_max);
    std::vector<std::vector<std::string>> cells(static_cast<std::size_t>(rows));
    std::vector<std::size_t> width(static_cast<std::size_t>(cols), 0);
    for (Eigen::Index i = 0; i < rows; ++i)
        for (Eigen::Index j = 0; j < cols; ++j) {
            std::string s = kb::show(M(i, j));
            width[static_cast<std::size_t>(j)] = std::max(width[static_cast<std::size_t>(j)], s.size());
            cells[static_cast<std::size_t>(i)].push_back(std::move(s));
        }
    std::ostringstream os;
    for (Eigen::Index i = 0; i < rows; ++i) {
        os << "\n    ";
        for (Eigen::Index j = 0; j < cols; ++j) {
            const std::string& s = cells[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
            os << (j ? "  " : "") << std::string(width[static_cast<std::size_t>(j)] - s.size(), ' ') << s;
        }
        if (cols < M.cols()) os << "  …";
    }
    if (rows < M.rows()) os << "\n    …";
    return os.str();
}
} // namespace detail

/// \brief Shows a matrix (or any Eigen expression) under `name` if the case fails.
template <class Derived>
void show(const std::string& name, const Eigen::MatrixBase<Derived>& value) {
    using S = typename Derived::Scalar;
    Matrix<S> copy = value;
    const std::string shape = " (" + std::to_string(copy.rows()) + "×" + std::to_string(copy.cols()) + ")";
    detail::current_exhibits().push_back(
        {name + shape, [m = std::move(copy)] { return detail::matrix_text(m); }});
}

/// \brief Shows a number or a text under `name` if the case fails.
template <class V, std::enable_if_t<!std::is_base_of_v<Eigen::EigenBase<V>, V>, int> = 0>
void show(const std::string& name, const V& value) {
    if constexpr (std::is_convertible_v<V, std::string>) {
        detail::current_exhibits().push_back({name, [s = std::string(value)] { return " " + s; }});
    } else if constexpr (std::is_integral_v<V>) {
        detail::current_exhibits().push_back({name, [v = value] { return " " + std::to_string(v); }});
    } else {
        detail::current_exhibits().push_back({name, [v = value] { return " " + kb::show(v); }});
    }
}

/// \brief Forgets what this case has shown so far: for a law that checks several independent
///        cases in one (a polynomial and then a Gaussian kernel), before the next one.
inline void forget_shown() {
    detail::current_exhibits().clear();
}

/// \brief The shown values as the failure prints them: "  name = value" (a matrix on the
///        lines below its name).
std::string exhibits_text(const std::vector<Exhibit>& exhibits);

} // namespace kb::test

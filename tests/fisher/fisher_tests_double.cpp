/// \file fisher_tests_double.cpp
/// \brief Fisher discriminant tests in `double`, and the exact scatter identity in rationals.
#include "fisher_tests.hpp"

KB_FISHER_INVOKE_ALL(double)

// ---------------------------------------------------------------------------------------
// Scatter matrices

TEST_CASE("scatter matrices: S_w + S_b = S_t exactly in rationals") {
    //! [scatter-identity]
    kb::test::property<kb::rational>([] {
        using T = kb::rational;
        const int C = *kb::test::size_in(2, 4), d = *kb::test::size_in(1, 4);
        const Recipe r = draw_clusters(C, d, 1, 5, 6);
        const Matrix<T> X = kb::from_integers<T>(r.X, 3);
        const auto s = kb::scatter_matrices(X, r.y);
        // S_t = Σ_n (x_n − μ)ᵀ(x_n − μ), computed independently of the class statistics.
        const Matrix<T> Xc = X.rowwise() - X.colwise().sum() / T(X.rows());
        const Matrix<T> St = Xc.transpose() * Xc;
        RC_ASSERT(s.within + s.between == St);
        RC_ASSERT(static_cast<int>(s.classes.size()) == C);
    });
    //! [scatter-identity]
}

TEST_CASE("failing companion: S_b without the class sizes N_c breaks S_w + S_b = S_t") {
    using T = kb::rational;
    const Recipe r = elongated_clusters();
    // Make the classes unequal in size: drop the last four points of class 1.
    const Matrix<T> X = kb::from_integers<T>(r.X.topRows(r.X.rows() - 4), 1);
    const std::vector<int> y(r.y.begin(), r.y.end() - 4);
    const auto s = kb::scatter_matrices(X, y);
    const Matrix<T> Xc = X.rowwise() - X.colwise().sum() / T(X.rows());
    const Matrix<T> St = Xc.transpose() * Xc;
    Matrix<T> Sb_unweighted = Matrix<T>::Zero(2, 2);
    for (int c = 0; c < 2; ++c) {
        const kb::RowVector<T> dc = s.means.row(c) - s.mean;
        Sb_unweighted += dc.transpose() * dc;
    }
    CHECK(s.within + s.between == St);
    CHECK_FALSE(s.within + Sb_unweighted == St);
}


/// \file foundation_tests.cpp
/// \brief The library's foundations: eigen-decomposition and SVD conventions, PSD
///        functions, exact solves, centring, and the errors on bad input.
#include "test_support.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/pca.hpp"
#include "kernelbook/rkhs.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"
#include "kernelbook/detail/mpfr_eigen.hpp" // the companion of the 50- and 100-digit eigensolver

#include <limits>


namespace {
template <class T>
Matrix<T> random_symmetric(const IntMatrix& M) {
    const Matrix<T> A = kb::from_integers<T>(M, 10);
    return (A + A.transpose()) / T(2);
}
} // namespace

TEST_CASE_TEMPLATE("symmetric_eigen: decreasing eigenvalues, orthonormal vectors, small residual, sign rule", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const int n = *kb::test::size_in(1, 10);
        const Matrix<T> A = random_symmetric<T>(*kb::test::int_matrix(n, n, -50, 50));
        const auto eig = kb::symmetric_eigen(A);
        for (int i = 0; i + 1 < n; ++i) RC_ASSERT(eig.values(i) >= eig.values(i + 1));
        const T normA = A.norm() + T(1);
        KB_RC_WITHIN(T((A * eig.vectors - eig.vectors * eig.values.asDiagonal()).norm()),
                     kb::test::factorisation<T>(n, normA), "residual ‖AV − VΛ‖");
        KB_RC_WITHIN(T((eig.vectors.transpose() * eig.vectors - Matrix<T>::Identity(n, n)).norm()),
                     kb::test::factorisation<T>(n, T(1)), "orthogonality ‖VᵀV − I‖");
        using std::abs;
        for (int j = 0; j < n; ++j) {
            Eigen::Index arg;
            eig.vectors.col(j).cwiseAbs().maxCoeff(&arg);
            RC_ASSERT(eig.vectors(arg, j) > 0);
        }
    });
}

TEST_CASE_TEMPLATE("symmetric_eigen decomposes the symmetric part: an asymmetry of rounding size changes nothing", T,
                   KB_REALS) {
    // A = S + δE with E antisymmetric: (A + Aᵀ)/2 = S exactly, so the decomposition of A must
    // be the decomposition of S, bit for bit. A solver that reads one triangle of A (skipping
    // the symmetrisation) decomposes S + δ·(one triangle of E) instead. Exactness: the entries
    // of S are k/8 with |S| ≤ 8 and S₀₀ = 8, δ = 8ε(T) = ulp(8), |δE| ≤ 3δ, so every entry of A
    // is a multiple of ulp(8) below 16 — exactly representable; and 2·3δ = 48ε is inside the
    // symmetry check's 8nε·max|A| ≥ 128ε.
    int one_triangle_differs = 0;
    kb::test::property<T>([&] {
        const int n = *kb::test::size_in(2, 8);
        const IntMatrix M = *kb::test::int_matrix(n, n, -64, 64);
        Matrix<T> S(n, n);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) S(i, j) = T(M(std::min(i, j), std::max(i, j))) / T(8);
        S(0, 0) = T(8);
        IntMatrix sk = *kb::test::skew_symmetric(n, 3);
        if (sk(0, 1) == 0) { // a non-zero asymmetry by construction
            sk(0, 1) = 1;
            sk(1, 0) = -1;
        }
        const T delta = T(8) * kb::epsilon<T>();
        Matrix<T> A = S;
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) A(i, j) += delta * T(sk(i, j));
        RC_ASSERT(Matrix<T>(A) != S);
        const auto a = kb::symmetric_eigen(A), s = kb::symmetric_eigen(S);
        RC_ASSERT(a.values == s.values);
        RC_ASSERT(a.vectors == s.vectors);
        // Companion: the matrix a one-triangle solver would see, S + δ·(lower triangle of E
        // mirrored), is told apart by the same bitwise comparison.
        Matrix<T> L = A.template triangularView<Eigen::Lower>();
        L.template triangularView<Eigen::StrictlyUpper>() = L.transpose();
        const auto l = kb::symmetric_eigen(L);
        one_triangle_differs += !(l.values == s.values && l.vectors == s.vectors);
    });
    CHECK(one_triangle_differs > 0);
}

namespace {
/// The contract of kb::symmetric_eigen on A whose eigenvalues are exactly `expected`
/// (decreasing): decreasing values within the factorisation bound of them, residual
/// ‖AV − VΛ‖ and orthogonality ‖VᵀV − I‖ within c₂·n·ε, the sign rule.
template <class T>
void check_eigen_contract(const Matrix<T>& A, const Vector<T>& expected, const kb::SymmetricEigen<T>& eig) {
    const Eigen::Index n = A.rows();
    REQUIRE(eig.values.size() == n);
    REQUIRE(eig.vectors.rows() == n);
    REQUIRE(eig.vectors.cols() == n);
    for (Eigen::Index i = 0; i + 1 < n; ++i) CHECK(eig.values(i) >= eig.values(i + 1));
    const T normA = A.norm();
    KB_CHECK_WITHIN(T((eig.values - expected).cwiseAbs().maxCoeff()), kb::test::factorisation<T>(n, normA),
                    "eigenvalues against the exact ones");
    KB_CHECK_WITHIN(T((A * eig.vectors - eig.vectors * eig.values.asDiagonal()).norm()),
                    kb::test::factorisation<T>(n, normA), "residual ‖AV − VΛ‖");
    KB_CHECK_WITHIN(T((eig.vectors.transpose() * eig.vectors - Matrix<T>::Identity(n, n)).norm()),
                    kb::test::factorisation<T>(n, T(1)), "orthogonality ‖VᵀV − I‖");
    for (Eigen::Index j = 0; j < n; ++j) {
        Eigen::Index arg;
        eig.vectors.col(j).cwiseAbs().maxCoeff(&arg);
        CHECK(eig.vectors(arg, j) > 0);
    }
}

/// A 10×10 matrix Q diag(λ) Qᵀ (Q Cayley-orthogonal, rounded once) whose eigenvalues 1, 1 + δ,
/// 1 + 2δ, 1 + 3δ, 1 + 4δ form a cluster δ = 2⁻¹⁰⁰ ≈ 7.9·10⁻³¹ wide between each — far apart
/// in real50 and real100 (ε = 2⁻¹⁶⁷, 2⁻³³³), one repeated eigenvalue in double.
template <class T>
std::pair<Matrix<T>, Vector<T>> clustered_matrix() {
    const int n = 10;
    IntMatrix S = IntMatrix::Zero(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            S(i, j) = (7 * i + 3 * j) % 7 - 3;
            S(j, i) = -S(i, j);
        }
    const Matrix<T> Q = kb::test::cayley_orthogonal<T>(S, 3);
    const T delta = kb::times_power_of_two(T(1), -100);
    Vector<T> lambda(n);
    lambda << T(5), T(4), T(3), T(1) + T(4) * delta, T(1) + T(3) * delta, T(1) + T(2) * delta, T(1) + delta, T(1),
        T(-2), T(-3);
    return {kb::test::with_spectrum(Q, lambda), lambda};
}
} // namespace

TEST_CASE_TEMPLATE("symmetric_eigen on repeated and clustered spectra: identity, centring matrix J, a cluster "
                   "2^-100 wide, diagonal, 1x1 and zero matrices",
                   T, KB_REALS) {
    const Eigen::Index n = 40;
    SUBCASE("identity: eigenvalue 1 forty times") {
        const Matrix<T> I = Matrix<T>::Identity(n, n);
        check_eigen_contract<T>(I, Vector<T>::Ones(n), kb::symmetric_eigen(I));
    }
    SUBCASE("centring matrix J = I - 11^T/n: eigenvalue 1 with multiplicity n - 1, and 0") {
        const Matrix<T> J = Matrix<T>::Identity(n, n) - Matrix<T>::Constant(n, n, kb::ratio<T>(1, n));
        Vector<T> expected = Vector<T>::Ones(n);
        expected(n - 1) = 0;
        check_eigen_contract<T>(J, expected, kb::symmetric_eigen(J));
    }
    SUBCASE("a cluster of five eigenvalues 2^-100 apart, and its scaling by 2^-300 bit for bit") {
        const auto [A, lambda] = clustered_matrix<T>();
        const auto eig = kb::symmetric_eigen(A);
        check_eigen_contract<T>(A, lambda, eig);
        // Scaling by a power of two is exact: the same vectors, the eigenvalues scaled exactly.
        const auto scaled = kb::symmetric_eigen(kb::times_power_of_two(A, -300));
        CHECK(scaled.vectors == eig.vectors);
        const Vector<T> values_scaled = eig.values.unaryExpr([](const T& x) { return kb::times_power_of_two(x, -300); });
        CHECK(scaled.values == values_scaled);
    }
    SUBCASE("diagonal with a repeated entry: the unit vectors") {
        Vector<T> d(5);
        d << T(3), T(-1), T(3), T(0), T(2);
        const Matrix<T> D = d.asDiagonal();
        Vector<T> expected(5);
        expected << T(3), T(3), T(2), T(0), T(-1);
        const auto eig = kb::symmetric_eigen(D);
        check_eigen_contract<T>(D, expected, eig);
        CHECK(eig.vectors.cwiseAbs().colwise().sum() == Matrix<T>::Ones(1, 5)); // each column a unit vector
    }
    SUBCASE("1x1") {
        const Matrix<T> A = Matrix<T>::Constant(1, 1, kb::ratio<T>(-7, 2));
        const auto eig = kb::symmetric_eigen(A);
        CHECK(eig.values(0) == kb::ratio<T>(-7, 2));
        CHECK(eig.vectors(0, 0) == 1);
    }
    SUBCASE("zero matrix: eigenvalue 0 five times, orthonormal vectors") {
        const Matrix<T> Z = Matrix<T>::Zero(5, 5);
        check_eigen_contract<T>(Z, Vector<T>::Zero(5), kb::symmetric_eigen(Z));
    }
}

TEST_CASE_TEMPLATE("companion: the eigen checks catch inverse-iteration vectors not orthogonalised within a cluster, "
                   "and an eigenvalue taken from its neighbour in the cluster",
                   T, KB_MULTIPRECISION) {
    // The 50- and 100-digit route computes the eigenvectors of the tridiagonal by inverse
    // iteration; without the orthogonalisation within a block, the vectors of eigenvalues δ
    // apart share components of size ε‖T‖/δ ≈ 2⁻⁶⁷ (real50) — far above c₂·n·ε.
    const auto [A, lambda] = clustered_matrix<T>();
    const Eigen::Index n = A.rows();
    const auto plain = kb::detail::mpfr_symmetric_eigen(A, "companion", false);
    KB_CHECK_EXCEEDS(T((plain.second.transpose() * plain.second - Matrix<T>::Identity(n, n)).norm()),
                     kb::test::factorisation<T>(n, T(1)), "orthogonality ‖VᵀV − I‖ without orthogonalisation");
    const auto full = kb::detail::mpfr_symmetric_eigen(A, "companion");
    KB_CHECK_WITHIN(T((full.second.transpose() * full.second - Matrix<T>::Identity(n, n)).norm()),
                    kb::test::factorisation<T>(n, T(1)), "orthogonality ‖VᵀV − I‖ with it");
    // λ₅ = 1 + 2δ reported as its neighbour 1 + 3δ: a residual of δ ≫ c₂·n·ε·‖A‖.
    auto eig = kb::symmetric_eigen(A);
    eig.values(4) = eig.values(3);
    KB_CHECK_EXCEEDS(T((A * eig.vectors - eig.vectors * eig.values.asDiagonal()).norm()),
                     kb::test::factorisation<T>(n, A.norm()), "residual ‖AV − VΛ‖ with a neighbour's eigenvalue");
}

TEST_CASE_TEMPLATE("thin_svd: X = U diag(sigma) V^T with sorted singular values and the sign rule on V", T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(1, 9);
        const int q = *kb::test::size_in(1, 6);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::int_matrix(N, q, -20, 20), 4);
        const auto svd = kb::thin_svd(X);
        const int r = std::min(N, q);
        RC_ASSERT(svd.sigma.size() == r);
        for (int i = 0; i + 1 < r; ++i) RC_ASSERT(svd.sigma(i) >= svd.sigma(i + 1));
        KB_RC_WITHIN(T((svd.U * svd.sigma.asDiagonal() * svd.V.transpose() - X).norm()),
                     kb::test::factorisation<T>(std::max(N, q), X.norm() + T(1)), "‖U Σ Vᵀ − X‖");
        for (int j = 0; j < r; ++j) {
            Eigen::Index arg;
            svd.V.col(j).cwiseAbs().maxCoeff(&arg);
            RC_ASSERT(svd.V(arg, j) >= 0);
        }
    });
}

TEST_CASE_TEMPLATE("psd_sqrt, psd_inverse_sqrt and psd_pseudo_inverse on a PD matrix with a chosen spectrum", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const int n = *kb::test::size_in(1, 8);
        const auto lambda = *kb::test::decreasing_spectrum(n, 1, 30);
        const Matrix<T> Q = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(n), 3);
        const Matrix<T> K = kb::test::with_spectrum(Q, kb::test::vector_from<T>(lambda));
        const Matrix<T> I = Matrix<T>::Identity(n, n);
        const T tol = kb::default_rank_tolerance<T>(n, T(lambda[0]));
        const Matrix<T> R = kb::psd_sqrt(K);
        const Matrix<T> Rinv = kb::psd_inverse_sqrt(K, tol);
        // Condition number λ₁/λₙ ≤ 30 enters the inverse's error.
        const T kappa = T(lambda.front()) / T(lambda.back());
        KB_RC_WITHIN(T((R * R - K).norm()), kb::test::factorisation<T>(n, T(lambda[0])), "K^{1/2} K^{1/2} = K");
        KB_RC_WITHIN(T((R * Rinv - I).norm()), kb::test::factorisation<T>(n, kappa), "K^{1/2} K^{-1/2} = I");
        KB_RC_WITHIN(T((kb::psd_pseudo_inverse(K, tol) * K - I).norm()), kb::test::factorisation<T>(n, kappa),
                     "K⁺ K = I for PD K");
    });
}

TEST_CASE_TEMPLATE("psd_pseudo_inverse of a singular PSD matrix satisfies the Penrose conditions", T, KB_REALS) {
    kb::test::property<T>([] {
        const int n = *kb::test::size_in(2, 8);
        const int r = *kb::test::size_in(1, n - 1);
        auto lambda = *kb::test::decreasing_spectrum(n, 1, 30);
        for (int i = r; i < n; ++i) lambda[i] = 0; // rank r
        const Matrix<T> Q = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(n), 3);
        const Matrix<T> K = kb::test::with_spectrum(Q, kb::test::vector_from<T>(lambda));
        const T kappa = T(lambda[0]) / T(lambda[r - 1]);
        const Matrix<T> P = kb::psd_pseudo_inverse(K, T(1) / T(2)); // zero eigenvalues are ≪ 1/2 ≤ nonzero ones
        KB_RC_WITHIN(T((K * P * K - K).norm()), kb::test::factorisation<T>(n, T(lambda[0]) * kappa), "K K⁺ K = K");
        KB_RC_WITHIN(T((P * K * P - P).norm()), kb::test::factorisation<T>(n, kappa * kappa), "K⁺ K K⁺ = K⁺");
    });
}

TEST_CASE("psd functions refuse an indefinite matrix and name its most negative eigenvalue") {
    Matrix<double> A(2, 2);
    A << 1, 2, 2, 1; // eigenvalues 3 and −1
    CHECK_THROWS_WITH_AS(kb::psd_sqrt(A), doctest::Contains("smallest eigenvalue is -1 = -0.333333·λ_max"), kb::error);
    CHECK_THROWS_WITH_AS(kb::psd_inverse_sqrt(A, 1e-12),
                         doctest::Contains("psd_inverse_sqrt: K is not positive semi-definite: its smallest "
                                           "eigenvalue is -1 = -0.333333·λ_max; a kernel must give PSD Gram matrices "
                                           "(see chapter 4) — check the kernel and its parameters, or use a Euclidean "
                                           "distance"), kb::error);
    // |λ_min| > λ_max: the multiple is below −1, not clipped to −1.
    A << 1, 0, 0, -5;
    CHECK_THROWS_WITH_AS(kb::psd_sqrt(A), doctest::Contains("smallest eigenvalue is -5 = -5·λ_max"), kb::error);
    // No positive eigenvalue: no multiple of λ_max describes the matrix, and the message says so.
    const Matrix<double> minus_identity = -Matrix<double>::Identity(2, 2);
    CHECK_THROWS_WITH_AS(kb::psd_sqrt(minus_identity), doctest::Contains("it has no positive eigenvalue"), kb::error);
}

TEST_CASE("rank tolerance out of range is refused with a message") {
    const Matrix<double> K = Matrix<double>::Identity(3, 3);
    CHECK_THROWS_WITH_AS(kb::psd_inverse_sqrt(K, -1.0), doctest::Contains("must be finite and ≥ 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::psd_inverse_sqrt(K, 2.0), doctest::Contains("no eigenvalue would be kept"), kb::error);
    CHECK_THROWS_WITH_AS(kb::psd_inverse_sqrt(K, std::numeric_limits<double>::quiet_NaN()),
                         doctest::Contains("psd_inverse_sqrt: rank_tol = nan must be finite and ≥ 0; use "
                                           "default_rank_tolerance(n, λ_max)"), kb::error);
}

TEST_CASE("bad input to the eigensolver: non-square, non-finite, non-symmetric, empty") {
    CHECK_THROWS_WITH_AS(kb::symmetric_eigen(Matrix<double>(2, 3)), doctest::Contains("square"), kb::error);
    CHECK_THROWS_WITH_AS(kb::symmetric_eigen(Matrix<double>(0, 0)),
                         doctest::Contains("symmetric_eigen: A must be a non-empty square matrix, but it is 0×0"),
                         kb::error);
    Matrix<double> A = Matrix<double>::Identity(3, 3);
    A(1, 2) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::symmetric_eigen(A), doctest::Contains("A(1,2) = nan is not finite"), kb::error);
    A(1, 2) = 0.5;
    CHECK_THROWS_WITH_AS(kb::symmetric_eigen(A), doctest::Contains("must be symmetric"), kb::error);
    CHECK_THROWS_WITH_AS(kb::top_eigenpairs(Matrix<double>(Matrix<double>::Identity(3, 3)), 4),
                         doctest::Contains("p = 4"), kb::error);
}

TEST_CASE("solve_spd is exact in rationals and refuses singular or indefinite K") {
    Matrix<kb::rational> K(3, 3);
    K << 4, 2, 0, 2, 3, 1, 0, 1, 2;
    const Matrix<kb::rational> Kinv = kb::inverse_spd(K);
    CHECK(Matrix<kb::rational>(K * Kinv) == Matrix<kb::rational>::Identity(3, 3));
    Matrix<kb::rational> S(2, 2);
    S << 1, 1, 1, 1; // PSD but singular
    CHECK_THROWS_WITH_AS(kb::inverse_spd(S), doctest::Contains("not positive definite"), kb::error);
    Matrix<double> Id(2, 2);
    Id << 1, 2, 2, 1; // indefinite
    CHECK_THROWS_WITH_AS(kb::inverse_spd(Id),
                         doctest::Contains("inverse_spd: K is not positive definite (singular or indefinite); for a "
                                           "singular PSD K use psd_pseudo_inverse with an explicit rank tolerance"),
                         kb::error);
}

TEST_CASE("inverse_spd refuses a non-square, empty, non-finite, asymmetric or indefinite K in its own name") {
    CHECK_THROWS_WITH_AS(kb::inverse_spd(Matrix<double>(2, 3)),
                         doctest::Contains("inverse_spd: K must be a non-empty square matrix, but it is 2×3"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::inverse_spd(Matrix<double>(0, 0)),
                         doctest::Contains("inverse_spd: K must be a non-empty square matrix, but it is 0×0"),
                         kb::error);
    Matrix<double> K = Matrix<double>::Identity(2, 2);
    K(0, 1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::inverse_spd(K),
                         doctest::Contains("inverse_spd: K(0,1) = nan is not finite; remove or impute non-finite "
                                           "values before calling"), kb::error);
    Matrix<kb::rational> A(2, 2);
    A << 1, 2, 3, 4;
    CHECK_THROWS_WITH_AS(kb::inverse_spd(A),
                         doctest::Contains("inverse_spd: K must be symmetric, but K(0,1) = 2 and K(1,0) = 3; pass (A "
                                           "+ Aᵀ)/2 if the asymmetry is rounding"), kb::error);
    Matrix<kb::rational> S(2, 2);
    S << 1, 1, 1, 1; // PSD but singular
    CHECK_THROWS_WITH_AS(kb::inverse_spd(S),
                         doctest::Contains("inverse_spd: K is not positive definite (singular or indefinite); for a "
                                           "singular PSD K use psd_pseudo_inverse with an explicit rank tolerance"),
                         kb::error);
}

TEST_CASE("is_psd_exact decides PSD exactly, including the zero-diagonal indefinite case") {
    Matrix<kb::rational> A(2, 2);
    A << 0, 1, 1, 0; // eigenvalues ±1: LDLᵀ with pivoting finds no non-zero pivot on the diagonal
    CHECK_FALSE(kb::is_psd_exact(A));
    A << 1, 1, 1, 1; // PSD, rank 1
    CHECK(kb::is_psd_exact(A));
    A << 1, 1, 1, kb::rational(999999, 1000000); // determinant −10⁻⁶
    CHECK_FALSE(kb::is_psd_exact(A));
}

TEST_CASE("exact_psd_rank gives the rank of a PSD matrix and no value for an indefinite one and is_psd_exact agrees") {
    // 𝟙𝟙ᵀ + xxᵀ with x = (0, 1, 0, 1): PSD of rank 2, with a zero pivot before a positive one
    // for an elimination that pivots on the un-updated diagonal.
    const Vector<kb::rational> one = Vector<kb::rational>::Ones(4);
    Vector<kb::rational> x(4);
    x << 0, 1, 0, 1;
    const Matrix<kb::rational> K = one * one.transpose() + x * x.transpose();
    REQUIRE(kb::exact_psd_rank(K).has_value());
    CHECK(*kb::exact_psd_rank(K) == 2);
    CHECK(kb::is_psd_exact(K));
    // Minus a small multiple of a null direction: indefinite, no rank, not PSD.
    Vector<kb::rational> v(4);
    v << 1, 0, -1, 0; // K v = 0
    const Matrix<kb::rational> bad = K - kb::rational(1, 1000) * v * v.transpose();
    CHECK_FALSE(kb::exact_psd_rank(bad).has_value());
    CHECK_FALSE(kb::is_psd_exact(bad));
    // Each names itself when the input is not symmetric.
    Matrix<kb::rational> A(2, 2);
    A << 1, 2, 3, 4;
    CHECK_THROWS_WITH_AS(kb::exact_psd_rank(A), doctest::Contains("exact_psd_rank: K must be exactly symmetric"), kb::error);
    CHECK_THROWS_WITH_AS(kb::is_psd_exact(A), doctest::Contains("is_psd_exact: K must be exactly symmetric"), kb::error);
}

TEST_CASE("align_signs flips exactly the columns that point against the reference, and refuses other shapes") {
    Matrix<kb::rational> ref(3, 2), A(3, 2);
    ref << 1, 0, 2, 1, 0, -1;
    A << -1, 0, -2, 2, 1, -3; // column 0 against ref (dot −5), column 1 with it (dot 5)
    const Matrix<kb::rational> B = kb::align_signs(A, ref);
    CHECK(Matrix<kb::rational>(B.col(0)) == Matrix<kb::rational>(-A.col(0)));
    CHECK(Matrix<kb::rational>(B.col(1)) == Matrix<kb::rational>(A.col(1)));
    // A column orthogonal to its reference (dot 0) keeps its sign.
    Matrix<kb::rational> C(3, 1);
    C << 0, 0, 5;
    CHECK(kb::align_signs(C, Matrix<kb::rational>(ref.col(0))) == C);
    CHECK_THROWS_WITH_AS(kb::align_signs(Matrix<kb::rational>(2, 2), ref), doctest::Contains("align_signs: A is 2×2 but ref is 3×2"),
                         kb::error);
}

TEST_CASE_TEMPLATE("centring: J is symmetric and idempotent, J1 = 0, and double_center(K) = JKJ", T,
                   KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(1, 9);
        const Matrix<T> J = kb::centering_matrix<T>(N);
        const Matrix<T> K = kb::from_integers<T>(*kb::test::int_matrix(N, N, -9, 9), 7);
        const Matrix<T> JKJ = J * K * J;
        const Matrix<T> DC = kb::double_center(K);
        if constexpr (kb::is_exact_v<T>) {
            RC_ASSERT(Matrix<T>(J * J) == J);
            RC_ASSERT(Matrix<T>(J * kb::ones<T>(N)) == Vector<T>::Zero(N));
            RC_ASSERT(DC == JKJ);
        } else {
            KB_RC_WITHIN(T((J * J - J).norm()), kb::test::one_pass<T>(N, T(N)), "J² = J");
            KB_RC_WITHIN(T((DC - JKJ).norm()), kb::test::one_pass<T>(N * N, T(N) * K.norm()), "double_center = JKJ");
        }
        RC_ASSERT(J == J.transpose());
    });
}

TEST_CASE("a wrong centring (dividing by N − 1) is caught: JKJ has zero row sums, the wrong one does not") {
    // The failing companion of the centring property: the normalisation matters exactly.
    const int N = 4;
    Matrix<kb::rational> K(N, N);
    K << 2, 1, 0, 1, 1, 3, 1, 0, 0, 1, 2, 1, 1, 0, 1, 4;
    const Matrix<kb::rational> wrongJ =
        Matrix<kb::rational>::Identity(N, N) - Matrix<kb::rational>::Constant(N, N, kb::rational(1, N - 1));
    const Vector<kb::rational> ones = kb::ones<kb::rational>(N);
    CHECK(Vector<kb::rational>(kb::double_center(K) * ones) == Vector<kb::rational>::Zero(N));
    CHECK(Vector<kb::rational>(wrongJ * K * wrongJ * ones) != Vector<kb::rational>::Zero(N));
}

TEST_CASE("Gram matrices: exactly symmetric, and bad input is refused") {
    const Matrix<double> X = kb::from_integers<double>((IntMatrix(3, 2) << 1, 2, 3, 4, 5, 7).finished(), 10);
    const Matrix<double> K = kb::gram(kb::GaussianKernel<double>::from_sigma(0.7), X);
    CHECK(K == K.transpose());
    const Matrix<double> Y = Matrix<double>::Ones(2, 3);
    CHECK_THROWS_WITH_AS(kb::gram(kb::LinearKernel<double>{}, X, Y), doctest::Contains("dimension 2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::GaussianKernel<double>::from_sigma(0.0),
                         doctest::Contains("GaussianKernel::from_sigma: σ = 0 must be finite and > 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::PolynomialKernel<double>(-1.0, 2),
                         doctest::Contains("PolynomialKernel: offset c = -1 must be finite and ≥ 0 ((c + xᵀy)^d with "
                                           "c < 0 is not PSD in general)"), kb::error);
    CHECK_THROWS_WITH_AS(kb::PolynomialKernel<double>(1.0, 0),
                         doctest::Contains("PolynomialKernel: degree d = 0 must be ≥ 1"), kb::error);
}

TEST_CASE("gram(k, Z, X) is M x N with entry (m, n) = k(z_m, x_n), and AnyKernel gives the wrapped kernel's values") {
    // An asymmetric function makes the orientation visible: k(z, x) = z_0 + 10 x_0 (not a
    // kernel — only the layout is under test here).
    const auto f = [](const kb::RowVector<kb::rational>& z, const kb::RowVector<kb::rational>& x) {
        return kb::rational(z(0) + 10 * x(0));
    };
    const Matrix<kb::rational> Z = (Matrix<kb::rational>(2, 1) << 1, 2).finished();
    const Matrix<kb::rational> X = (Matrix<kb::rational>(3, 1) << 3, 4, 5).finished();
    const Matrix<kb::rational> expected = (Matrix<kb::rational>(2, 3) << 31, 41, 51, 32, 42, 52).finished();
    CHECK(kb::gram(f, Z, X) == expected);
    // Swapping the point sets swaps the roles: the rows are always the first set's points.
    CHECK(kb::gram(f, X, Z) == (Matrix<kb::rational>(3, 2) << 13, 23, 14, 24, 15, 25).finished());

    // Through the one type erasure: the same matrices exactly, the same values, and a
    // description also for a kernel written as a plain function.
    const kb::AnyKernel<kb::rational> any = f;
    CHECK(kb::gram(any, Z, X) == expected);
    CHECK(any(Z.row(1), X.row(2)) == kb::rational(52));
    CHECK(any.describe() == "a kernel given as a function k(x, y)");
    const Matrix<double> P = kb::from_integers<double>((IntMatrix(3, 2) << 1, 2, 3, 4, 5, 7).finished(), 10);
    const auto g = kb::GaussianKernel<double>::from_sigma(0.7);
    const kb::AnyKernel<double> erased = g;
    CHECK(kb::gram(erased, P) == kb::gram(g, P));
    const Matrix<double> Q = P.topRows(2);
    CHECK(kb::gram(erased, Q, P) == kb::gram(g, Q, P));
    CHECK(erased.describe() == g.describe());
}

// Points are checked once, where they enter; kernel values are checked wherever they are
// computed, because a kernel can overflow on finite points: (1 + xy)^200 at x = 1, y = 10³ is
// 1001^200 ≈ 10⁶⁰⁰, beyond double's 1.8·10³⁰⁸, while every pair with a point of `small`
// except (1, 10³) stays below 2^200 ≈ 1.6·10⁶⁰. The position names the first overflow.
TEST_CASE("a kernel value that overflows is refused where it is computed: by gram and by every method that keeps a "
          "kernel") {
    const kb::PolynomialKernel<double> k(1.0, 200);
    const Matrix<double> big = (Matrix<double>(2, 1) << 1.0, 1e3).finished();
    const Matrix<double> small = (Matrix<double>(2, 1) << 1e-3, 1.0).finished();
    const std::string remedy = " is not finite for the kernel k(x, y) = (1 + xᵀy)^200; rescale the data or choose "
                               "kernel parameters that do not overflow";
    CHECK_THROWS_WITH_AS(kb::gram(k, big), ("gram: the kernel value k(x_i, x_j) at (0,1) = inf" + remedy).c_str(),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::gram(k, big, small), ("gram: the kernel value k(z_m, x_n) at (1,1) = inf" + remedy).c_str(),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca(k, big, {.components = 1}),
                         ("KernelPca: the kernel value k(x_i, x_j) at (0,1) = inf" + remedy).c_str(), kb::error);
    const kb::KernelPca fitted(k, small, {.components = 1});
    CHECK_THROWS_WITH_AS(fitted.transform(big),
                         ("KernelPca::transform: the kernel value k(z_m, x_i) at (1,1) = inf" + remedy).c_str(),
                         kb::error);
    const kb::KernelExpansion<double, kb::PolynomialKernel<double>> f(k, small, kb::Vector<double>::Ones(2));
    CHECK_THROWS_WITH_AS(f(big.row(1)),
                         ("KernelExpansion::operator(): the kernel value k(x_i, z) at (1,0) = inf" + remedy).c_str(),
                         kb::error);
    CHECK_THROWS_WITH_AS(f.values(big),
                         ("KernelExpansion::values: the kernel value k(x_i, z_m) at (1,1) = inf" + remedy).c_str(),
                         kb::error);
    // The same calls on values that stay finite are accepted (10^200 < 1.8·10^308), so the
    // check refuses the overflow and nothing else.
    const Matrix<double> K = kb::gram(k, small);
    CHECK(K(1, 1) == std::pow(2.0, 200)); // (1 + 1·1)^200 by repeated doubling: exact in double
    CHECK(fitted.transform(small).allFinite());
    CHECK(std::isfinite(f(small.row(1))));
    // A NaN from a kernel written as a function is refused the same way.
    const auto nan_kernel = [](const kb::RowVector<double>&, const kb::RowVector<double>&) {
        return std::numeric_limits<double>::quiet_NaN();
    };
    CHECK_THROWS_WITH_AS(kb::gram(nan_kernel, small),
                         "gram: the kernel value k(x_i, x_j) at (0,0) = nan is not finite for a kernel given as a "
                         "function k(x, y); rescale the data or choose kernel parameters that do not overflow",
                         kb::error);
    // Every kernel compares points of one space, the paraboloid lift's included.
    const kb::RowVector<double> x2 = kb::RowVector<double>::Ones(2), x3 = kb::RowVector<double>::Ones(3);
    CHECK_THROWS_WITH_AS(kb::ParaboloidLiftKernel<double>{}(x2, x3),
                         doctest::Contains("ParaboloidLiftKernel: points have dimensions 2 and 3; a kernel compares "
                                           "two points of the same space (give both the same number of coordinates)"),
                         kb::error);
}

// ---------------------------------------------------------------------------------------
// The thresholds of the numerics policy (kernelbook/numerics.hpp), pinned by behaviour: an
// eigenvalue a factor 3 on either side of a documented threshold is treated as the policy
// says. A threshold moved by a factor 10 either way, or a ≥ written for a >, fails here.

namespace {
constexpr double eps = std::numeric_limits<double>::epsilon();

// An exactly orthogonal 4×4 matrix (Sylvester–Hadamard over 2): column 0 is 𝟙/2, columns
// 1–3 are orthogonal to 𝟙, so data or Gram matrices built from them are already centred.
Matrix<double> hadamard4() {
    Matrix<double> H(4, 4);
    H << 1, 1, 1, 1, 1, -1, 1, -1, 1, 1, -1, -1, 1, -1, -1, 1;
    return H / 2.0;
}
} // namespace

TEST_CASE("numerical_rank counts the eigenvalues strictly above the tolerance") {
    Vector<double> v(3);
    v << 1.0, 0.25, 0.125;
    CHECK(kb::numerical_rank(v, 0.25) == 1); // equal to the tolerance: not counted
    CHECK(kb::numerical_rank(v, 0.125) == 2);
    CHECK(kb::numerical_rank(v, 0.0) == 3);
}

TEST_CASE("require_psd treats a negative eigenvalue above -64 n eps ||A|| as rounding and refuses one below") {
    const double tau = 64 * 2 * eps * 1.0; // n = 2, ‖A‖₂ = λ_max = 1
    kb::SymmetricEigen<double> eig{Vector<double>(2), Matrix<double>::Identity(2, 2)};
    eig.values << 1.0, -3 * tau;
    CHECK_THROWS_WITH_AS(kb::require_psd(eig, "test", "A"), doctest::Contains("not positive semi-definite"), kb::error);
    eig.values << 1.0, -tau / 3;
    CHECK_NOTHROW(kb::require_psd(eig, "test", "A"));
}

TEST_CASE("PCA counts a component when lambda_j > max(N q) eps ||X||_F^2 and not below") {
    // X = [h₁, √λ₂ h₂] (4×2) with centred orthonormal columns h of the Hadamard matrix: the
    // scatter matrix has the eigenvalues 1 and λ₂, and τ = max(4, 2)·ε·(1 + λ₂).
    const Matrix<double> H = hadamard4();
    for (const double factor : {3.0, 1.0 / 3.0}) {
        const double lambda2 = factor * 4 * eps / (1 - factor * 4 * eps); // λ₂ = factor·τ
        Matrix<double> A(4, 2);
        A.col(0) = H.col(1);
        A.col(1) = std::sqrt(lambda2) * H.col(2);
        for (const auto route : {kb::PcaRoute::svd, kb::PcaRoute::covariance_eigen})
            CHECK(kb::Pca(A, {.components = 1, .route = route}).rank() == (factor > 1 ? 2 : 1));
    }
}

TEST_CASE("kernel PCA keeps a component when mu_j > 64 N eps N max|K| and not below") {
    // K = h₁h₁ᵀ + μ₂h₂h₂ᵀ is centred (K̃ = K), max|K| = (1 + μ₂)/4, so τ = 256·ε·(1 + μ₂).
    const Matrix<double> H = hadamard4();
    for (const double factor : {3.0, 1.0 / 3.0}) {
        const double mu2 = factor * 256 * eps / (1 - factor * 256 * eps); // μ₂ = factor·τ
        const Matrix<double> K = H.col(1) * H.col(1).transpose() + mu2 * H.col(2) * H.col(2).transpose();
        kb::KernelPca<double> kp(K, {.components = 1});
        CHECK(kp.rank() == (factor > 1 ? 2 : 1));
    }
}

TEST_CASE("the explicit map is built when lambda_min > 64 N eps lambda_max and refused below") {
    // Points X = H diag(√λ) (rows), linear kernel: K = XXᵀ has the eigenvalues 1, 1, 1, λ₄.
    const Matrix<double> H = hadamard4();
    const kb::LinearKernel<double> k;
    for (const double factor : {3.0, 1.0 / 3.0}) {
        const double rho = 64 * 4 * eps; // λ_max = 1
        Vector<double> root(4);
        root << 1, 1, 1, std::sqrt(factor * rho);
        const Matrix<double> X = H * root.asDiagonal();
        if (factor > 1) {
            const kb::ExplicitFeatureMap<double> phi(k, X);
            CHECK(phi.rank() == 4);
        } else {
            CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(k, X), doctest::Contains("numerically singular"),
                                 kb::error);
        }
    }
}

TEST_CASE("the sign rule makes the first entry of largest magnitude positive when magnitudes tie") {
    Matrix<double> V(3, 1);
    V << -1, 1, 0.5;
    kb::apply_sign_rule(V);
    CHECK(V(0, 0) == 1);
    CHECK(V(1, 0) == -1);
}

TEST_CASE("the explicit map's covariance is exactly symmetric") {
    // C = K^{1/2}JK^{1/2}/N is symmetric in exact arithmetic; the rounded product is not, and
    // the eigensolver of the primal kernel PCA reads one triangle: C is symmetrised.
    Matrix<double> X(6, 2);
    X << 0.1, 0.7, -0.4, 0.3, 0.9, -0.2, 0.5, 0.5, -0.8, -0.6, 0.2, -0.9;
    const kb::ExplicitFeatureMap<double> phi(kb::GaussianKernel<double>::from_gamma(1.5), X);
    const Matrix<double> C = phi.covariance();
    CHECK(C == Matrix<double>(C.transpose()));
}

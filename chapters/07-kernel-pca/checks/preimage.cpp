/// \file preimage.cpp
/// \brief Chapter 7, §7.13: pre-images by kernel ridge regression (kb::KernelPcaPreimage) — an
///        exact case in rational arithmetic against a reference solved by Cramer's rule, the same
///        case through kb::KernelPca in real50, the training identity X − Γ(Y) = αβ over random
///        data, interpolation as α → 0 at the rate the formula gives, double against real50,
///        and the refusals — each law with a companion that feeds it a wrong formula.
#include "chapter_support.hpp"

#include "kernelbook/features.hpp"
#include "kernelbook/preimage.hpp"

using namespace kb::test::ch07;

namespace preimage_checks {

using std::sqrt;
using Q = kb::rational;

// §7.2's data and its exact training scores Y (3×2), read off the lesson (not computed here).
inline IntMatrix small_Xi() { return (IntMatrix(3, 2) << 0, 1, 1, -2, 2, 1).finished(); }
inline Matrix<Q> small_Y() { return kb::test::exact_matrix({9, -1, -6, -4, -3, 5}, 3, 3); }

// The lift kernel κ(a, b) = aᵀb + ‖a‖²‖b‖² on score rows, written out (not kb::gram).
inline Matrix<Q> lift_gram(const Matrix<Q>& A, const Matrix<Q>& B) {
    Matrix<Q> K(A.rows(), B.rows());
    for (Eigen::Index i = 0; i < A.rows(); ++i)
        for (Eigen::Index j = 0; j < B.rows(); ++j) {
            Q dot(0), a2(0), b2(0);
            for (Eigen::Index c = 0; c < A.cols(); ++c) {
                dot += A(i, c) * B(j, c);
                a2 += A(i, c) * A(i, c);
                b2 += B(j, c) * B(j, c);
            }
            K(i, j) = dot + a2 * b2;
        }
    return K;
}

// The inverse of a 3×3 matrix by its adjugate (Cramer's rule): independent of kb::solve_spd.
inline Matrix<Q> inverse3(const Matrix<Q>& M) {
    Matrix<Q> C(3, 3);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            const int r0 = (i + 1) % 3, r1 = (i + 2) % 3, c0 = (j + 1) % 3, c1 = (j + 2) % 3;
            C(j, i) = M(r0, c0) * M(r1, c1) - M(r0, c1) * M(r1, c0); // cofactor (i, j), transposed
        }
    const Q det = M(0, 0) * C(0, 0) + M(0, 1) * C(1, 0) + M(0, 2) * C(2, 0);
    REQUIRE(det != 0);
    return C / det;
}

// The bound on X − Γ(Y) − αβ as computed, for a Gaussian κ(a, b) = exp(−γ‖a − b‖²) on scores of
// a Gaussian kernel PCA (so 0 < κ ≤ 1 and ‖y‖² ≤ k̃(x, x) ≤ 2, Bessel):
//  - the fit solves (M + E)β̂ = X by Cholesky, M = K_Y + αI, ‖E‖₂ ≤ c₂Nε‖M‖₂ with
//    ‖M‖₂ ≤ N + α; so X − K_Yβ̂ − αβ̂ = Eβ̂, and ‖β̂_c‖₂ ≤ ‖x_c‖₂/α (M ⪰ αI);
//  - Γ(Y) evaluates κ(y_i, y_j) again, by the rectangular route, whose values may differ from
//    K_Y's by the rounding of exp(−γ‖y_i − y_j‖²): one pass over p + 2 terms of size ≤ 8γ + 1,
//    times N coefficients ≤ ‖X‖_F/α;
//  - the product K_Yβ̂ (N terms ≤ ‖X‖_F/α) and the subtraction from X: one pass.
template <class T>
kb::test::Bound<T> training_identity_bound(Eigen::Index N, Eigen::Index p, const T& gamma, const T& alpha,
                                           const Matrix<T>& X) {
    const T x = X.norm() / alpha;
    return plus(plus(kb::test::factorisation<T>(N, T((T(N) + alpha) * x)),
                     kb::test::one_pass<T>(p + 2, T((T(8) * gamma + T(1)) * T(N) * x))),
                kb::test::one_pass<T>(N, T(T(N) * x + kb::max_abs(X))));
}

// max |X − G − αβ| for pre-images G of the training scores and coefficients β.
template <class T>
T training_identity_error(const Matrix<T>& X, const Matrix<T>& G, const T& alpha, const Matrix<T>& beta) {
    return kb::max_abs(Matrix<T>(X - G - alpha * beta));
}

// The fixed case of the companions: chapter 7's six fixed points, σ = 2 (Zhu's convention).
template <class T>
kb::GaussianKernel<T> fixed_kernel() {
    return kb::GaussianKernel<T>::from_zhu_sigma(T(2));
}

} // namespace preimage_checks

using namespace preimage_checks;

//! [preimage-exact]
TEST_CASE("pre-images by kernel ridge regression are exact in rationals: the scores of section 7.2 with the lift "
          "kernel and alpha = 1/2 give beta = (K_Y + alpha I)^-1 X and X - Gamma(Y) = alpha beta") {
    const Matrix<Q> X = kb::from_integers<Q>(small_Xi());
    const Matrix<Q> Y = small_Y();
    const Q alpha(1, 2);
    // The reference: K_Y written out, (K_Y + αI)⁻¹ by the adjugate.
    const Matrix<Q> KY = lift_gram(Y, Y);
    const Matrix<Q> beta = inverse3(Matrix<Q>(KY + alpha * Matrix<Q>::Identity(3, 3))) * X;
    kb::KernelPcaPreimage<Q> map(Y, X, kb::ParaboloidLiftKernel<Q>{}, alpha);
    CHECK(map.coefficients() == beta);
    CHECK(map.inverse_transform(Y) == Matrix<Q>(KY * beta));
    CHECK(Matrix<Q>(X - map.inverse_transform(Y)) == Matrix<Q>(alpha * beta)); // the training identity
    // The pre-image of the score y(z) = (13/7, 8/21) of z = (1, 1) (§7.2).
    const Matrix<Q> yz = kb::test::exact_matrix({39, 8}, 1, 21);
    CHECK(map.inverse_transform(yz) == Matrix<Q>(lift_gram(yz, Y) * beta));
    // Companions: a wrong ridge sign, and β without the ridge, differ from β; the one without
    // the ridge interpolates (X − K_Yβ₀ = 0), so the training identity rejects it.
    const Matrix<Q> beta_minus = inverse3(Matrix<Q>(KY - alpha * Matrix<Q>::Identity(3, 3))) * X;
    const Matrix<Q> beta_none = inverse3(KY) * X;
    CHECK(beta_minus != beta);
    CHECK(beta_none != beta);
    CHECK(Matrix<Q>(X - KY * beta_none) == Matrix<Q>::Zero(3, 2));
    CHECK(Matrix<Q>(X - KY * beta_none) != Matrix<Q>(alpha * beta_none));
    CHECK(Matrix<Q>(X - KY * beta_minus) != Matrix<Q>(alpha * beta_minus));
}
//! [preimage-exact]

TEST_CASE("pre-images through kb::KernelPca in real50 agree with the exact rational reference of section 7.2 within "
          "the rounding of the scores") {
    using F = kb::real50;
    const Matrix<Q> Xq = kb::from_integers<Q>(small_Xi());
    const Matrix<Q> Yq = small_Y();
    const Q alpha(1, 2);
    const Matrix<Q> Mq = lift_gram(Yq, Yq) + alpha * Matrix<Q>::Identity(3, 3);
    const Matrix<Q> Minv = inverse3(Mq);
    const Matrix<Q> beta = Minv * Xq;
    const Matrix<Q> yz = kb::test::exact_matrix({39, 8}, 1, 21);
    const Matrix<Q> gz = lift_gram(yz, Yq) * beta;

    kb::KernelPca<F> kp(kb::ParaboloidLiftKernel<F>{}, kb::from_integers<F>(small_Xi()), {.components = 2});
    kb::KernelPcaPreimage<F> map(kp, kb::from_integers<F>(small_Xi()), kb::ParaboloidLiftKernel<F>{}, F(1) / F(2));
    // e bounds every score error of kb::KernelPca here, training and z: the bound of the §7.2
    // check (worked_examples.cpp), N = 3, gap 14/3.
    const long N = 3;
    const F gap = F(14) / F(3);
    const F e = plus(kb::test::subspace<F>(N, F(6 * 15), gap),
                     kb::test::one_pass<F>(N, F(F(6 * N * 30) / gap + F(N * 30) / F(2))))
                    .value;
    // κ(a, b) = aᵀb + ‖a‖²‖b‖² has ‖∇_a κ‖ = ‖b + 2‖b‖²a‖ ≤ R + 2R³ ≤ 63 for rows of norm
    // ≤ R = 3.1 (the largest exact row is √(82/9) < 3.02): an error ≤ √2 e in each row moves κ by
    // ≤ 2·63·√2 e < 180 e, and evaluating κ (two sums of p = 2 products, values ≤ R⁴ < 100)
    // rounds by one pass. So ‖ΔM‖_F ≤ 3 δκ, and the Cholesky backward error adds c₂Nε‖M‖_F.
    // To first order ‖Δβ‖_F ≤ ‖M⁻¹‖_F (‖ΔM‖_F + c₂Nε‖M‖_F) ‖β‖_F, all three norms exact.
    const F dk = F(180) * e + kb::test::one_pass<F>(4, F(100)).value;
    const F normMinv = sqrt(kb::convert<F>(Q(Minv.squaredNorm())));
    const F normM = sqrt(kb::convert<F>(Q(Mq.squaredNorm())));
    const F normBeta = sqrt(kb::convert<F>(Q(beta.squaredNorm())));
    const auto beta_bound = plus(kb::test::factorisation<F>(N, F(normMinv * normM * normBeta)),
                                 kb::test::Bound<F>{F(normMinv * F(3) * dk * normBeta), "scores (e) and κ", N, dk});
    KB_CHECK_WITHIN(kb::max_abs(Matrix<F>(map.coefficients() - kb::convert_matrix<F>(beta))), beta_bound,
                    "β = (K_Y + αI)⁻¹X");
    // Γ(y(z)) = k_z β: ‖Δk_z‖₂ ≤ √3 δκ, ‖k_z‖₂ exact, plus the product (3 terms).
    const Matrix<Q> kz = lift_gram(yz, Yq);
    const F normKz = sqrt(kb::convert<F>(Q(kz.squaredNorm())));
    auto gz_bound = beta_bound;
    gz_bound.value = sqrt(F(3)) * dk * normBeta + normKz * beta_bound.value +
                     kb::test::one_pass<F>(N, F(normKz * normBeta)).value;
    KB_CHECK_WITHIN(kb::max_abs(Matrix<F>(map.reconstruct(kp, kb::from_integers<F>((IntMatrix(1, 2) << 1, 1).finished())) -
                                          kb::convert_matrix<F>(gz))),
                    gz_bound, "Γ(y(z)), z = (1, 1)");
    // Companion: the same bound rejects the exact β of the ridge 2α (the convention of a loss
    // weighted by ½, whose minimiser is (K_Y + 2αI)⁻¹X).
    const Matrix<Q> beta2 = inverse3(Matrix<Q>(lift_gram(Yq, Yq) + Q(2) * alpha * Matrix<Q>::Identity(3, 3))) * Xq;
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<F>(map.coefficients() - kb::convert_matrix<F>(beta2))), beta_bound,
                     "β with 2α");
}

//! [preimage-training-law]
TEST_CASE_TEMPLATE("pre-images of the training scores miss the training points by exactly alpha times the "
                   "coefficients: X - Gamma(Y) = alpha beta",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_gaussian_case<T>(max_points<T>());
        const auto [K, ref, p, kp] = fit_well_posed<T>(c);
        const T alpha = T(1) / T(1L << (2 * *kb::test::int_in(0, 2))); // 1, 1/4 or 1/16
        kb::KernelPcaPreimage<T> map(kp, c.X, c.k, alpha);
        const Matrix<T> G = map.inverse_transform(kp.scores());
        KB_RC_WITHIN(training_identity_error(c.X, G, alpha, map.coefficients()),
                     training_identity_bound<T>(ref.N, p, c.k.gamma(), alpha, c.X), "X − Γ(Y) = αβ");
    });
}
//! [preimage-training-law]

TEST_CASE_TEMPLATE("the training identity X - Gamma(Y) = alpha beta catches a wrong ridge sign and coefficients "
                   "computed without the ridge",
                   T, KB_CH07_FIXED_TYPES) {
    const Matrix<T> X = fixed_X<T>();
    const auto k = fixed_kernel<T>();
    kb::KernelPca<T> kp(k, X, {.components = 2});
    const T alpha = T(1) / T(4);
    kb::KernelPcaPreimage<T> map(kp, X, k, alpha);
    const auto bound = training_identity_bound<T>(X.rows(), 2, k.gamma(), alpha, X);
    KB_CHECK_WITHIN(training_identity_error(X, map.inverse_transform(kp.scores()), alpha, map.coefficients()), bound,
                    "X − Γ(Y) = αβ");
    const Matrix<T> KY = kb::gram(k, kp.scores());
    const Matrix<T> I = Matrix<T>::Identity(X.rows(), X.rows());
    // (K_Y − αI)⁻¹X: K_Y − αI may be indefinite, so LDLᵀ with pivoting, not Cholesky.
    const Matrix<T> beta_minus = Matrix<T>(KY - alpha * I).ldlt().solve(X);
    KB_CHECK_EXCEEDS(training_identity_error(X, Matrix<T>(KY * beta_minus), alpha, beta_minus), bound,
                     "wrong sign: (K_Y − αI)⁻¹X");
    const Matrix<T> beta_none = kb::solve_spd(KY, X);
    KB_CHECK_EXCEEDS(training_identity_error(X, Matrix<T>(KY * beta_none), alpha, beta_none), bound,
                     "no ridge: K_Y⁻¹X");
}

// As α → 0 with p = N − 1 (distinct score rows, so K_Y is positive definite), Γ reproduces the
// training points: X − Γ(Y) = α(K_Y + αI)⁻¹X, hence
//   α‖X‖_F/(λ_max + α) ≤ ‖X − Γ(Y)‖_F ≤ α‖X‖_F/λ_min        (λ of K_Y):
// the error falls linearly in α. λ_min, λ_max: K_Y of the map's own training scores, evaluated
// and decomposed in real100 (its κ values differ from those of T by at most N δκ in norm, which
// is added to the bound with the rounding of the training identity, as a Frobenius norm).
template <class T>
struct RateCheck {
    T lo, hi;              // α‖X‖_F/(λ_max + α), α‖X‖_F/λ_min
    kb::test::Bound<T> b;  // the rounding allowed on either side
};

template <class T>
RateCheck<T> rate_check(const kb::KernelPcaPreimage<T>& map, const Matrix<T>& X, const T& gamma) {
    using R100 = kb::real100;
    const Eigen::Index N = X.rows(), p = map.training_scores().cols();
    const auto k100 = kb::GaussianKernel<R100>::from_gamma(kb::convert<R100>(gamma));
    const auto e = kb::symmetric_eigen(kb::gram(k100, kb::convert_matrix<R100>(map.training_scores())));
    const T alpha = map.ridge();
    const T dk = kb::test::one_pass<T>(p + 2, T(T(8) * gamma + T(1))).value * T(N);
    const T lmax = kb::convert<T>(e.values(0)) + dk, lmin = kb::convert<T>(e.values(N - 1)) - dk;
    REQUIRE(lmin > 0);
    auto b = training_identity_bound<T>(N, p, gamma, alpha, X);
    b.value *= sqrt(T(N * X.cols())); // max-abs → Frobenius
    return {T(alpha * X.norm() / (lmax + alpha)), T(alpha * X.norm() / lmin), b};
}

//! [preimage-interpolation]
TEST_CASE_TEMPLATE("as alpha goes to 0 with p = N - 1 components the pre-images of the training scores reproduce X "
                   "and the error falls linearly: alpha |X|/(lambda_max + alpha) <= |X - Gamma(Y)| <= alpha |X|/lambda_min",
                   T, kb::real50, kb::real100) {
    const Matrix<T> X = fixed_X<T>();
    const auto k = fixed_kernel<T>();
    kb::KernelPca<T> kp(k, X, {.components = X.rows() - 1});
    for (int s : {10, 20, 30, 40}) {
        const T alpha = kb::times_power_of_two(T(1), -s);
        kb::KernelPcaPreimage<T> map(kp, X, k, alpha);
        const T r = Matrix<T>(X - map.inverse_transform(kp.scores())).norm();
        const auto rc = rate_check(map, X, k.gamma());
        KB_CHECK_WITHIN(kb::test::positive_part(T(r - rc.hi)), rc.b, "‖X − Γ(Y)‖ ≤ α‖X‖/λ_min");
        KB_CHECK_WITHIN(kb::test::positive_part(T(rc.lo - r)), rc.b, "‖X − Γ(Y)‖ ≥ α‖X‖/(λ_max + α)");
    }
}
//! [preimage-interpolation]

TEST_CASE_TEMPLATE("the interpolation check catches pairs learned out of order and the rate check catches "
                   "coefficients without the ridge",
                   T, kb::real50, kb::real100) {
    const Matrix<T> X = fixed_X<T>();
    const auto k = fixed_kernel<T>();
    kb::KernelPca<T> kp(k, X, {.components = X.rows() - 1});
    const T alpha = kb::times_power_of_two(T(1), -30);
    // Scores paired with the wrong points (rows shifted by one): K_Y has the same eigenvalues,
    // but Γ sends y_i to x_(i+1).
    Matrix<T> shifted(X.rows(), kp.components());
    for (Eigen::Index i = 0; i < X.rows(); ++i) shifted.row((i + 1) % X.rows()) = kp.scores().row(i);
    kb::KernelPcaPreimage<T> wrong(shifted, X, k, alpha);
    const auto rc = rate_check(wrong, X, k.gamma());
    const T r_wrong = Matrix<T>(X - wrong.inverse_transform(kp.scores())).norm();
    KB_CHECK_EXCEEDS(kb::test::positive_part(T(r_wrong - rc.hi)), rc.b, "pairs out of order");
    // Without the ridge the training points are reproduced to rounding: below the lower side.
    kb::KernelPcaPreimage<T> map(kp, X, k, alpha);
    const auto rc2 = rate_check(map, X, k.gamma());
    const Matrix<T> KY = kb::gram(k, kp.scores());
    const T r_none = Matrix<T>(X - KY * kb::solve_spd(KY, X)).norm();
    KB_CHECK_EXCEEDS(kb::test::positive_part(T(rc2.lo - r_none)), rc2.b, "no ridge: error not linear in α");
}

// double against real50 on the same pairs (the real50 scores rounded to double, exactly
// representable in both): only the arithmetic of the regression differs. In T, κ values are
// off by δκ = one pass over p + 2 terms ≤ 8γ + 1 (as above), so ‖ΔM‖₂ ≤ Nδκ, and Cholesky adds
// ‖E‖₂ ≤ c₂Nε(N + α): to first order ‖Δβ_c‖₂ ≤ (Nδκ + c₂Nε(N + α))‖x_c‖₂/α²; then
// Γ(y) = k_yβ moves by ≤ √N δκ ‖X‖_F/α + √N ‖Δβ‖ + one pass over N terms ≤ ‖X‖_F/α.
template <class T>
T regression_error_bound(Eigen::Index N, Eigen::Index p, const T& gamma, const T& alpha, const T& normX) {
    const T dk = kb::test::one_pass<T>(p + 2, T(T(8) * gamma + T(1))).value;
    const T dbeta = (T(N) * dk * normX + kb::test::factorisation<T>(N, T((T(N) + alpha) * normX)).value) / (alpha * alpha);
    return sqrt(T(N)) * (dk * normX / alpha + dbeta) + kb::test::one_pass<T>(N, T(T(N) * normX / alpha)).value;
}

TEST_CASE("pre-images in double agree with real50 on the same scores within the rounding of the regression, and "
          "the comparison catches the ridge 2 alpha of a loss weighted by 1/2") {
    using F = kb::real50;
    const Matrix<F> X50 = fixed_X<F>();
    const auto k50 = fixed_kernel<F>();
    kb::KernelPca<F> kp(k50, X50, {.components = 3});
    const Matrix<double> Yd = kb::convert_matrix<double>(kp.scores());
    const Matrix<double> Yzd = kb::convert_matrix<double>(kp.transform(fixed_Z<F>()));
    const Matrix<double> Xd = fixed_X<double>();
    kb::KernelPcaPreimage<double> d(Yd, Xd, fixed_kernel<double>(), 0.25);
    kb::KernelPcaPreimage<F> m(kb::convert_matrix<F>(Yd), X50, k50, F(1) / F(4));
    const Eigen::Index N = Xd.rows();
    const double bound_value = regression_error_bound<double>(N, 3, fixed_kernel<double>().gamma(), 0.25, Xd.norm()) +
                               double(regression_error_bound<F>(N, 3, k50.gamma(), F(1) / F(4), X50.norm()));
    const kb::test::Bound<double> bound{bound_value, "regression in double + real50", N, Xd.norm()};
    for (const Matrix<double>* S : {&Yd, &Yzd}) {
        const Matrix<double> from50 = kb::convert_matrix<double>(m.inverse_transform(kb::convert_matrix<F>(*S)));
        KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(d.inverse_transform(*S) - from50)), bound, "Γ double = Γ real50");
    }
    kb::KernelPcaPreimage<F> twice(kb::convert_matrix<F>(Yd), X50, k50, F(1) / F(2));
    const Matrix<double> from_twice = kb::convert_matrix<double>(twice.inverse_transform(kb::convert_matrix<F>(Yzd)));
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<double>(d.inverse_transform(Yzd) - from_twice)), bound, "ridge 2α");
}

TEST_CASE("KernelPcaPreimage refuses a ridge that is not positive and finite - mismatched shapes - non-finite "
          "scores - and a model it was not learned from") {
    const Matrix<double> X = fixed_X<double>();
    const auto k = fixed_kernel<double>();
    kb::KernelPca<double> kp(k, X, {.components = 2});
    for (double a : {0.0, -1.0, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()})
        CHECK_THROWS_WITH_AS(kb::KernelPcaPreimage<double>(kp, X, k, a), doctest::Contains("must be finite and > 0"),
                             kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPcaPreimage<double>(kp, Matrix<double>(X.topRows(5)), k, 0.5),
                         doctest::Contains("X has 5 rows but there are 6 training scores"), kb::error);
    Matrix<double> Y = kp.scores();
    Y(1, 0) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::KernelPcaPreimage<double>(Y, X, k, 0.5), doctest::Contains("is not finite"), kb::error);
    kb::KernelPcaPreimage<double> map(kp, X, k, 0.5);
    CHECK_THROWS_WITH_AS(map.inverse_transform(Matrix<double>::Zero(2, 3)),
                         doctest::Contains("score rows have 3 coordinates but the map was learned from 2"), kb::error);
    Matrix<double> Yz = Matrix<double>::Zero(2, 2);
    Yz(1, 1) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(map.inverse_transform(Yz), doctest::Contains("is not finite"), kb::error);
    kb::KernelPca<double> other(k, X, {.components = 3});
    CHECK_THROWS_WITH_AS(map.reconstruct(other, X), doctest::Contains("are not those this map was learned from"),
                         kb::error);
}

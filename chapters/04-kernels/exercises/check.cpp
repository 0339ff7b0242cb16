/// \file 04-kernels/exercises/check.cpp
/// \brief Chapter 4's laws run on the exercises: on the student's functions (test suite
///        "student"), on the library's functions through the same wiring (suite "library":
///        the checks can pass) and on a typical wrong solution of each exercise (suite
///        "mistake", each test case expected to fail: the checks can fail). laws.cpp runs the
///        same laws on the library directly.
///        Where the model solutions are present (exercises/solutions/, for instructors;
///        not in a student handout), the suite "solution" runs the same checks on them.
#include "../laws.hpp"
#include "exercise_checks.hpp"

#include "gaussian_gram.hpp"
#include "polynomial_features.hpp"

#ifdef KB_MODEL_SOLUTIONS
// The model solutions (exercises/solutions/, for instructors). CMake defines KB_MODEL_SOLUTIONS
// only when that folder exists: a student handout (docs/handout.sh) has neither.
#include "solutions/gaussian_gram.hpp"
#include "solutions/polynomial_features.hpp"
#endif

#include <cmath>

using namespace kb::test::ch04;

namespace {

KB_EXERCISE_FUNCTIONS(gaussian_gram, polynomial_features)

/// The library's functions, with the exercises' signatures.
struct Library {
    template <class T>
    static Matrix<T> gaussian_gram(const Matrix<T>& X, const T& gamma) { return library_gaussian_gram(X, gamma); }
    template <class T>
    static Matrix<T> polynomial_features(const Matrix<T>& X, const T& c, int d) {
        return library_polynomial_features(X, c, d);
    }
};

/// A typical wrong solution of each exercise.
struct Mistake {
    /// exp(−γ‖xᵢ − xⱼ‖): the distance, not its square. Still a PSD matrix (Schoenberg), so
    /// only the identity with the closure rules rejects it.
    template <class T>
    static Matrix<T> gaussian_gram(const Matrix<T>& X, const T& gamma) {
        using std::exp;
        using std::sqrt;
        Matrix<T> K(X.rows(), X.rows());
        for (Eigen::Index i = 0; i < X.rows(); ++i)
            for (Eigen::Index j = 0; j < X.rows(); ++j)
                K(i, j) = exp(-gamma * sqrt(T((X.row(i) - X.row(j)).squaredNorm())));
        return K;
    }
    /// The monomials x^α times √(c^{d−|α|}), without the multinomial coefficient of the weight.
    template <class T>
    static Matrix<T> polynomial_features(const Matrix<T>& X, const T& c, int d) {
        using std::sqrt;
        const kb::PolynomialFeatureMap<T> map(kb::PolynomialKernel<T>(c, d), static_cast<int>(X.cols()));
        Matrix<T> F = map.monomials(X);
        for (Eigen::Index a = 0; a < F.cols(); ++a) {
            int total = 0;
            for (int e : map.exponents()[static_cast<std::size_t>(a)]) total += e;
            T w(1);
            for (int p = total; p < d; ++p) w *= c;
            F.col(a) *= sqrt(w);
        }
        return F;
    }
};

/// Exercise 4.4 checked by beeny:thm3.9.
template <class T, class S>
void exercise_4_4() {
    gaussian_closure_law<T>([](const Matrix<T>& X, const T& gamma) { return S::gaussian_gram(X, gamma); });
}

/// Exercise 4.5 checked by zhu:ex7b.
template <class T, class S>
void exercise_4_5() {
    polynomial_features_law<T>([](const Matrix<T>& X, const T& c, int d) { return S::polynomial_features(X, c, d); });
}

} // namespace

// The passing cases of each exercise: the student's functions, the library's and the model
// solutions (common/exercise_checks.hpp).
KB_EXERCISE("4.4", "gaussian_gram is the Gaussian Gram matrix of the closure rules",
            "[beeny:thm3.9]", exercise_4_4, double, kb::real50)
KB_EXERCISE("4.5", "polynomial_features reproduce the polynomial kernel",
            "[zhu:ex7b]", exercise_4_5, double, kb::real50)

TEST_SUITE("mistake") {
TEST_CASE_TEMPLATE("exercise 4.4 mistake: exp(-g|x-y|) without the square is rejected [beeny:thm3.9]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_4_4<T, Mistake>();
}
TEST_CASE_TEMPLATE("exercise 4.5 mistake: features without the multinomial weights are rejected [zhu:ex7b]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_4_5<T, Mistake>();
}
}


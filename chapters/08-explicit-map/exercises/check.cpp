/// \file 08-explicit-map/exercises/check.cpp
/// \brief Chapter 8's laws run on the exercises: on the student's functions (test suite
///        "student"), on the library's functions through the same wiring (suite "library":
///        the checks can pass) and on a typical wrong solution of each exercise (suite
///        "mistake", each test case expected to fail: the checks can fail). laws.cpp runs the
///        same laws on the library directly.
///        Where the model solutions are present (exercises/solutions/, for instructors;
///        not in a student handout), the suite "solution" runs the same checks on them.
#include "../laws.hpp"
#include "exercise_checks.hpp"

#include "combined_projection.hpp"
#include "dual_projection.hpp"
#include "explicit_features.hpp"

#ifdef KB_MODEL_SOLUTIONS
// The model solutions (exercises/solutions/, for instructors). CMake defines KB_MODEL_SOLUTIONS
// only when that folder exists: a student handout (docs/handout.sh) has neither.
#include "solutions/combined_projection.hpp"
#include "solutions/dual_projection.hpp"
#include "solutions/explicit_features.hpp"
#endif

#include "kernelbook/solve.hpp"

using namespace kb::test::ch08;

namespace {

KB_EXERCISE_FUNCTIONS(explicit_features, dual_projection, combined_projection)

/// The library's functions, with the exercises' signatures.
struct Library {
    template <class T>
    static Matrix<T> explicit_features(const Matrix<T>& K, const Matrix<T>& kZ) { return library_features(K, kZ); }
    template <class T>
    static Matrix<T> dual_projection(const Matrix<T>& K, const kb::DualKpca<T>& dual, const Matrix<T>& kZ) {
        return kb::dual_projection(K, dual, kZ);
    }
    template <class T>
    static Matrix<T> combined_projection(const kb::DualKpca<T>& dual, const Matrix<T>& kZ) {
        return kb::combined_projection(dual, kZ);
    }
};

/// A typical wrong solution of each exercise.
struct Mistake {
    /// K⁻¹k_z in place of K^{-1/2}k_z: the inverse instead of its square root.
    template <class T>
    static Matrix<T> explicit_features(const Matrix<T>& K, const Matrix<T>& kZ) {
        return Matrix<T>(kb::inverse_spd(K) * kZ).transpose();
    }
    /// Eq. 23 with α in place of Jα: k_zᵀα − eᵀKα, as if α were centred like the classical
    /// coefficients of appendix A.
    template <class T>
    static Matrix<T> dual_projection(const Matrix<T>& K, const kb::DualKpca<T>& dual, const Matrix<T>& kZ) {
        const RowVector<T> eKa = Matrix<T>(K * dual.alpha).colwise().mean();
        return Matrix<T>(kZ.transpose() * dual.alpha).rowwise() - eKa;
    }
    /// Eq. 25 with λ in place of Nλ in the constant term (λ = μ/N, the eigenvalue of C, where
    /// K̄α = Nλα needs μ).
    template <class T>
    static Matrix<T> combined_projection(const kb::DualKpca<T>& dual, const Matrix<T>& kZ) {
        const RowVector<T> ea = dual.alpha.colwise().mean(); // eᵀα
        const Matrix<T> centred = dual.alpha.rowwise() - ea;  // α − (Neᵀα)e
        return Matrix<T>(kZ.transpose() * centred).rowwise() - RowVector<T>(dual.lambda.transpose().cwiseProduct(ea));
    }
};

/// Exercise 8.4 checked by ghiasi:thm1.
template <class T, class S>
void exercise_8_4() {
    thm1_law<T>([](const auto& k, const Matrix<T>& X, const Matrix<T>& P) {
        return S::explicit_features(Matrix<T>(kb::gram(k, X)), Matrix<T>(kb::gram(k, X, P)));
    });
}

/// Exercise 8.5 checked by the cross-check of ghiasi:eq16, eq17-23, eq24, eq25 (the combined
/// projection from the library).
template <class T, class S>
void exercise_8_5() {
    cross_check_law<T>(
        [](const Matrix<T>& K, const kb::DualKpca<T>& dual, const Matrix<T>& kZ) { return S::dual_projection(K, dual, kZ); },
        library_combined_projection);
}

/// Exercise 8.6 checked by the cross-check of ghiasi:eq16, eq17-23, eq24, eq25 (the dual
/// projection from the library).
template <class T, class S>
void exercise_8_6() {
    cross_check_law<T>(library_dual_projection,
                       [](const kb::DualKpca<T>& dual, const Matrix<T>& kZ) { return S::combined_projection(dual, kZ); });
}

} // namespace

// The passing cases of each exercise: the student's functions, the library's and the model
// solutions (common/exercise_checks.hpp).
KB_EXERCISE("8.4", "explicit_features is exact for a training point and any z",
            "[ghiasi:thm1]", exercise_8_4, double, kb::real50)
KB_EXERCISE("8.5", "dual_projection agrees with PCA of the mapped data and chapter 7",
            "[ghiasi:eq17-23]", exercise_8_5, double, kb::real50)
KB_EXERCISE("8.6", "combined_projection agrees with PCA of the mapped data and chapter 7",
            "[ghiasi:eq25]", exercise_8_6, double, kb::real50)

TEST_SUITE("mistake") {
TEST_CASE_TEMPLATE("exercise 8.4 mistake: K^-1 k_z in place of K^-1/2 k_z is rejected [ghiasi:thm1]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_8_4<T, Mistake>();
}
TEST_CASE_TEMPLATE("exercise 8.5 mistake: alpha in place of J alpha in eq. 23 is rejected [ghiasi:eq17-23]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_8_5<T, Mistake>();
}
TEST_CASE_TEMPLATE("exercise 8.6 mistake: lambda in place of N lambda in eq. 25 is rejected [ghiasi:eq25]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_8_6<T, Mistake>();
}
}


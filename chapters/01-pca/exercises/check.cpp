/// \file 01-pca/exercises/check.cpp
/// \brief Chapter 1's laws run on the exercises: on the student's functions (test suite
///        "student"), on the library's functions through the same wiring (suite "library":
///        the checks can pass) and on a typical wrong solution of each exercise (suite
///        "mistake", each test case expected to fail: the checks can fail). laws.cpp and
///        exact.cpp run the same laws on the library directly.
///        Where the model solutions are present (exercises/solutions/, for instructors;
///        not in a student handout), the suite "solution" runs the same checks on them.
#include "../laws.hpp"
#include "exercise_checks.hpp"

#include "covariance_matrix.hpp"
#include "pca_scores.hpp"

#ifdef KB_MODEL_SOLUTIONS
// The model solutions (exercises/solutions/, for instructors). CMake defines KB_MODEL_SOLUTIONS
// only when that folder exists: a student handout (docs/handout.sh) has neither.
#include "solutions/covariance_matrix.hpp"
#include "solutions/pca_scores.hpp"
#endif

using namespace kb::test::ch01;

namespace {

KB_EXERCISE_FUNCTIONS(covariance_matrix, pca_scores)

/// The library's functions, with the exercises' signatures.
struct Library {
    template <class T>
    static Matrix<T> covariance_matrix(const Matrix<T>& A) { return kb::covariance_matrix(A); }
    template <class T>
    static Matrix<T> pca_scores(const Matrix<T>& A, Eigen::Index k) { return kb::Pca(A, {.components = k}).scores(); }
};

/// A typical wrong solution of each exercise.
struct Mistake {
    /// XᵀX/m: the population divisor m in place of m − 1.
    template <class T>
    static Matrix<T> covariance_matrix(const Matrix<T>& A) { return kb::scatter_matrix(A) / T(A.rows()); }
    /// A V_k from the SVD of the data itself: the centring forgotten.
    template <class T>
    static Matrix<T> pca_scores(const Matrix<T>& A, Eigen::Index k) { return A * kb::thin_svd(A).V.leftCols(k); }
};

/// Exercise 1.4 checked by beeny:defA.4, exactly: Definition A.4 is a statement about exact
/// numbers, so its law runs in kb::rational only.
template <class S>
void exercise_1_4() {
    covariance_law([](const Matrix<rational>& A) { return S::covariance_matrix(A); });
}

/// Exercise 1.5 checked by the law on the scores (beeny:ex2.1, beeny:defA.4).
template <class T, class S>
void exercise_1_5() {
    scores_law<T>([](const Matrix<T>& A, Eigen::Index k) { return S::pca_scores(A, k); });
}

} // namespace

// The passing cases of each exercise: the student's functions, the library's and the model
// solutions (common/exercise_checks.hpp).
KB_EXACT_EXERCISE("1.4", "covariance_matrix is Definition A.4 exactly",
                  "[beeny:defA.4]", exercise_1_4)
KB_EXERCISE("1.5", "pca_scores are centred and uncorrelated with P^T P = diag(lambda)",
            "[beeny:ex2.1] [beeny:defA.4]", exercise_1_5, double, kb::real50)

TEST_SUITE("mistake") {
TEST_CASE("exercise 1.4 mistake: the divisor m in place of m-1 is rejected [beeny:defA.4]" * doctest::should_fail()) {
    exercise_1_4<Mistake>();
}
TEST_CASE_TEMPLATE("exercise 1.5 mistake: scores of uncentred data are rejected [beeny:ex2.1] [beeny:defA.4]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_1_5<T, Mistake>();
}
}


/// \file 07-kernel-pca/exercises/check.cpp
/// \brief Chapter 7's laws run on the exercises: on the student's functions (test suite
///        "student"), on the library's functions through the same wiring (suite "library":
///        the checks can pass) and on a typical wrong solution of each exercise (suite
///        "mistake", each test case expected to fail: the checks can fail). laws.cpp runs the
///        same laws on the library directly.
///        Where the model solutions are present (exercises/solutions/, for instructors;
///        not in a student handout), the suite "solution" runs the same checks on them.
#include "../laws.hpp"
#include "exercise_checks.hpp"

#include "kernel_pca_scores.hpp"
#include "kernel_pca_transform.hpp"

#ifdef KB_MODEL_SOLUTIONS
// The model solutions (exercises/solutions/, for instructors). CMake defines KB_MODEL_SOLUTIONS
// only when that folder exists: a student handout (docs/handout.sh) has neither.
#include "solutions/kernel_pca_scores.hpp"
#include "solutions/kernel_pca_transform.hpp"
#endif

using namespace kb::test::ch07;

namespace {

KB_EXERCISE_FUNCTIONS(kernel_pca_scores, kernel_pca_transform)

/// The library's functions, with the exercises' signatures.
struct Library {
    template <class T>
    static Matrix<T> kernel_pca_scores(const Matrix<T>& K, Eigen::Index p) { return kb::KernelPca<T>(K, {.components = p}).scores(); }
    template <class T>
    static Matrix<T> kernel_pca_transform(const Matrix<T>& Kz, const Matrix<T>& K, Eigen::Index p) {
        return kb::KernelPca<T>(K, {.components = p}).transform_gram(Kz);
    }
};

/// A typical wrong solution of each exercise.
struct Mistake {
    /// The sources' λ_j = μ_j/N in place of μ_j: Y = U_p diag(√λ), √N times too short.
    template <class T>
    static Matrix<T> kernel_pca_scores(const Matrix<T>& K, Eigen::Index p) {
        const auto e = kb::symmetric_eigen(kb::double_center(K));
        const Vector<T> lambda = e.values.head(p) / T(K.rows());
        return e.vectors.leftCols(p) * lambda.cwiseSqrt().asDiagonal();
    }
    /// The right coefficients a_j = u_j/√μ_j applied to the kernel rows as they come, not
    /// centred with the training means (step (e) of Algorithm 8 with only the scaling fixed).
    template <class T>
    static Matrix<T> kernel_pca_transform(const Matrix<T>& Kz, const Matrix<T>& K, Eigen::Index p) {
        const auto e = kb::symmetric_eigen(kb::double_center(K));
        const Matrix<T> A = e.vectors.leftCols(p) * e.values.head(p).cwiseSqrt().cwiseInverse().asDiagonal();
        return Kz * A;
    }
};

/// Exercise 7.4 checked by zhu:2.3.2 (Y Yᵀ = K̃ at p = rank).
template <class T, class S>
void exercise_7_4() {
    full_rank_law<T>([](const Matrix<T>& K, Eigen::Index p) { return S::kernel_pca_scores(K, p); });
}

/// Exercise 7.5 checked, with the training scores of `Fit` (exercise 7.4; by default S's own),
/// by slides:score / zhu:2.3.2 (transforming the training points reproduces the scores), and
/// by zhu:2.3.1 / zhu:2.3.2 and zhu:1.2.2 (polynomial- and linear-kernel PCA = PCA of the
/// explicit features). The eigenvalues μ_j that the last two compare with the squared
/// singular values of the features are read off the scores: YᵀY = diag(μ).
template <class T, class S, class Fit = S>
void exercise_7_5() {
    const auto fit = [](const auto& k, const Matrix<T>& X, const Matrix<T>& Z, Eigen::Index p) {
        const Matrix<T> K = kb::gram(k, X);
        KpcaFit<T> f;
        // Exercise 7.5's own function first: while it is a stub, that is what the check reports,
        // not the stub of exercise 7.4 whose scores it is compared with.
        f.new_scores = S::kernel_pca_transform(Matrix<T>(kb::gram(k, Z, X)), K, p);
        f.scores = Fit::kernel_pca_scores(K, p);
        f.eigenvalues = f.scores.colwise().squaredNorm().transpose();
        return f;
    };
    training_scores_law<T>(fit);
    polynomial_explicit_pca_law<T>(fit);
    linear_explicit_pca_law<T>(fit);
}

} // namespace

// The passing cases of each exercise: the student's functions, the library's and the model
// solutions (common/exercise_checks.hpp).
KB_EXERCISE("7.4", "kernel_pca_scores carry the whole centred kernel at full rank",
            "[zhu:2.3.2]", exercise_7_4, double, kb::real50)
KB_EXERCISE("7.5", "kernel_pca_transform reproduces the training scores and equals PCA of explicit features",
            "[slides:score] [zhu:2.3.2]", exercise_7_5, double, kb::real50)

TEST_SUITE("mistake") {
TEST_CASE_TEMPLATE("exercise 7.4 mistake: scores with lambda = mu/N instead of mu are rejected [zhu:2.3.2]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_7_4<T, Mistake>();
}
TEST_CASE_TEMPLATE("exercise 7.5 mistake: uncentred kernel rows of new points are rejected [slides:score]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_7_5<T, Mistake, Library>(); // the training scores right: only the transform is wrong
}
}


/// \file 03-eckart-young/exercises/check.cpp
/// \brief Chapter 3's laws run on the exercises: on the student's functions (test suite
///        "student"), on the library's functions through the same wiring (suite "library":
///        the checks can pass) and on a typical wrong solution of each exercise (suite
///        "mistake", each test case expected to fail: the checks can fail). laws.cpp runs the
///        same laws on the library directly.
///        Where the model solutions are present (exercises/solutions/, for instructors;
///        not in a student handout), the suite "solution" runs the same checks on them.
#include "../laws.hpp"
#include "exercise_checks.hpp"

#include "best_psd_rank_p.hpp"
#include "best_rank_p_symmetric.hpp"
#include "truncate_svd.hpp"

#ifdef KB_MODEL_SOLUTIONS
// The model solutions (exercises/solutions/, for instructors). CMake defines KB_MODEL_SOLUTIONS
// only when that folder exists: a student handout (docs/handout.sh) has neither.
#include "solutions/best_psd_rank_p.hpp"
#include "solutions/best_rank_p_symmetric.hpp"
#include "solutions/truncate_svd.hpp"
#endif

using namespace kb::test::ch03;

namespace {

KB_EXERCISE_FUNCTIONS(truncate_svd, best_rank_p_symmetric, best_psd_rank_p)

/// The library's functions, with the exercises' signatures.
struct Library {
    template <class T>
    static Matrix<T> truncate_svd(const Matrix<T>& X, Eigen::Index p) { return kb::truncate_svd(X, p).approximation; }
    template <class T>
    static Matrix<T> best_rank_p_symmetric(const Matrix<T>& A, Eigen::Index p) {
        return kb::best_rank_p_symmetric(A, p).approximation;
    }
    template <class T>
    static Matrix<T> best_psd_rank_p(const Matrix<T>& A, Eigen::Index p) { return kb::best_psd_rank_p(A, p).approximation; }
};

/// A typical wrong solution of each exercise.
struct Mistake {
    /// The p smallest singular values kept instead of the p largest.
    template <class T>
    static Matrix<T> truncate_svd(const Matrix<T>& X, Eigen::Index p) {
        const kb::Svd<T> svd = kb::thin_svd(X);
        kb::IndexList last;
        for (Eigen::Index j = svd.sigma.size() - p; j < svd.sigma.size(); ++j) last.push_back(j);
        return kb::svd_sum(svd, last);
    }
    /// The first p eigenpairs (the largest λ, the seed's "first p eigens"), not the largest |λ|.
    template <class T>
    static Matrix<T> best_rank_p_symmetric(const Matrix<T>& A, Eigen::Index p) {
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(A);
        return kb::eigen_sum(eig.values, eig.vectors, kb::first_indices(p));
    }
    /// The p largest |λ| (the answer of exercise 3.5), negative ones included: not a Gram matrix.
    template <class T>
    static Matrix<T> best_psd_rank_p(const Matrix<T>& A, Eigen::Index p) {
        return kb::best_rank_p_symmetric(A, p).approximation;
    }
};

/// Exercise 3.4 checked by zhu:thm2 (SVD form: the errors of the truncated SVD).
template <class T, class S>
void exercise_3_4() {
    svd_errors_law<T>([](const Matrix<T>& X, Eigen::Index p) { return S::truncate_svd(X, p); });
}

/// Exercise 3.5 checked by zhu:thm2 for indefinite matrices (with the library's best XXᵀ
/// alongside).
template <class T, class S>
void exercise_3_5() {
    indefinite_law<T>([](const Matrix<T>& A, Eigen::Index p) { return S::best_rank_p_symmetric(A, p); },
                      library_best_psd_rank_p);
}

/// Exercise 3.6 checked by zhu:thm2 for indefinite matrices (with the library's best rank-p
/// approximation alongside).
template <class T, class S>
void exercise_3_6() {
    indefinite_law<T>(library_best_rank_p_symmetric,
                      [](const Matrix<T>& A, Eigen::Index p) { return S::best_psd_rank_p(A, p); });
}

} // namespace

// The passing cases of each exercise: the student's functions, the library's and the model
// solutions (common/exercise_checks.hpp).
KB_EXERCISE("3.4", "truncate_svd leaves the errors sigma_{p+1} and sqrt(sum_{j>p} sigma_j^2)",
            "[zhu:thm2]", exercise_3_4, double, kb::real50)
KB_EXERCISE("3.5", "best_rank_p_symmetric keeps the largest |lambda|",
            "[zhu:thm2]", exercise_3_5, double, kb::real50)
KB_EXERCISE("3.6", "best_psd_rank_p keeps the largest positive lambda",
            "[zhu:thm2]", exercise_3_6, double, kb::real50)

TEST_SUITE("mistake") {
TEST_CASE_TEMPLATE("exercise 3.4 mistake: the p smallest singular values are rejected [zhu:thm2]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_3_4<T, Mistake>();
}
TEST_CASE_TEMPLATE("exercise 3.5 mistake: the first p eigenpairs of an indefinite matrix are rejected [zhu:thm2]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_3_5<T, Mistake>();
}
TEST_CASE_TEMPLATE("exercise 3.6 mistake: the largest |lambda| with a negative lambda kept are rejected [zhu:thm2]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_3_6<T, Mistake>();
}
}


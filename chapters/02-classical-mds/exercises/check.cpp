/// \file 02-classical-mds/exercises/check.cpp
/// \brief Chapter 2's laws run on the exercises: on the student's functions (test suite
///        "student"), on the library's functions through the same wiring (suite "library":
///        the checks can pass) and on a typical wrong solution of each exercise (suite
///        "mistake", each test case expected to fail: the checks can fail). laws.cpp runs the
///        same laws on the library directly.
///        Where the model solutions are present (exercises/solutions/, for instructors;
///        not in a student handout), the suite "solution" runs the same checks on them.
#include "../laws.hpp"
#include "exercise_checks.hpp"

#include "classical_mds.hpp"
#include "gram_from_squared_distances.hpp"

#ifdef KB_MODEL_SOLUTIONS
// The model solutions (exercises/solutions/, for instructors). CMake defines KB_MODEL_SOLUTIONS
// only when that folder exists: a student handout (docs/handout.sh) has neither.
#include "solutions/classical_mds.hpp"
#include "solutions/gram_from_squared_distances.hpp"
#endif

using namespace kb::test::ch02;

namespace {

KB_EXERCISE_FUNCTIONS(gram_from_squared_distances, classical_mds)

/// The library's functions, with the exercises' signatures.
struct Library {
    template <class T>
    static Matrix<T> gram_from_squared_distances(const Matrix<T>& D2) { return kb::gram_from_squared_distances(D2); }
    template <class T>
    static Matrix<T> classical_mds(const Matrix<T>& B, Eigen::Index p) { return kb::ClassicalMds(B, {.components = p}).coordinates(); }
};

/// A typical wrong solution of each exercise.
struct Mistake {
    /// J D⁽²⁾ J, without the factor −½.
    template <class T>
    static Matrix<T> gram_from_squared_distances(const Matrix<T>& D2) { return kb::double_center(D2); }
    /// The unit eigenvectors as coordinates, without the factor √λ.
    template <class T>
    static Matrix<T> classical_mds(const Matrix<T>& B, Eigen::Index p) { return kb::symmetric_eigen(B).vectors.leftCols(p); }
};

/// Exercise 2.4 checked by zhu:2.2.2.
template <class T, class S>
void exercise_2_4() {
    double_centring_law<T>([](const Matrix<T>& D2) { return S::gram_from_squared_distances(D2); });
}

/// Exercise 2.5 checked by zhu:1.2.2, from a Gram matrix and, through exercise 2.4, from
/// distances.
template <class T, class S>
void exercise_2_5() {
    mds_equals_pca_law<T>([](const Matrix<T>& B, Eigen::Index p) { return S::classical_mds(B, p); },
                          [](const Matrix<T>& D, Eigen::Index p) {
                              return S::classical_mds(S::gram_from_squared_distances(Matrix<T>(D.cwiseProduct(D))), p);
                          });
}

} // namespace

// The passing cases of each exercise: the student's functions, the library's and the model
// solutions (common/exercise_checks.hpp).
KB_EXERCISE("2.4", "gram_from_squared_distances gives the centred Gram matrix",
            "[zhu:2.2.2]", exercise_2_4, double, kb::real50)
KB_EXERCISE("2.5", "classical_mds scores equal PCA scores",
            "[zhu:1.2.2]", exercise_2_5, double, kb::real50)

TEST_SUITE("mistake") {
TEST_CASE_TEMPLATE("exercise 2.4 mistake: J D2 J without -1/2 is rejected [zhu:2.2.2]" * doctest::should_fail(), T,
                   double) {
    exercise_2_4<T, Mistake>();
}
TEST_CASE_TEMPLATE("exercise 2.5 mistake: eigenvectors without sqrt(lambda) are rejected [zhu:1.2.2]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_2_5<T, Mistake>();
}
}


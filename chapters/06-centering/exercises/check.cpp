/// \file 06-centering/exercises/check.cpp
/// \brief Chapter 6's laws run on the exercises: on the student's functions (test suite
///        "student"), on the library's functions through the same wiring (suite "library":
///        the checks can pass) and on a typical wrong solution of each exercise (suite
///        "mistake", each test case expected to fail: the checks can fail). laws.cpp runs the
///        same laws on the library directly.
///        Where the model solutions are present (exercises/solutions/, for instructors;
///        not in a student handout), the suite "solution" runs the same checks on them.
#include "../laws.hpp"
#include "exercise_checks.hpp"

#include "center_test_kernel.hpp"
#include "double_center.hpp"

#ifdef KB_MODEL_SOLUTIONS
// The model solutions (exercises/solutions/, for instructors). CMake defines KB_MODEL_SOLUTIONS
// only when that folder exists: a student handout (docs/handout.sh) has neither.
#include "solutions/center_test_kernel.hpp"
#include "solutions/double_center.hpp"
#endif

using namespace kb::test::ch06;

namespace {

KB_EXERCISE_FUNCTIONS(double_center, center_test_kernel)

/// The library's functions, with the exercises' signatures.
struct Library {
    template <class T>
    static Matrix<T> double_center(const Matrix<T>& K) { return kb::double_center(K); }
    template <class T>
    static Matrix<T> center_test_kernel(const Matrix<T>& Kz, const Matrix<T>& K) {
        return kb::center_test_kernel(Kz, K);
    }
};

/// A typical wrong solution of each exercise.
struct Mistake {
    /// The rows centred only: each row minus its own mean, K J instead of J K J (the column
    /// means and the grand mean forgotten).
    template <class T>
    static Matrix<T> double_center(const Matrix<T>& K) {
        return K.colwise() - Vector<T>(K.rowwise().sum() / T(K.cols()));
    }
    /// The new rows centred with the new points' own column means and grand mean (double
    /// centring of Kz as if it were a training matrix), instead of the training means of K.
    template <class T>
    static Matrix<T> center_test_kernel(const Matrix<T>& Kz, const Matrix<T>&) {
        const T N(Kz.cols()), M(Kz.rows());
        Matrix<T> out = Kz;
        out.colwise() -= Vector<T>(Kz.rowwise().sum() / N);
        out.rowwise() -= RowVector<T>(Kz.colwise().sum() / M);
        out.array() += Kz.sum() / (N * M);
        return out;
    }
};

/// Exercise 6.4 checked by slides:center.
template <class T, class S>
void exercise_6_4() {
    double_centring_law<T>([](const Matrix<T>& K) { return S::double_center(K); });
}

/// Exercise 6.5 checked by slides:center-test.
template <class T, class S>
void exercise_6_5() {
    test_row_centring_law<T>([](const Matrix<T>& Kz, const Matrix<T>& K) { return S::center_test_kernel(Kz, K); });
}

} // namespace

// The passing cases of each exercise: the student's functions, the library's and the model
// solutions (common/exercise_checks.hpp).
KB_EXERCISE("6.4", "double_center gives the Gram matrix of the centred features",
            "[slides:center]", exercise_6_4, double, kb::real50)
KB_EXERCISE("6.5", "center_test_kernel centres new rows with the training means",
            "[slides:center-test]", exercise_6_5, double, kb::real50)

TEST_SUITE("mistake") {
TEST_CASE_TEMPLATE("exercise 6.4 mistake: centring the rows only (K J) is rejected [slides:center]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_6_4<T, Mistake>();
}
TEST_CASE_TEMPLATE("exercise 6.5 mistake: centring new rows with their own means is rejected [slides:center-test]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_6_5<T, Mistake>();
}
}


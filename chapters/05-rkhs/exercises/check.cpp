/// \file 05-rkhs/exercises/check.cpp
/// \brief Chapter 5's laws run on the exercises: on the student's functions (test suite
///        "student"), on the library's functions through the same wiring (suite "library":
///        the checks can pass) and on a typical wrong solution of each exercise (suite
///        "mistake", each test case expected to fail: the checks can fail). laws.cpp runs the
///        same laws on the library directly. Each exercise is checked against the library's
///        other half (kb::inner for 5.4, the library's evaluation for 5.5), so that a mistake
///        in one exercise does not show up in the other's check.
///        Where the model solutions are present (exercises/solutions/, for instructors;
///        not in a student handout), the suite "solution" runs the same checks on them.
#include "../laws.hpp"
#include "exercise_checks.hpp"

#include "evaluate.hpp"
#include "inner_product.hpp"

#ifdef KB_MODEL_SOLUTIONS
// The model solutions (exercises/solutions/, for instructors). CMake defines KB_MODEL_SOLUTIONS
// only when that folder exists: a student handout (docs/handout.sh) has neither.
#include "solutions/evaluate.hpp"
#include "solutions/inner_product.hpp"
#endif

using namespace kb::test::ch05;

namespace {

KB_EXERCISE_FUNCTIONS(evaluate, inner)

/// The library's functions, with the exercises' signatures.
struct Library {
    template <class T, class Kernel>
    static T evaluate(const KernelExpansion<T, Kernel>& f, const RowVector<T>& z) { return library_evaluate(f, z); }
    template <class T, class Kernel>
    static T inner(const KernelExpansion<T, Kernel>& f, const KernelExpansion<T, Kernel>& g) {
        return library_inner(f, g);
    }
};

/// A typical wrong solution of each exercise.
struct Mistake {
    /// Σᵢ k(xᵢ, z): the kernel column summed without the coefficients αᵢ.
    template <class T, class Kernel>
    static T evaluate(const KernelExpansion<T, Kernel>& f, const RowVector<T>& z) {
        T s(0);
        for (Eigen::Index i = 0; i < f.terms(); ++i) s += f.kernel()(f.centres().row(i), z);
        return s;
    }
    /// αᵀβ without K: the sections k(xᵢ, ·) taken as an orthonormal basis, so that only equal
    /// centres pair, Σ_{xᵢ = yⱼ} αᵢβⱼ.
    template <class T, class Kernel>
    static T inner(const KernelExpansion<T, Kernel>& f, const KernelExpansion<T, Kernel>& g) {
        T s(0);
        for (Eigen::Index i = 0; i < f.terms(); ++i)
            for (Eigen::Index j = 0; j < g.terms(); ++j)
                if (f.centres().row(i) == g.centres().row(j)) s += f.coefficients()(i) * g.coefficients()(j);
        return s;
    }
};

/// Exercise 5.4 checked by zhu:prop6, the pairing ⟨f, k(z, ·)⟩ by kb::inner.
template <class T, class S>
void exercise_5_4() {
    reproducing_law<T>(library_inner, [](const auto& f, const RowVector<T>& z) { return S::evaluate(f, z); });
}

/// Exercise 5.5 checked by zhu:prop6 and by zhu:thm5 (symmetric and bilinear), the values
/// f(z) by the library.
template <class T, class S>
void exercise_5_5() {
    const auto inner = [](const auto& f, const auto& g) { return S::inner(f, g); };
    reproducing_law<T>(inner, library_evaluate);
    symmetric_bilinear_law<T>(inner, library_evaluate);
}

} // namespace

// The passing cases of each exercise: the student's functions, the library's and the model
// solutions (common/exercise_checks.hpp).
KB_EXERCISE("5.4", "evaluate satisfies the reproducing property",
            "[zhu:prop6]", exercise_5_4, double, kb::real50)
KB_EXERCISE("5.5", "inner reproduces f(x) and is symmetric and bilinear",
            "[zhu:prop6] [zhu:thm5]", exercise_5_5, double, kb::real50)

TEST_SUITE("mistake") {
TEST_CASE_TEMPLATE("exercise 5.4 mistake: the sum of k(x_i z) without alpha is rejected [zhu:prop6]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_5_4<T, Mistake>();
}
TEST_CASE_TEMPLATE("exercise 5.5 mistake: alpha^T beta without K (orthonormal sections) is rejected [zhu:prop6] "
                   "[zhu:thm5]" *
                       doctest::should_fail(),
                   T, double) {
    exercise_5_5<T, Mistake>();
}
}


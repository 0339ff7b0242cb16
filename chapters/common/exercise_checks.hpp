#pragma once
/// \file common/exercise_checks.hpp
/// \brief The wiring of every chapter's exercise checks, written once (each chapter's
///        `exercises/check.cpp` uses it): who is checked, and the suites they are checked in.
///
/// A chapter's exercise checks run its laws (the chapter's `laws.hpp`) on four sets of
/// functions with the exercises' signatures, each a struct of static members:
///  - `Student`, the student's functions (`exercises/*.hpp`, namespace `student`): the suite
///    "student", which `ctest -L exercises-NN` runs;
///  - `Library`, the library's functions adapted to the same signatures: the suite "library",
///    which shows that the checks can pass;
///  - `Mistake`, a typical wrong solution of each exercise: the suite "mistake", each case
///    expected to fail, which shows that the checks can fail;
///  - `Solution`, the model solutions (`exercises/solutions/`, namespace `solution`; only where
///    that folder exists, which CMake signals with KB_MODEL_SOLUTIONS): the suite "solution".
///
/// `Library` and `Mistake` are the chapter's own mathematics and are written in its check.cpp.
/// `Student` and `Solution` only forward to the functions of the same names, and the suites
/// "student", "library" and "solution" of an exercise differ only in whom they check: both are
/// written here. A chapter writes
/// \code
/// KB_EXERCISE_FUNCTIONS(kernel_pca_scores, kernel_pca_transform)
/// ...
/// KB_EXERCISE("7.4", "kernel_pca_scores carry the whole centred kernel at full rank", "[zhu:2.3.2]",
///             exercise_7_4, double, kb::real50)
/// \endcode
/// and its "mistake" cases by hand (each says what the mistake is).

#include <doctest/doctest.h>

#include <utility>

/// \cond INTERNAL
#define KB_EXERCISE_FORWARD_ONE(ns, f)                                                                          \
    template <class... Args>                                                                                   \
    static decltype(auto) f(Args&&... args) {                                                                  \
        return ns::f(std::forward<Args>(args)...);                                                             \
    }
#define KB_EXERCISE_FORWARD_1(ns, a) KB_EXERCISE_FORWARD_ONE(ns, a)
#define KB_EXERCISE_FORWARD_2(ns, a, b) KB_EXERCISE_FORWARD_1(ns, a) KB_EXERCISE_FORWARD_ONE(ns, b)
#define KB_EXERCISE_FORWARD_3(ns, a, b, c) KB_EXERCISE_FORWARD_2(ns, a, b) KB_EXERCISE_FORWARD_ONE(ns, c)
#define KB_EXERCISE_FORWARD_4(ns, a, b, c, d) KB_EXERCISE_FORWARD_3(ns, a, b, c) KB_EXERCISE_FORWARD_ONE(ns, d)
#define KB_EXERCISE_PICK(_1, _2, _3, _4, name, ...) name
#define KB_EXERCISE_FORWARD(ns, ...)                                                                            \
    KB_EXERCISE_PICK(__VA_ARGS__, KB_EXERCISE_FORWARD_4, KB_EXERCISE_FORWARD_3, KB_EXERCISE_FORWARD_2,         \
                     KB_EXERCISE_FORWARD_1, )                                                                  \
    (ns, __VA_ARGS__)
/// \endcond

/// `Student` (and, with the model solutions, `Solution`): one static member per exercise
/// function, calling the function of the same name in namespace `student` (`solution`).
#ifdef KB_MODEL_SOLUTIONS
#define KB_EXERCISE_FUNCTIONS(...)                                                                              \
    struct Student {                                                                                           \
        KB_EXERCISE_FORWARD(student, __VA_ARGS__)                                                              \
    };                                                                                                         \
    struct Solution {                                                                                          \
        KB_EXERCISE_FORWARD(solution, __VA_ARGS__)                                                             \
    };
#else
#define KB_EXERCISE_FUNCTIONS(...)                                                                              \
    struct Student {                                                                                           \
        KB_EXERCISE_FORWARD(student, __VA_ARGS__)                                                              \
    };
#endif

/// \cond INTERNAL
#ifdef KB_MODEL_SOLUTIONS
#define KB_EXERCISE_SOLUTION_CASE(number, labels, check, ...)                                                   \
    TEST_SUITE("solution") {                                                                                   \
        TEST_CASE_TEMPLATE("exercise " number " with the model solution " labels, T, __VA_ARGS__) {             \
            check<T, Solution>();                                                                              \
        }                                                                                                      \
    }
#define KB_EXACT_EXERCISE_SOLUTION_CASE(number, labels, check)                                                  \
    TEST_SUITE("solution") {                                                                                   \
        TEST_CASE("exercise " number " with the model solution " labels) { check<Solution>(); }                \
    }
#else
#define KB_EXERCISE_SOLUTION_CASE(number, labels, check, ...)
#define KB_EXACT_EXERCISE_SOLUTION_CASE(number, labels, check)
#endif
/// \endcond

/// The passing cases of exercise `number` ("7.4"): its check — a function template
/// `check<T, S>()` running the chapter's laws on the functions of S — on the student's functions
/// (suite "student", named "exercise 7.4: <title> <labels>"), on the library's (suite
/// "library") and on the model solutions (suite "solution", when built), in each scalar type
/// listed after `check`.
#define KB_EXERCISE(number, title, labels, check, ...)                                                          \
    TEST_SUITE("student") {                                                                                    \
        TEST_CASE_TEMPLATE("exercise " number ": " title " " labels, T, __VA_ARGS__) { check<T, Student>(); }   \
    }                                                                                                          \
    TEST_SUITE("library") {                                                                                    \
        TEST_CASE_TEMPLATE("exercise " number " with the library's functions " labels, T, __VA_ARGS__) {        \
            check<T, Library>();                                                                               \
        }                                                                                                      \
    }                                                                                                          \
    KB_EXERCISE_SOLUTION_CASE(number, labels, check, __VA_ARGS__)

/// The same for an exercise whose law is a statement about exact numbers: `check<S>()`, run
/// once (in kb::rational, inside the check).
#define KB_EXACT_EXERCISE(number, title, labels, check)                                                         \
    TEST_SUITE("student") {                                                                                    \
        TEST_CASE("exercise " number ": " title " " labels) { check<Student>(); }                              \
    }                                                                                                          \
    TEST_SUITE("library") {                                                                                    \
        TEST_CASE("exercise " number " with the library's functions " labels) { check<Library>(); }           \
    }                                                                                                          \
    KB_EXACT_EXERCISE_SOLUTION_CASE(number, labels, check)

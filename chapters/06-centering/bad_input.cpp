/// \file bad_input.cpp
/// \brief Chapter 6's refusals: centring refuses mismatched shapes and non-finite values with a
///        message that names the argument.
#include "test_support.hpp"

#include "kernelbook/centering.hpp"

#include <limits>

TEST_CASE("centring refuses mismatched shapes and non-finite values with a message") {
    const Matrix<double> K = Matrix<double>::Identity(3, 3);
    CHECK_THROWS_WITH_AS(kb::center_test_kernel(Matrix<double>(Matrix<double>::Ones(2, 4)), K),
                         doctest::Contains("Kz has 4 columns but K is 3×3"), kb::error);
    CHECK_THROWS_WITH_AS(kb::center_test_kernel(Matrix<double>(Matrix<double>::Ones(2, 3)), Matrix<double>(Matrix<double>::Ones(3, 2))),
                         doctest::Contains("square"), kb::error);
    Matrix<double> Kz = Matrix<double>::Ones(2, 3);
    Kz(1, 2) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::center_test_kernel(Kz, K), doctest::Contains("Kz(1,2) = inf is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::double_center(Matrix<double>(Matrix<double>::Ones(2, 3))), doctest::Contains("square"), kb::error);
    const auto c = kb::KernelCentering<double>(K);
    CHECK_THROWS_WITH_AS(c.transform_diagonal(Vector<double>::Ones(3), Matrix<double>::Ones(2, 3)),
                         doctest::Contains("kzz has 3 entries"), kb::error);
    CHECK_THROWS_WITH_AS(c.transform(Matrix<double>::Ones(1, 2)), doctest::Contains("N = 3"), kb::error);
}

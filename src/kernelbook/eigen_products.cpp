/// \file eigen_products.cpp
/// \brief Eigen's matrix-product kernels for double, real50, real100 and rational, compiled
///        once here (declared `extern template` in matrix.hpp).
#include "kernelbook/matrix.hpp"

KB_EIGEN_PRODUCT_KERNELS(, double)
KB_EIGEN_PRODUCT_KERNELS(, kb::real50)
KB_EIGEN_PRODUCT_KERNELS(, kb::real100)
KB_EIGEN_PRODUCT_KERNELS(, kb::rational)

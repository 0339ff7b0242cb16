/// \file instantiate_double.cpp
/// \brief Compiles the heavy linear algebra of kernelbook once for `double`.
#include "kernelbook/solve_impl.hpp"
#include "kernelbook/spectral_impl.hpp"

KB_SPECTRAL_INSTANTIATE(double)
KB_SOLVE_INSTANTIATE(double)

/// \file instantiate_real50.cpp
/// \brief Compiles the heavy linear algebra of kernelbook once for `real50`.
#include "kernelbook/solve_impl.hpp"
#include "kernelbook/spectral_impl.hpp"

KB_SPECTRAL_INSTANTIATE(kb::real50)
KB_SOLVE_INSTANTIATE(kb::real50)

/// \file instantiate_real100.cpp
/// \brief Compiles the heavy linear algebra of kernelbook once for `real100`.
#include "kernelbook/solve_impl.hpp"
#include "kernelbook/spectral_impl.hpp"

KB_SPECTRAL_INSTANTIATE(kb::real100)
KB_SOLVE_INSTANTIATE(kb::real100)

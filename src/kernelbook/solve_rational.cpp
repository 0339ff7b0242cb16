/// \file solve_rational.cpp
/// \brief Exact solves in rational arithmetic.
#include "kernelbook/solve_impl.hpp"

KB_SOLVE_INSTANTIATE(kb::rational)


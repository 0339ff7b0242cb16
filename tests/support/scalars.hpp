#pragma once
/// \file scalars.hpp
/// \brief The scalar lists the tests run over, and the names doctest prints for them.

#include "kernelbook/real.hpp"

#include <doctest/doctest.h>

/// The floating-point types every numerical statement is checked in.
#define KB_REALS double, kb::real50, kb::real100
/// The floating-point types plus exact rationals (for algebraic statements).
#define KB_ALL_SCALARS double, kb::real50, kb::real100, kb::rational
/// The multiprecision types (statements that double cannot resolve).
#define KB_MULTIPRECISION kb::real50, kb::real100

TYPE_TO_STRING(kb::real50);
TYPE_TO_STRING(kb::real100);
TYPE_TO_STRING(kb::rational);

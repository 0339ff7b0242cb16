/// \file fisher_tests_real100.cpp
/// \brief Fisher discriminant tests in `kb::real100`.
#include "fisher_tests.hpp"

KB_FISHER_INVOKE_ALL(kb::real100)

/// \file fisher_tests_real50.cpp
/// \brief Fisher discriminant tests in `kb::real50`.
#include "fisher_tests.hpp"

KB_FISHER_INVOKE_ALL(kb::real50)

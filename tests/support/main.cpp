/// \file main.cpp
/// \brief doctest's main for every test executable of the book.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

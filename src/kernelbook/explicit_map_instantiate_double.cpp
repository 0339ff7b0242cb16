/// \file explicit_map_instantiate_double.cpp
/// \brief Compiles the explicit feature map of chapter 8 once for `double`.
#include "kernelbook/explicit_map_impl.hpp"

KB_EXPLICIT_MAP_INSTANTIATE_FLOATING(double)

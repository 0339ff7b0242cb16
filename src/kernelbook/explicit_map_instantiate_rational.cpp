/// \file explicit_map_instantiate_rational.cpp
/// \brief Compiles the explicit feature map of chapter 8 once for `rational`.
#include "kernelbook/explicit_map_impl.hpp"

KB_EXPLICIT_MAP_INSTANTIATE_EXACT(kb::rational)

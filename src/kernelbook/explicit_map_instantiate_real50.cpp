/// \file explicit_map_instantiate_real50.cpp
/// \brief Compiles the explicit feature map of chapter 8 once for `real50`.
#include "kernelbook/explicit_map_impl.hpp"

KB_EXPLICIT_MAP_INSTANTIATE_FLOATING(kb::real50)

# MPFR, GMP and MPFI (the real types kb::real50 and kb::real100, the rationals, the
# intervals of the certificates) ship no CMake package of their own. This file finds them and
# names them as the imported targets kernelbook::mpfr, kernelbook::gmp and kernelbook::mpfi.
# The build includes it (CMakeLists.txt) and so does the installed package
# (kernelbookConfig.cmake): the installed kb target names these targets, which each project
# using it defines from its own machine's files, and never the paths of the machine that
# built it. Sets KB_MULTIPRECISION_MISSING to what was not found (empty when all was found).
# The cache variables KB_<NAME>_INCLUDE and KB_<NAME>_LIB may be set to point elsewhere.
set(KB_MULTIPRECISION_MISSING "")
foreach(name IN ITEMS mpfr gmp mpfi)
  string(TOUPPER ${name} NAME)
  find_path(KB_${NAME}_INCLUDE ${name}.h)
  find_library(KB_${NAME}_LIB ${name})
  if(NOT KB_${NAME}_INCLUDE)
    list(APPEND KB_MULTIPRECISION_MISSING "${name}.h (KB_${NAME}_INCLUDE)")
  endif()
  if(NOT KB_${NAME}_LIB)
    list(APPEND KB_MULTIPRECISION_MISSING "lib${name} (KB_${NAME}_LIB)")
  endif()
  if(KB_${NAME}_INCLUDE AND KB_${NAME}_LIB AND NOT TARGET kernelbook::${name})
    add_library(kernelbook::${name} UNKNOWN IMPORTED)
    set_target_properties(kernelbook::${name} PROPERTIES
      IMPORTED_LOCATION "${KB_${NAME}_LIB}"
      INTERFACE_INCLUDE_DIRECTORIES "${KB_${NAME}_INCLUDE}")
  endif()
endforeach()
# MPFI calls MPFR, and MPFR calls GMP.
if(TARGET kernelbook::mpfi AND TARGET kernelbook::mpfr AND TARGET kernelbook::gmp)
  set_property(TARGET kernelbook::mpfi PROPERTY INTERFACE_LINK_LIBRARIES kernelbook::mpfr)
  set_property(TARGET kernelbook::mpfr PROPERTY INTERFACE_LINK_LIBRARIES kernelbook::gmp)
endif()

# Drives the package tests (tests/package/CMakeLists.txt), run as `cmake -P` with
#   KB_MODE          use: install the build into a prefix, check what was installed, then
#                    configure, build and run the consumer project against it;
#                    not-found: configure the consumer with no prefix, which must fail
#                    because find_package(kernelbook) finds nothing;
#   KB_BUILD_DIR, KB_SOURCE_DIR   the book's build and source trees;
#   KB_WORK          a directory of the build for this test's files (emptied first);
#   KB_GENERATOR, KB_MAKE_PROGRAM, KB_CXX_COMPILER, KB_LAUNCHER   the book's own build tools.
# Any failing step ends the script with an error, and the test fails.
cmake_minimum_required(VERSION 3.25)

set(prefix ${KB_WORK}/prefix)
set(consumer_build ${KB_WORK}/consumer)
set(consumer_source ${CMAKE_CURRENT_LIST_DIR}/consumer)

# Runs a command; on failure prints its output and stops with `what`.
function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${what} failed (${status}):\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

# The consumer configured the way a user would: find_package looks in CMAKE_PREFIX_PATH and
# the usual places, never in a package registry.
set(configure_consumer ${CMAKE_COMMAND} -S ${consumer_source} -B ${consumer_build}
    -G ${KB_GENERATOR} -DCMAKE_MAKE_PROGRAM=${KB_MAKE_PROGRAM} -DCMAKE_CXX_COMPILER=${KB_CXX_COMPILER}
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
if(KB_LAUNCHER)
  list(APPEND configure_consumer -DCMAKE_CXX_COMPILER_LAUNCHER=${KB_LAUNCHER})
endif()
file(REMOVE_RECURSE ${consumer_build})

if(KB_MODE STREQUAL "not-found")
  # Without the prefix the consumer's configure must fail, and for the right reason.
  execute_process(COMMAND ${configure_consumer} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(status EQUAL 0)
    message(FATAL_ERROR "the consumer configured without the prefix: a kernelbook package was found elsewhere\n${out}")
  endif()
  if(NOT out MATCHES "Could not find a package configuration file provided by\n? *\"kernelbook\"")
    message(FATAL_ERROR "the consumer's configure failed, but not because kernelbook was not found:\n${out}")
  endif()
  message(STATUS "without the prefix, find_package(kernelbook) fails as it should")
  return()
elseif(NOT KB_MODE STREQUAL "use")
  message(FATAL_ERROR "KB_MODE must be use or not-found, not '${KB_MODE}'")
endif()

# 1. Install the build into a fresh prefix.
file(REMOVE_RECURSE ${prefix})
run("cmake --install ${KB_BUILD_DIR} --prefix ${prefix}" ${CMAKE_COMMAND} --install ${KB_BUILD_DIR} --prefix ${prefix})

# 2. What was installed: the headers, the library, the package files, the command and the
#    licence; no test and no chapter program.
file(GLOB_RECURSE installed RELATIVE ${prefix} ${prefix}/*)
set(unexpected "")
foreach(f IN LISTS installed)
  if(NOT f MATCHES "^(include/kernelbook/(detail/)?[a-z_]+\\.hpp|lib[^/]*/libkb\\.a|lib[^/]*/cmake/kernelbook/kernelbook[A-Za-z-]*\\.cmake|bin/kernelbook|share/doc/kernelbook/LICENSE)$")
    list(APPEND unexpected ${f})
  endif()
endforeach()
if(unexpected)
  list(JOIN unexpected "\n  " unexpected)
  message(FATAL_ERROR "the install put files there that are not the library's:\n  ${unexpected}")
endif()
foreach(f IN ITEMS include/kernelbook/pca.hpp include/kernelbook/detail/spectral_impl.hpp share/doc/kernelbook/LICENSE)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "the install has no ${f}")
  endif()
endforeach()
#    The licence is the repository's, byte for byte.
file(SHA256 ${KB_SOURCE_DIR}/LICENSE source_licence)
file(SHA256 ${prefix}/share/doc/kernelbook/LICENSE installed_licence)
if(NOT source_licence STREQUAL installed_licence)
  message(FATAL_ERROR "the installed share/doc/kernelbook/LICENSE is not the repository's LICENSE")
endif()

#    The package files must hold no path of this machine's source or build tree: the
#    prefix can be moved, and the package is used on machines where those trees are absent.
file(GLOB_RECURSE package_files ${prefix}/*.cmake)
if(NOT package_files)
  message(FATAL_ERROR "the install has no CMake package files under ${prefix}")
endif()
foreach(f IN LISTS package_files)
  file(READ ${f} text)
  foreach(tree IN ITEMS ${KB_SOURCE_DIR} ${KB_BUILD_DIR})
    string(FIND "${text}" "${tree}" at)
    if(at GREATER -1)
      message(FATAL_ERROR "${f} names the tree ${tree}: the installed package must not")
    endif()
  endforeach()
endforeach()
list(LENGTH installed count)
message(STATUS "installed ${count} files into ${prefix}; no package file names ${KB_SOURCE_DIR} or ${KB_BUILD_DIR}")

# 3. Configure the consumer against the prefix; it must have found this prefix's package.
run("configuring the consumer" ${configure_consumer} -DCMAKE_PREFIX_PATH=${prefix})
file(STRINGS ${consumer_build}/CMakeCache.txt found REGEX "^kernelbook_DIR:")
file(REAL_PATH ${prefix} real_prefix)
if(NOT found MATCHES "^kernelbook_DIR:PATH=${real_prefix}/lib[^/]*/cmake/kernelbook$")
  message(FATAL_ERROR "the consumer found a kernelbook package that is not the one installed into ${prefix}: ${found}")
endif()

# 4. Build it: the installed headers compile outside the tree, and the library links.
run("building the consumer" ${CMAKE_COMMAND} --build ${consumer_build})

# 5. Run it: it checks its results itself and exits non-zero on a wrong one.
run("running the consumer" ${consumer_build}/consumer)
message(STATUS "the consumer, built against the installed package:\n${out}")

# 6. The installed command runs on a file: PCA of the numbers 0, 2, 4 (one column) has the one
#    axis v = (1) and the scores −2, 0, 2, exact in double.
if(NOT EXISTS ${prefix}/bin/kernelbook)
  message(FATAL_ERROR "the install has no bin/kernelbook")
endif()
file(WRITE ${KB_WORK}/line.csv "x\n0\n2\n4\n")
execute_process(COMMAND ${prefix}/bin/kernelbook pca ${KB_WORK}/line.csv
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out STREQUAL "pc1\n-2\n0\n2\n")
  message(FATAL_ERROR "the installed kernelbook pca gave exit code ${rc} and\n${out}${err}")
endif()
message(STATUS "the installed command: kernelbook pca gives the scores -2, 0, 2")

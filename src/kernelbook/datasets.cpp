/// \file datasets.cpp
/// \brief Where the image data sets are (datasets.hpp): an environment variable, or the
///        location configured at build time (src/CMakeLists.txt passes it to this file only).
#include "kernelbook/datasets.hpp"

#include <cstdlib>

#ifndef KB_DEFAULT_FASHION_MNIST_DIR
#error "src/CMakeLists.txt defines KB_DEFAULT_FASHION_MNIST_DIR for this file"
#endif
#ifndef KB_DEFAULT_SKLEARN_DIGITS_CSV
#error "src/CMakeLists.txt defines KB_DEFAULT_SKLEARN_DIGITS_CSV for this file"
#endif

namespace kb::datasets {
namespace {

// The variable's value when it is set and not empty, else the configured default.
std::string from_environment(const char* variable, const char* configured) {
    const char* value = std::getenv(variable);
    return value != nullptr && *value != '\0' ? std::string(value) : std::string(configured);
}

} // namespace

std::string fashion_mnist_dir() { return from_environment("KB_FASHION_MNIST_DIR", KB_DEFAULT_FASHION_MNIST_DIR); }

std::string sklearn_digits_csv() { return from_environment("KB_SKLEARN_DIGITS_CSV", KB_DEFAULT_SKLEARN_DIGITS_CSV); }

} // namespace kb::datasets

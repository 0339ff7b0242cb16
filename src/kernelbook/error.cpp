/// \file error.cpp
/// \brief The failing branch of kb::require, compiled once.
#include "kernelbook/error.hpp"

#include <fmt/format.h>

namespace kb::detail {

void fail(std::string_view where, fmt::string_view message, fmt::format_args args) {
    throw error(fmt::format("{}: {}", where, fmt::vformat(message, args)));
}

} // namespace kb::detail

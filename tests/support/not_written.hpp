#pragma once
/// \file not_written.hpp
/// \brief The exception of an exercise stub (chapters/common/exercise.hpp): a kb::error of
///        its own type, so that the property bridge reports "not written yet" once, plainly,
///        instead of a counterexample with its shrinking (a stub is not a wrong answer).

#include "kernelbook/error.hpp"

#include <string>

namespace kb::exercise {

/// \brief Thrown by kb::exercise::not_written: "exercise <id> (<function>) is not written yet: …".
class not_written_error : public kb::error {
public:
    /// \brief The error with its full message.
    explicit not_written_error(const std::string& message) : kb::error(message) {}
};

} // namespace kb::exercise

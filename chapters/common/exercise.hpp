#pragma once
/// \file common/exercise.hpp
/// \brief What an exercise stub returns before the student has written it: a `kb::error`
///        naming the exercise and the file to fill in. The chapter's checks of the
///        exercise then fail with that message (see `ctest -L exercises`).

#include "kernelbook/error.hpp"
#include "not_written.hpp" // kb::exercise::not_written_error (tests/support)

#include <string>

namespace kb::exercise {

/// \brief The ctest label of the checks of chapter `id`'s exercises: "7.4" → "exercises-07".
inline std::string label_of(const std::string& id) {
    const std::string chapter = id.substr(0, id.find('.'));
    return "exercises-" + std::string(chapter.size() < 2 ? "0" : "") + chapter;
}

/// \brief Throws kb::exercise::not_written_error (a `kb::error`) "exercise <id> (<function>) is not written yet: …".
/// Its return type lets a stub write `return not_written<R>(…);` for any result type R.
template <class R>
[[noreturn]] R not_written(const std::string& id, const std::string& function, const std::string& file) {
    throw not_written_error("exercise " + id + " (" + function + ") is not written yet: write it in " + file +
                    ", then run `ctest --test-dir build -L " + label_of(id) + "`");
}

} // namespace kb::exercise

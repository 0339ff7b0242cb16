#pragma once
/// \file output.hpp
/// \brief The files a run of `kernelbook` writes, all or none: each file output is written to a
///        temporary file beside its target and renamed into place only when every output of the
///        run (standard output included) succeeded. A refusal, an error, a failed write or a
///        signal leaves every target as it was.

#include <array>
#include <cstddef>
#include <memory>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

namespace kb::cli {

/// \brief An output stream buffer over a POSIX file descriptor that remembers why a write
///        failed (its `errno`), so that a lost output is reported with its reason
///        ("No space left on device", "Bad file descriptor"). It never closes the descriptor.
class FdStreambuf : public std::streambuf {
public:
    /// \brief Writes to `fd` (which stays open after the buffer is destroyed).
    explicit FdStreambuf(int fd);
    FdStreambuf(const FdStreambuf&) = delete;            ///< not copyable (it owns a buffer)
    FdStreambuf& operator=(const FdStreambuf&) = delete; ///< not copyable
    /// \brief Writes what is still buffered (its failure is lost: call `pubsync()` first to see it).
    ~FdStreambuf() override;
    /// \brief The `errno` of the first write that failed, 0 if none did.
    int error() const { return error_; }

protected:
    /// \brief Writes the buffer and `c` (the buffer is full).
    int_type overflow(int_type c) override;
    /// \brief Writes the buffer; -1 if a write failed.
    int sync() override;

private:
    bool drain();
    int fd_;
    int error_ = 0;
    std::array<char, 1 << 16> buffer_{};
};

/// \brief Why writing to `os` failed, for a message: the reason its kb::cli::FdStreambuf
///        recorded (strerror), or "the stream reported a failure" for other streams.
std::string write_failure(const std::ostream& os);

/// \brief A file the command reads or writes, named on its command line.
struct NamedFile {
    std::string role; ///< how the command line names it: "--out", "--report", "DATA", "--transform"
    std::string path; ///< the path as given
};

/// \brief The file outputs of one run, all or none.
///
/// Made before the computation, it refuses (kb::cli::usage_error, exit code 2) two outputs that
/// name the same file, or an output that names an input (the same device and inode for
/// existing files; the same canonical directory and name for new ones), and creates each
/// output's temporary file in its target's directory (kb::cli::data_error, exit code 3, if it
/// cannot: a missing or unwritable directory, a target that is a directory or a read-only
/// file). An existing target that is not a regular file (a device such as /dev/null, a pipe) is
/// written in place: it cannot be replaced. The temporaries are removed by the destructor, and
/// on SIGINT, SIGTERM, SIGHUP and SIGPIPE once kb::cli::remove_temporaries_on_signals was
/// called.
class Outputs {
public:
    /// \brief Checks `outputs` against each other and against `inputs`, then opens a
    ///        temporary file for each output.
    Outputs(const std::vector<NamedFile>& outputs, const std::vector<NamedFile>& inputs);
    Outputs(const Outputs&) = delete;            ///< not copyable (it owns files)
    Outputs& operator=(const Outputs&) = delete; ///< not copyable
    /// \brief Removes the temporary files that were not committed.
    ~Outputs();

    /// \brief The stream of the output named `role` (its temporary file).
    std::ostream& stream(const std::string& role);
    /// \brief At commit, remove the file at the target of `role` instead of writing it (certify
    ///        when the verdict has no witness: no file at `--out` may pass for this run's witness).
    void discard(const std::string& role);
    /// \brief Flushes, syncs to the disk and closes every temporary file.
    /// \throws kb::cli::data_error naming the output and the reason if one could not be written.
    void finish();
    /// \brief Renames every temporary file onto its target (call it when every other output of
    ///        the run, standard output included, succeeded).
    /// \throws kb::cli::data_error naming the output if one cannot be renamed.
    void commit();

    struct File; ///< one output: its target, temporary file and stream (output.cpp)

private:
    File& find(const std::string& role);
    std::vector<std::unique_ptr<File>> files_;
};

/// \brief Installs handlers of SIGINT, SIGTERM, SIGHUP and SIGPIPE (those not ignored) that
///        remove the temporary files of the run and then end the process by the same signal
///        (exit status 128 + its number). For the program's main(); the tests do not call it.
void remove_temporaries_on_signals();

/// \brief A closed standard input, output or error (file descriptors 0, 1, 2) is opened on
///        /dev/null for reading only: no file the run opens can take its number (and receive
///        what was meant for the terminal), and a write to it fails with EBADF, which is
///        reported like any failed write. For the program's main().
void reserve_standard_descriptors();

} // namespace kb::cli

/// \file output.cpp
/// \brief The outputs of a run, all or none (output.hpp): temporary files beside their targets,
///        renamed into place at the end; the signal handlers that remove them.
#include "cli/output.hpp"

#include "cli/errors.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kb::cli {

// ---------------------------------------------------------------------------------------------
// FdStreambuf: a buffer drained with write(2), keeping the errno of the first failure.

FdStreambuf::FdStreambuf(int fd) : fd_(fd) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }

FdStreambuf::~FdStreambuf() { drain(); }

bool FdStreambuf::drain() {
    const char* p = pbase();
    while (p < pptr() && error_ == 0) {
        const ssize_t n = ::write(fd_, p, static_cast<std::size_t>(pptr() - p));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) error_ = errno;
        else p += n;
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return error_ == 0;
}

FdStreambuf::int_type FdStreambuf::overflow(int_type c) {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

int FdStreambuf::sync() { return drain() ? 0 : -1; }

std::string write_failure(const std::ostream& os) {
    const auto* fd = dynamic_cast<const FdStreambuf*>(os.rdbuf());
    return fd && fd->error() ? std::strerror(fd->error()) : "the stream reported a failure";
}

namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// The temporaries of the run, in a table the signal handler can read: fixed storage, no
// allocation, a slot marked used only once its name is complete.

constexpr int max_temporaries = 8;
char temporary_names[max_temporaries][PATH_MAX];
volatile std::sig_atomic_t temporary_used[max_temporaries];
constexpr int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

// The signals above are held back while the table and the files change together (a file
// created but not yet in the table, or renamed but still in it).
class SignalsHeld {
public:
    SignalsHeld() {
        sigset_t set;
        sigemptyset(&set);
        for (const int s : cleanup_signals) sigaddset(&set, s);
        sigprocmask(SIG_BLOCK, &set, &old_);
    }
    ~SignalsHeld() { sigprocmask(SIG_SETMASK, &old_, nullptr); }
    SignalsHeld(const SignalsHeld&) = delete;
    SignalsHeld& operator=(const SignalsHeld&) = delete;

private:
    sigset_t old_;
};

int remember_temporary(const std::string& name) {
    for (int i = 0; i < max_temporaries; ++i)
        if (!temporary_used[i]) {
            std::strncpy(temporary_names[i], name.c_str(), PATH_MAX - 1);
            temporary_names[i][PATH_MAX - 1] = '\0';
            temporary_used[i] = 1;
            return i;
        }
    return -1; // more outputs than slots: never with the command's two outputs
}

extern "C" void remove_temporaries_and_reraise(int sig) {
    for (int i = 0; i < max_temporaries; ++i)
        if (temporary_used[i]) ::unlink(temporary_names[i]);
    std::signal(sig, SIG_DFL);
    std::raise(sig); // delivered when the handler returns: the process ends by `sig`
}

// ---------------------------------------------------------------------------------------------
// Which file a path names: device and inode if it exists, else its absolute path with the
// symbolic links of its existing part resolved.

struct FileId {
    bool exists = false;
    dev_t dev = 0;
    ino_t ino = 0;
    fs::path path;
};

FileId identify(const std::string& path) {
    FileId id;
    std::error_code ec;
    id.path = fs::absolute(path, ec);
    const fs::path resolved = fs::weakly_canonical(id.path, ec);
    if (!ec) id.path = resolved;
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        id.exists = true;
        id.dev = st.st_dev;
        id.ino = st.st_ino;
    }
    return id;
}

bool same_file(const FileId& a, const FileId& b) {
    if (a.exists != b.exists) return false;
    return a.exists ? a.dev == b.dev && a.ino == b.ino : a.path == b.path;
}

// "--out 'x.csv'" for messages.
std::string named(const NamedFile& f) { return fmt::format("{} '{}'", f.role, f.path); }

// Two outputs, or an output and an input, naming one file: a contradiction of the command line.
void refuse_collisions(const std::vector<NamedFile>& outputs, const std::vector<NamedFile>& inputs) {
    std::vector<FileId> ids;
    for (const NamedFile& o : outputs) ids.push_back(identify(o.path));
    for (std::size_t a = 0; a < outputs.size(); ++a) {
        for (std::size_t b = 0; b < a; ++b)
            if (same_file(ids[a], ids[b]))
                throw usage_error(fmt::format("{} and {} name the same file: the second would replace the first; give "
                                              "each output a file of its own",
                                              named(outputs[b]), named(outputs[a])));
        for (const NamedFile& in : inputs)
            if (const FileId input = identify(in.path); input.exists && same_file(ids[a], input))
                throw usage_error(fmt::format("{} is the input {}: writing it would destroy the data it is computed "
                                              "from; name another file",
                                              named(outputs[a]), named(in)));
    }
}

} // namespace

// ---------------------------------------------------------------------------------------------
// One output: its target and the temporary file (or, for a device or pipe, the target itself).

struct Outputs::File {
    NamedFile name;
    fs::path target;     // absolute, symbolic links resolved
    fs::path temporary;  // empty when written in place
    int fd = -1;
    int slot = -1;       // its entry in the table of temporaries
    bool discard = false;
    std::unique_ptr<FdStreambuf> buffer;
    std::unique_ptr<std::ostream> stream;

    File(const NamedFile& n, const fs::path& t) : name(n), target(t) {}
    File(const File&) = delete;
    File& operator=(const File&) = delete;
    ~File() {
        SignalsHeld held;
        stream.reset();
        buffer.reset();
        if (fd >= 0) ::close(fd);
        if (slot >= 0) {
            ::unlink(temporary.c_str());
            temporary_used[slot] = 0;
        }
    }

    // "--out 'x.csv': what: reason; advice".
    [[noreturn]] void fail(const std::string& what, int err, const std::string& advice) const {
        throw data_error(fmt::format("{}: {}: {}; {}", named(name), what, std::strerror(err), advice));
    }

    void attach(int descriptor) {
        fd = descriptor;
        buffer = std::make_unique<FdStreambuf>(fd);
        stream = std::make_unique<std::ostream>(buffer.get());
    }

    // A device or a pipe (/dev/null, /dev/stdout, a FIFO) cannot be replaced: it is opened as it is.
    void open_in_place() {
        const int d = ::open(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (d < 0) fail("cannot open it for writing", errno, "name another file (nothing was computed)");
        attach(d);
    }

    // A regular file (or a new one): a temporary ".NAME.kernelbook-XXXXXX" beside it, with the
    // permissions the target has (or a new file would get).
    void open_temporary(mode_t mode) {
        const fs::path dir = target.parent_path();
        std::string pattern = (dir / ("." + target.filename().string().substr(0, 100) + ".kernelbook-XXXXXX")).string();
        SignalsHeld held;
        const int d = ::mkstemp(pattern.data());
        if (d < 0)
            fail(fmt::format("cannot create a file in the directory '{}'", dir.string()), errno,
                 "name a file in a directory you can write to (nothing was computed)");
        temporary = pattern;
        slot = remember_temporary(temporary.string());
        attach(d);
        ::fchmod(fd, mode);
    }

    // Flush, sync and close: every failure of the disk shows up here, before anything is renamed.
    void finish() {
        if (!stream || fd < 0) return;
        const std::string nothing = "no output of the run was written (an earlier file keeps its content)";
        if (stream->flush().fail()) fail("writing failed", buffer->error() ? buffer->error() : EIO, nothing);
        if (slot >= 0 && ::fsync(fd) != 0) fail("writing failed", errno, nothing);
        const int d = fd;
        fd = -1;
        if (::close(d) != 0) fail("writing failed", errno, nothing);
    }

    // The temporary becomes the target (or the target is removed, for a discarded output).
    void commit() {
        SignalsHeld held;
        if (discard) {
            if (slot >= 0 && ::unlink(target.c_str()) != 0 && errno != ENOENT)
                fail("cannot remove the earlier file", errno, "remove it by hand: it is not this run's");
            return;
        }
        if (slot < 0) return;
        if (::rename(temporary.c_str(), target.c_str()) != 0)
            fail("cannot move the finished file into place", errno, "run the command again");
        temporary_used[slot] = 0;
        slot = -1;
        // The rename itself reaches the disk with its directory.
        const int dir = ::open(target.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dir >= 0) {
            ::fsync(dir);
            ::close(dir);
        }
    }
};

namespace {

// An output that cannot be written where it is named, refused before any work: a directory, a
// file in a directory that is missing (or not a directory), a write-protected file.
void refuse_unusable(const NamedFile& o, const FileId& id, const struct stat& st) {
    const std::string nothing = "(nothing was computed)";
    if (id.exists && S_ISDIR(st.st_mode))
        throw data_error(fmt::format("{} is a directory; name a file in it, e.g. {}/{} {}", named(o), o.path,
                                     o.role == "--report" ? "report.txt" : "out.csv", nothing));
    if (!id.exists && !fs::is_directory(id.path.parent_path())) {
        const std::string dir = fs::path(o.path).parent_path().string();
        if (fs::exists(id.path.parent_path()))
            throw data_error(fmt::format("{}: '{}' is not a directory; name a file in a directory {}", named(o), dir, nothing));
        throw data_error(fmt::format("{}: the directory '{}' does not exist; create it first (mkdir -p '{}') or name a "
                                     "file in an existing directory {}",
                                     named(o), dir, dir, nothing));
    }
    if (id.exists && S_ISREG(st.st_mode) && ::access(o.path.c_str(), W_OK) != 0)
        throw data_error(fmt::format("{}: the file is write-protected: {}; make it writable (chmod u+w) or name another "
                                     "file {}",
                                     named(o), std::strerror(errno), nothing));
}

} // namespace

Outputs::Outputs(const std::vector<NamedFile>& outputs, const std::vector<NamedFile>& inputs) {
    refuse_collisions(outputs, inputs);
    const mode_t mask = ::umask(0);
    ::umask(mask);
    for (const NamedFile& o : outputs) {
        const FileId id = identify(o.path);
        struct stat st {};
        if (id.exists) ::stat(o.path.c_str(), &st);
        refuse_unusable(o, id, st);
        // A device or a pipe is written in place; a regular or new file through a temporary with
        // the target's permissions (or those a new file gets).
        auto f = std::make_unique<File>(o, id.path);
        if (id.exists && !S_ISREG(st.st_mode))
            f->open_in_place();
        else
            f->open_temporary(id.exists ? (st.st_mode & 07777) : (0666 & ~mask));
        files_.push_back(std::move(f));
    }
}

Outputs::~Outputs() = default;

Outputs::File& Outputs::find(const std::string& role) {
    for (const auto& f : files_)
        if (f->name.role == role) return *f;
    throw std::logic_error("Outputs: no output " + role);
}

std::ostream& Outputs::stream(const std::string& role) { return *find(role).stream; }

void Outputs::discard(const std::string& role) { find(role).discard = true; }

void Outputs::finish() {
    for (const auto& f : files_) f->finish();
}

void Outputs::commit() {
    for (const auto& f : files_) f->commit();
}

void remove_temporaries_on_signals() {
    for (const int s : cleanup_signals) {
        struct sigaction old {};
        sigaction(s, nullptr, &old);
        if (old.sa_handler == SIG_IGN) continue; // e.g. SIGINT of a background job, SIGPIPE a parent ignores
        struct sigaction a {};
        a.sa_handler = remove_temporaries_and_reraise;
        sigemptyset(&a.sa_mask);
        sigaction(s, &a, nullptr);
    }
}

void reserve_standard_descriptors() {
    for (int fd = 0; fd <= 2; ++fd)
        if (::fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
            const int d = ::open("/dev/null", O_RDONLY);
            if (d >= 0 && d != fd) {
                ::dup2(d, fd);
                ::close(d);
            }
        }
}

} // namespace kb::cli

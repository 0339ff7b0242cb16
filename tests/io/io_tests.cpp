/// \file io_tests.cpp
/// \brief The data readers (io.hpp) and deterministic subsets (datasets.hpp): crafted
///        files (valid, bad magic number, truncated, mismatched, malformed CSV) written
///        into a temporary directory, and — when Debian's packages are installed — the
///        real Fashion-MNIST and scikit-learn digits files.
#include "test_support.hpp"

#include "kernelbook/datasets.hpp"
#include "kernelbook/io.hpp"

#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using Bytes = std::vector<unsigned char>;

namespace {

// A fresh directory under the system's temporary directory, removed at the end of the test.
struct TempDir {
    fs::path dir;
    TempDir() {
        static int counter = 0;
        dir = fs::temp_directory_path() /
              ("kb-io-tests-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::create_directories(dir);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    std::string path(const std::string& name) const { return (dir / name).string(); }
};

void write_file(const std::string& path, const Bytes& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

void write_text(const std::string& path, const std::string& text) { write_file(path, Bytes(text.begin(), text.end())); }

void write_gzip(const std::string& path, const Bytes& bytes) {
    gzFile f = gzopen(path.c_str(), "wb");
    REQUIRE(f != nullptr);
    REQUIRE(gzwrite(f, bytes.data(), static_cast<unsigned>(bytes.size())) == static_cast<int>(bytes.size()));
    REQUIRE(gzclose(f) == Z_OK);
}

Bytes read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), {});
}

// Big-endian writers, written independently of the reader.
void put_u32(Bytes& b, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) b.push_back(static_cast<unsigned char>(v >> shift));
}
void put_u64(Bytes& b, std::uint64_t v) {
    for (int shift = 56; shift >= 0; shift -= 8) b.push_back(static_cast<unsigned char>(v >> shift));
}

// An IDX header: 0x00 0x00, the type byte, the number of dimensions, then the sizes.
Bytes idx_header(unsigned char type, const std::vector<std::uint32_t>& dims) {
    Bytes b{0, 0, type, static_cast<unsigned char>(dims.size())};
    for (auto d : dims) put_u32(b, d);
    return b;
}

// Two 2×3 unsigned-byte images: pixel (r, c) of image n is 100n + 10r + c.
Bytes two_images() {
    Bytes b = idx_header(0x08, {2, 2, 3});
    for (int n = 0; n < 2; ++n)
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < 3; ++c) b.push_back(static_cast<unsigned char>(100 * n + 10 * r + c));
    return b;
}

Bytes labels(const std::vector<unsigned char>& values) {
    Bytes b = idx_header(0x08, {static_cast<std::uint32_t>(values.size())});
    b.insert(b.end(), values.begin(), values.end());
    return b;
}

// A digits CSV line with 64 pixels (pixel k = k mod 17) and the label.
std::string digits_line(int label, int shift = 0) {
    std::string s;
    for (int k = 0; k < 64; ++k) s += std::to_string((k + shift) % 17) + ",";
    return s + std::to_string(label) + "\n";
}

// The whole message of a reader given a path that does not exist: what is missing, then how to
// get the file.
std::string missing_file(const std::string& reader, const std::string& path, const std::string& remedy) {
    return reader + ": cannot open '" + path + "': no such file; " + remedy;
}

} // namespace

// ---------------------------------------------------------------------------------------
// IDX: valid files

TEST_CASE("read_idx_images reads a crafted unsigned-byte file: shape and pixels in row-major order") {
    TempDir tmp;
    write_file(tmp.path("images.idx"), two_images());
    const auto im = kb::io::read_idx_images(tmp.path("images.idx"));
    CHECK(im.count == 2);
    CHECK(im.total == 2);
    CHECK(im.first == 0);
    CHECK(im.rows == 2);
    CHECK(im.cols == 3);
    REQUIRE(im.pixels.rows() == 2);
    REQUIRE(im.pixels.cols() == 6);
    for (int n = 0; n < 2; ++n)
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < 3; ++c) CHECK(im.pixels(n, 3 * r + c) == 100 * n + 10 * r + c);
}

TEST_CASE("read_idx_images reads gzip-compressed files exactly like plain ones") {
    TempDir tmp;
    write_file(tmp.path("plain.idx"), two_images());
    write_gzip(tmp.path("packed.idx.gz"), two_images());
    // The crafted .gz really is compressed (starts with the gzip magic 1f 8b).
    const Bytes packed = read_file(tmp.path("packed.idx.gz"));
    REQUIRE(packed.size() > 2);
    CHECK(packed[0] == 0x1f);
    CHECK(packed[1] == 0x8b);
    CHECK(kb::io::read_idx_images(tmp.path("packed.idx.gz")).pixels == kb::io::read_idx_images(tmp.path("plain.idx")).pixels);
}

TEST_CASE("read_idx_images decodes every IDX type big-endian") {
    TempDir tmp;
    // One 1×2 image per type, holding two values whose bytes are not palindromes.
    struct Case {
        unsigned char type;
        Bytes payload;
        double first, second;
    };
    std::vector<Case> cases;
    cases.push_back({0x08, {0xFF, 0x01}, 255, 1});
    cases.push_back({0x09, {0xFF, 0x7F}, -1, 127});
    cases.push_back({0x0B, {0xFE, 0xD4, 0x01, 0x02}, -300, 258});
    cases.push_back({0x0C, {0xFF, 0xFE, 0x1D, 0xC0, 0x00, 0x01, 0x00, 0x00}, -123456, 65536});
    {
        Bytes p;
        put_u32(p, std::bit_cast<std::uint32_t>(-2.5f));
        put_u32(p, std::bit_cast<std::uint32_t>(0.375f));
        cases.push_back({0x0D, p, -2.5, 0.375});
    }
    {
        Bytes p;
        put_u64(p, std::bit_cast<std::uint64_t>(-1.0 / 1024));
        put_u64(p, std::bit_cast<std::uint64_t>(1e300));
        cases.push_back({0x0E, p, -1.0 / 1024, 1e300});
    }
    for (const auto& c : cases) {
        CAPTURE(int(c.type));
        Bytes b = idx_header(c.type, {1, 1, 2});
        b.insert(b.end(), c.payload.begin(), c.payload.end());
        write_file(tmp.path("typed.idx"), b);
        const auto im = kb::io::read_idx_images(tmp.path("typed.idx"));
        CHECK(im.pixels(0, 0) == c.first);
        CHECK(im.pixels(0, 1) == c.second);
    }
}

TEST_CASE("read_idx_images returns a range of images and rejects a range outside the file") {
    TempDir tmp;
    const std::string path = tmp.path("images.idx");
    write_file(path, two_images());
    const auto second = kb::io::read_idx_images(path, 1, 1);
    CHECK(second.count == 1);
    CHECK(second.first == 1);
    CHECK(second.total == 2);
    CHECK(second.pixels(0, 0) == 100);
    CHECK(second.pixels(0, 5) == 112);
    CHECK(kb::io::read_idx_images(path, 2).count == 0); // from the end: empty
    const std::string expected = "read_idx_images: the range first = 1, count = 2 is outside the 2 items of '" + path +
                                 "'; choose first ≥ 0 and first + count ≤ 2 (count = −1: to the end)";
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(path, 1, 2), expected.c_str(), kb::error);
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(path, -1), doctest::Contains("first = -1"), kb::error);
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(path, 3), doctest::Contains("outside the 2 items"), kb::error);
}

TEST_CASE("read_idx_labels reads labels and read_idx_dataset pairs them with the images") {
    TempDir tmp;
    write_file(tmp.path("images.idx"), two_images());
    write_gzip(tmp.path("labels.idx.gz"), labels({7, 2}));
    CHECK(kb::io::read_idx_labels(tmp.path("labels.idx.gz")) == std::vector<int>{7, 2});
    const auto data = kb::io::read_idx_dataset(tmp.path("images.idx"), tmp.path("labels.idx.gz"));
    CHECK(data.labels == std::vector<int>{7, 2});
    CHECK(data.images.count == 2);
    const auto tail = kb::io::read_idx_dataset(tmp.path("images.idx"), tmp.path("labels.idx.gz"), 1, 1);
    CHECK(tail.labels == std::vector<int>{2});
    CHECK(tail.images.pixels(0, 0) == 100);
}

// ---------------------------------------------------------------------------------------
// IDX: malformed files

TEST_CASE("IDX readers name a missing file and the Debian package that provides Fashion-MNIST") {
    TempDir tmp;
    const std::string path = tmp.path("no-such-file.idx.gz");
    const std::string expected = missing_file("read_idx_images", path,
                                              "Fashion-MNIST's IDX files come with the Debian package "
                                              "dataset-fashion-mnist (apt-get install dataset-fashion-mnist) in "
                                              "/usr/share/datasets/fashion-mnist");
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(path), expected.c_str(), kb::error);
    CHECK_THROWS_WITH_AS(kb::io::read_idx_labels(path), doctest::Contains("dataset-fashion-mnist"), kb::error);
    const std::string dir_expected = "read_idx_images: cannot read '" + tmp.dir.string() +
                                     "': it is a directory, not a file; give the path of the file";
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(tmp.dir.string()), dir_expected.c_str(), kb::error);
}

TEST_CASE("IDX readers reject a bad magic number and an unknown type byte") {
    TempDir tmp;
    const std::string path = tmp.path("bad.idx");
    write_text(path, "0,0,5,13,9,1\n"); // a CSV file, not IDX
    const std::string expected = "read_idx_images: '" + path +
                                 "' is not an IDX file: its magic number is 0x302C302C, but an IDX magic number "
                                 "starts with two zero bytes (MNIST images: 0x00000803, labels: 0x00000801); check "
                                 "that the path names an MNIST-format file";
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(path), expected.c_str(), kb::error);
    Bytes b = two_images();
    b[2] = 0x0A; // not an IDX type
    write_file(path, b);
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(path), doctest::Contains("has the unknown type byte 0x0A"),
                         kb::error);
    write_file(path, Bytes{0, 0, 8});
    CHECK_THROWS_WITH_AS(kb::io::read_idx_labels(path), doctest::Contains("is too short to be an IDX file (3 bytes"),
                         kb::error);
}

TEST_CASE("IDX readers reject a label file read as images and an image file read as labels") {
    TempDir tmp;
    write_file(tmp.path("labels.idx"), labels({1, 2, 3}));
    write_file(tmp.path("images.idx"), two_images());
    const std::string expected = "read_idx_images: '" + tmp.path("labels.idx") +
                                 "' has 1 dimensions (magic number 0x00000801) but an image file has 3 (count, rows, "
                                 "cols); is it a label file?";
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(tmp.path("labels.idx")), expected.c_str(), kb::error);
    CHECK_THROWS_WITH_AS(kb::io::read_idx_labels(tmp.path("images.idx")),
                         doctest::Contains("but a label file has 1 (count); is it an image file?"), kb::error);
    Bytes f = idx_header(0x0D, {1});
    put_u32(f, std::bit_cast<std::uint32_t>(1.5f));
    write_file(tmp.path("float-labels.idx"), f);
    CHECK_THROWS_WITH_AS(kb::io::read_idx_labels(tmp.path("float-labels.idx")),
                         doctest::Contains("stores its labels as 32-bit floats; class labels must have an integer type"),
                         kb::error);
}

TEST_CASE("read_idx_images refuses a float image file with a NaN or an infinite pixel and an absurd or empty image size") {
    // Found by the fuzz target tests/fuzz/fuzz_idx.cpp: the reader returned the NaN.
    TempDir tmp;
    for (const float bad : {std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::infinity()}) {
        Bytes f = idx_header(0x0D, {1, 1, 2});
        put_u32(f, std::bit_cast<std::uint32_t>(0.5f));
        put_u32(f, std::bit_cast<std::uint32_t>(bad));
        write_file(tmp.path("nan.idx"), f);
        CHECK_THROWS_WITH_AS(kb::io::read_idx_images(tmp.path("nan.idx")),
                             doctest::Contains("pixel 1 of image 0 is"), kb::error);
    }
    // Zero images of 4278190016×4280352763 pixels: the size check passes (0 bytes of payload),
    // rows·cols overflows a 64-bit integer (found by the same fuzz target).
    write_file(tmp.path("huge.idx"), idx_header(0x08, {0, 4278190016u, 4280352763u}));
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(tmp.path("huge.idx")),
                         doctest::Contains("announces images of 4278190016×4280352763 pixels, more than 2⁴⁰"), kb::error);
    // 4294967295 images of 0×28 pixels: no payload, so the size check passes; the reader looped
    // over four billion empty images (the fuzz target's slowest inputs). No image has 0 pixels.
    write_file(tmp.path("empty.idx"), idx_header(0x08, {4294967295u, 0, 28}));
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(tmp.path("empty.idx")),
                         doctest::Contains("announces images of 0×28 pixels (4294967295 of them); an image has at least one pixel"),
                         kb::error);
    write_file(tmp.path("empty2.idx"), idx_header(0x08, {1, 28, 0}));
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(tmp.path("empty2.idx")),
                         doctest::Contains("announces images of 28×0 pixels (1 of them)"), kb::error);
    // Zero images of 0×0 pixels is an empty file of images, read as such.
    write_file(tmp.path("none.idx"), idx_header(0x08, {0, 0, 0}));
    CHECK(kb::io::read_idx_images(tmp.path("none.idx")).pixels.rows() == 0);
    // The same file with a finite pixel is read.
    Bytes ok = idx_header(0x0D, {1, 1, 2});
    put_u32(ok, std::bit_cast<std::uint32_t>(0.5f));
    put_u32(ok, std::bit_cast<std::uint32_t>(-1.0f));
    write_file(tmp.path("ok.idx"), ok);
    CHECK(kb::io::read_idx_images(tmp.path("ok.idx")).pixels(0, 1) == -1.0);
}

TEST_CASE("IDX readers reject a truncated payload a truncated header and trailing bytes") {
    TempDir tmp;
    const std::string path = tmp.path("cut.idx");
    Bytes b = two_images();
    b.pop_back(); // one pixel missing
    write_file(path, b);
    const std::string expected = "read_idx_images: '" + path +
                                 "' is truncated: its header announces 2×2×3 values of type unsigned byte (12 bytes) "
                                 "but the payload has 11 bytes; the file is incomplete — reinstall or download it again";
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(path), expected.c_str(), kb::error);
    // The same file compressed: the IDX check still sees the missing byte.
    write_gzip(tmp.path("cut.idx.gz"), b);
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(tmp.path("cut.idx.gz")), doctest::Contains("is truncated: its header"),
                         kb::error);
    const Bytes whole = two_images();
    write_file(path, Bytes(whole.begin(), whole.begin() + 9)); // cut inside the dimensions
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(path),
                         doctest::Contains("is truncated: its header announces 3 dimensions but the file ends after 9 "
                                           "bytes"),
                         kb::error);
    // Dimensions whose product overflows 64 bits.
    write_file(path, idx_header(0x08, {0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF}));
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(path),
                         doctest::Contains("is truncated or corrupt: its header announces 4294967295×4294967295×4294967295 "
                                           "values, more than any file holds"),
                         kb::error);
    Bytes longer = two_images();
    longer.push_back(0);
    longer.push_back(0);
    write_file(path, longer);
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(path),
                         doctest::Contains("has 2 bytes after the 12 bytes of payload its header announces (2×2×3 "
                                           "unsigned bytes); it is not a well-formed IDX file"),
                         kb::error);
}

TEST_CASE("IDX readers reject a gzip file cut short and a damaged gzip stream") {
    TempDir tmp;
    // A larger payload so that the compressed stream is long enough to cut in the middle.
    Bytes b = idx_header(0x08, {50, 20, 20});
    for (int k = 0; k < 50 * 20 * 20; ++k) b.push_back(static_cast<unsigned char>((k * 7919) % 251));
    write_gzip(tmp.path("full.gz"), b);
    const Bytes packed = read_file(tmp.path("full.gz"));
    REQUIRE(packed.size() > 200);
    write_file(tmp.path("cut.gz"), Bytes(packed.begin(), packed.begin() + packed.size() / 2));
    CHECK(kb::io::read_idx_images(tmp.path("full.gz")).count == 50);
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(tmp.path("cut.gz")),
                         doctest::Contains("is truncated: its gzip stream ends early (zlib: unexpected end of file)"),
                         kb::error);
    Bytes damaged = packed;
    for (std::size_t k = 20; k < 60; ++k) damaged[k] ^= 0x5A; // scramble the deflate data
    write_file(tmp.path("damaged.gz"), damaged);
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(tmp.path("damaged.gz")), doctest::Contains("is a damaged gzip file"),
                         kb::error);
}

TEST_CASE("read_idx_dataset rejects image and label files of different lengths") {
    TempDir tmp;
    write_file(tmp.path("images.idx"), two_images());
    write_file(tmp.path("labels.idx"), labels({1, 2, 3}));
    const std::string expected = "read_idx_dataset: '" + tmp.path("images.idx") + "' holds 2 images but '" +
                                 tmp.path("labels.idx") +
                                 "' holds 3 labels; the two files must belong to the same set (train images with "
                                 "train labels, t10k with t10k)";
    CHECK_THROWS_WITH_AS(kb::io::read_idx_dataset(tmp.path("images.idx"), tmp.path("labels.idx")), expected.c_str(),
                         kb::error);
}

// ---------------------------------------------------------------------------------------
// IDX: the announced size is checked before inflating, and inflation is bounded

namespace {

// One gzip member (RFC 1952) holding `bytes`, in memory: zlib's deflate with the gzip wrapper.
Bytes gzip_member(const Bytes& bytes) {
    z_stream z{};
    REQUIRE(deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) == Z_OK);
    Bytes out(deflateBound(&z, static_cast<uLong>(bytes.size())) + 64);
    z.next_in = const_cast<Bytef*>(bytes.data());
    z.avail_in = static_cast<uInt>(bytes.size());
    z.next_out = out.data();
    z.avail_out = static_cast<uInt>(out.size());
    REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

// Runs `work` in a child process with an alarm and at most 1 GiB more address space than it
// has; true if it returned true in time. A reader that inflates a whole "gzip bomb" fails here
// within seconds (std::bad_alloc or the alarm) instead of filling the machine's memory.
bool in_bounded_child(unsigned seconds, const std::function<bool()>& work) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::alarm(seconds);
        std::ifstream status("/proc/self/status");
        std::string line;
        long long size = -1;
        while (std::getline(status, line))
            if (line.rfind("VmSize:", 0) == 0) size = 1024 * std::stoll(line.substr(7));
        if (size > 0) {
            const rlimit limit{rlim_t(size + (1LL << 30)), rlim_t(size + (1LL << 30))};
            (void)::setrlimit(RLIMIT_AS, &limit);
        }
        bool ok = false;
        try {
            ok = work();
        } catch (...) {
            ok = false;
        }
        std::_Exit(ok ? 0 : 1);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

} // namespace

TEST_CASE("IDX readers refuse a gzip bomb without inflating it: a small file whose data go on for gigabytes after the "
          "payload its header announces") {
    TempDir tmp;
    // One image of 2×2 pixels, then 4096 gzip members of 1 MiB of zeros each (zlib reads
    // concatenated members as one stream): 4 GiB once inflated, from a file of about 4 MB.
    const std::string path = tmp.path("bomb.idx.gz");
    {
        Bytes header = idx_header(0x08, {1, 2, 2});
        header.insert(header.end(), {1, 2, 3, 4});
        const Bytes first = gzip_member(header), zeros = gzip_member(Bytes(std::size_t(1) << 20, 0));
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(first.data()), static_cast<std::streamsize>(first.size()));
        for (int k = 0; k < 4096; ++k)
            out.write(reinterpret_cast<const char*>(zeros.data()), static_cast<std::streamsize>(zeros.size()));
    }
    REQUIRE(fs::file_size(path) < (16u << 20));
    const std::string expected = "read_idx_images: '" + path +
                                 "' has at least 65537 bytes after the 4 bytes of payload its header announces (1×2×2 "
                                 "unsigned bytes); it is not a well-formed IDX file";
    CHECK(in_bounded_child(10, [&] {
        try {
            (void)kb::io::read_idx_images(path);
        } catch (const kb::error& e) {
            return e.what() == expected;
        }
        return false;
    }));
}

TEST_CASE("IDX readers check the size a header announces against the file before inflating anything") {
    TempDir tmp;
    // A Fashion-MNIST header (60000 images of 28×28) in a gzip file of a few dozen bytes: at
    // most 1032 bytes come out of each compressed byte, so the file cannot hold 47 MB.
    write_gzip(tmp.path("header.gz"), idx_header(0x08, {60000, 28, 28}));
    const std::uintmax_t size = fs::file_size(tmp.path("header.gz"));
    const std::string expected = fmt::format("is truncated: its header announces 60000×28×28 values of type "
                                             "unsigned byte (47040000 bytes), but a gzip file of {} bytes "
                                             "inflates to at most 1032 times its size ({} bytes)",
                                             size, 1032 * size);
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(tmp.path("header.gz")), doctest::Contains(expected.c_str()), kb::error);
    // A plain file is measured on disk: the same messages as after reading it.
    write_file(tmp.path("header.idx"), idx_header(0x08, {60000, 28, 28}));
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(tmp.path("header.idx")),
                         doctest::Contains("but the payload has 0 bytes; the file is incomplete"), kb::error);
    // A pipe has no size: the announced payload is held to kb::io::idx_max_payload_bytes.
    const std::string fifo = tmp.path("pipe.idx");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::thread writer([&] {
        std::ofstream out(fifo, std::ios::binary);
        const Bytes h = idx_header(0x08, {4096, 1024, 1025}); // 4 299 161 600 bytes > 2³²
        out.write(reinterpret_cast<const char*>(h.data()), static_cast<std::streamsize>(h.size()));
    });
    CHECK_THROWS_WITH_AS(kb::io::read_idx_images(fifo),
                         doctest::Contains("announces 4096×1024×1025 values of type unsigned byte (4299161600 bytes), "
                                           "more than the limit of 4294967296 bytes"),
                         kb::io::size_limit_error);
    writer.join();
}

// ---------------------------------------------------------------------------------------
// Digits CSV

TEST_CASE("read_digits_csv reads crafted rows: plain or gzip with Windows line ends") {
    TempDir tmp;
    const std::string text = digits_line(3) + digits_line(0, 5) + digits_line(9, 16);
    write_text(tmp.path("digits.csv"), text);
    std::string crlf;
    for (char ch : text) crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
    write_gzip(tmp.path("digits.csv.gz"), Bytes(crlf.begin(), crlf.end()));
    for (const std::string name : {"digits.csv", "digits.csv.gz"}) {
        CAPTURE(name);
        const auto d = kb::io::read_digits_csv(tmp.path(name));
        REQUIRE(d.X.rows() == 3);
        REQUIRE(d.X.cols() == 64);
        CHECK(d.y == std::vector<int>{3, 0, 9});
        for (int k = 0; k < 64; ++k) {
            CHECK(d.X(0, k) == k % 17);
            CHECK(d.X(1, k) == (k + 5) % 17);
            CHECK(d.X(2, k) == (k + 16) % 17);
        }
    }
}

TEST_CASE("read_digits_csv names a missing file and the Debian package python3-sklearn") {
    TempDir tmp;
    const std::string path = tmp.path("digits.csv.gz");
    CHECK_THROWS_WITH_AS(kb::io::read_digits_csv(path),
                         missing_file("read_digits_csv", path,
                                      "the digits CSV comes with the Debian package python3-sklearn (apt-get "
                                      "install python3-sklearn) as "
                                      "/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz")
                             .c_str(),
                         kb::error);
}

TEST_CASE("read_digits_csv rejects malformed rows with their line and field") {
    TempDir tmp;
    const std::string path = tmp.path("bad.csv");
    const std::string good = digits_line(1);
    auto with_field = [&](int field, const std::string& value) { // field 1-based
        std::string line;
        for (int k = 0; k < 65; ++k) line += (k ? "," : "") + (k + 1 == field ? value : std::to_string(k == 64 ? 4 : 2));
        return good + line + "\n";
    };
    // A missing column.
    std::string short_row = good.substr(0, good.rfind(','));
    write_text(path, good + short_row + "\n");
    const std::string expected = "read_digits_csv: '" + path +
                                 "' line 2 has 64 fields but a digits row has 65 (64 pixels and the label); the file "
                                 "is not scikit-learn's digits CSV or is damaged";
    CHECK_THROWS_WITH_AS(kb::io::read_digits_csv(path), expected.c_str(), kb::error);
    // A non-numeric field, an empty field, a number with trailing garbage.
    write_text(path, with_field(5, "x"));
    CHECK_THROWS_WITH_AS(kb::io::read_digits_csv(path),
                         ("read_digits_csv: '" + path + "' line 2, field 5 is 'x', not a finite number; every field "
                                                        "must be a number").c_str(),
                         kb::error);
    write_text(path, with_field(7, ""));
    CHECK_THROWS_WITH_AS(kb::io::read_digits_csv(path), doctest::Contains("line 2, field 7 is '', not a finite number"),
                         kb::error);
    write_text(path, with_field(9, "3a"));
    CHECK_THROWS_WITH_AS(kb::io::read_digits_csv(path), doctest::Contains("field 9 is '3a', not a finite number"),
                         kb::error);
    write_text(path, with_field(9, "nan"));
    CHECK_THROWS_WITH_AS(kb::io::read_digits_csv(path), doctest::Contains("field 9 is 'nan', not a finite number"),
                         kb::error);
    // A pixel outside [0, 16].
    write_text(path, with_field(64, "17"));
    CHECK_THROWS_WITH_AS(kb::io::read_digits_csv(path),
                         ("read_digits_csv: '" + path + "' line 2, field 64 is 17, outside the pixel range [0, 16]").c_str(),
                         kb::error);
    write_text(path, with_field(1, "-1"));
    CHECK_THROWS_WITH_AS(kb::io::read_digits_csv(path), doctest::Contains("field 1 is -1, outside the pixel range"),
                         kb::error);
    // Labels that are not digits.
    for (const std::string label : {"10", "-1", "2.5"}) {
        CAPTURE(label);
        write_text(path, with_field(65, label));
        CHECK_THROWS_WITH_AS(kb::io::read_digits_csv(path),
                             ("read_digits_csv: '" + path + "' line 2, field 65 (the label) is " + label +
                              ", not a digit label 0–9").c_str(),
                             kb::error);
    }
    // An empty file.
    write_text(path, "\n\n");
    CHECK_THROWS_WITH_AS(kb::io::read_digits_csv(path), doctest::Contains("holds no data rows"), kb::error);
}

// ---------------------------------------------------------------------------------------
// Deterministic subsets

TEST_CASE("select_classes takes the first per_class points of each class after offset in file order") {
    // Labels 0..3 cycling, with the row index as its only feature.
    const int N = 20;
    kb::Matrix<double> X(N, 1);
    std::vector<int> y(N);
    for (int n = 0; n < N; ++n) {
        X(n, 0) = n;
        y[n] = n % 4;
    }
    const auto first = kb::datasets::select_classes(X, y, {2, 1}, 2);
    CHECK(first.indices == std::vector<Eigen::Index>{1, 2, 5, 6});
    CHECK(first.y == std::vector<int>{1, 2, 1, 2});
    for (std::size_t m = 0; m < first.indices.size(); ++m) CHECK(first.X(Eigen::Index(m), 0) == first.indices[m]);
    // offset = per_class: the next points, disjoint from the first ones.
    const auto next = kb::datasets::select_classes(X, y, {2, 1}, 2, 2);
    CHECK(next.indices == std::vector<Eigen::Index>{9, 10, 13, 14});
    // The same call gives the same subset (no randomness).
    CHECK(kb::datasets::select_classes(X, y, {2, 1}, 2, 2).indices == next.indices);
    // Errors.
    CHECK_THROWS_WITH_AS(kb::datasets::select_classes(X, y, {2, 1}, 3, 3),
                         doctest::Contains("select_classes: class 2 has 5 points, fewer than offset + per_class = 3 + "
                                           "3; ask for fewer points per class or a smaller offset"), kb::error);
    CHECK_THROWS_WITH_AS(kb::datasets::select_classes(X, y, {7}, 1), doctest::Contains("class 7 has 0 points"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::datasets::select_classes(X, y, {}, 1), doctest::Contains("no classes were given"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::datasets::select_classes(X, y, {1, 1}, 1), doctest::Contains("the class 1 is listed twice"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::datasets::select_classes(X, y, {1}, 0), doctest::Contains("per_class = 0 must be ≥ 1"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::datasets::select_classes(X, y, {1}, 1, -1), doctest::Contains("offset = -1 must be ≥ 0"),
                         kb::error);
    y.pop_back();
    CHECK_THROWS_WITH_AS(kb::datasets::select_classes(X, y, {1}, 1),
                         doctest::Contains("X has 20 rows but y has 19 labels"), kb::error);
}

// ---------------------------------------------------------------------------------------
// The real files, at the paths CMake passes (KB_SKLEARN_DIGITS_CSV, KB_FASHION_MNIST_DIR).
// Whether they exist is decided when the test runs: a missing file ends the test as Skipped
// (kb::test::skip, exit code 77) with a reason that names the file and the Debian package —
// never as Passed; the README's test command installs the packages and fails on any skip. The expected numbers were computed
// independently of this reader, with awk on `zcat digits.csv.gz` and with numpy on the
// gzip-decompressed IDX bytes.

namespace {
// Nothing if every file exists; otherwise the skip reason naming the first missing file
// and its package.
std::optional<std::string> missing_files(const std::vector<std::string>& paths, const std::string& package) {
    for (const auto& p : paths)
        if (!fs::exists(p))
            return p + " is missing (Debian package " + package + "; bash tests/support/packages.sh test installs it)";
    return std::nullopt;
}

// Ends the running test as Skipped (exit code 77) when a file is missing.
void require_files(const std::vector<std::string>& paths, const std::string& package) {
    if (const auto reason = missing_files(paths, package)) kb::test::skip(*reason);
}
} // namespace

TEST_CASE("the real-data tests see at run time whether their files exist and name the missing file and package") {
    TempDir tmp;
    write_text(tmp.path("present.csv"), "1\n");
    CHECK_FALSE(missing_files({tmp.path("present.csv")}, "none").has_value());
    const auto reason = missing_files({tmp.path("present.csv"), tmp.path("absent.gz")}, "a-package");
    REQUIRE(reason.has_value());
    CHECK(*reason == tmp.path("absent.gz") + " is missing (Debian package a-package; bash tests/support/packages.sh "
                                             "test installs it)");
    // A present file never skips: require_files returns (a missing one would end the process
    // with exit code 77, which ctest reports as Skipped).
    require_files({tmp.path("present.csv")}, "none");
}

TEST_CASE("the data sets are found where the environment says - else where the build was configured") {
    // Configured: the same CMake cache variables that this test's own paths come from.
    const auto with = [](const char* variable, const char* value, auto&& read) {
        if (value)
            ::setenv(variable, value, 1);
        else
            ::unsetenv(variable);
        const std::string got = read();
        ::unsetenv(variable);
        return got;
    };
    const auto digits = [] { return kb::datasets::sklearn_digits_csv(); };
    const auto fashion = [] { return kb::datasets::fashion_mnist_dir(); };
    CHECK(with("KB_SKLEARN_DIGITS_CSV", nullptr, digits) == KB_SKLEARN_DIGITS_CSV);
    CHECK(with("KB_FASHION_MNIST_DIR", nullptr, fashion) == KB_FASHION_MNIST_DIR);
    CHECK(with("KB_SKLEARN_DIGITS_CSV", "/data/digits.csv", digits) == "/data/digits.csv");
    CHECK(with("KB_FASHION_MNIST_DIR", "/data/fashion", fashion) == "/data/fashion");
    // An empty variable counts as not set.
    CHECK(with("KB_FASHION_MNIST_DIR", "", fashion) == KB_FASHION_MNIST_DIR);
}

TEST_CASE("the real scikit-learn digits: 1797 images of 8x8 pixels in 0..16 and labels 0..9") {
    require_files({KB_SKLEARN_DIGITS_CSV}, "python3-sklearn");
    const auto d = kb::io::read_digits_csv(KB_SKLEARN_DIGITS_CSV);
    REQUIRE(d.X.rows() == 1797);
    REQUIRE(d.X.cols() == 64);
    REQUIRE(d.y.size() == 1797);
    CHECK(d.X.minCoeff() == 0);
    CHECK(d.X.maxCoeff() == 16);
    CHECK(d.X.sum() == 561718);         // awk: sum of all pixels
    CHECK(d.X.row(0).sum() == 294);     // first image, a 0
    CHECK(d.X(0, 2) == 5);
    CHECK(d.X(0, 3) == 13);
    CHECK(d.y[0] == 0);
    REQUIRE(*std::min_element(d.y.begin(), d.y.end()) == 0);
    REQUIRE(*std::max_element(d.y.begin(), d.y.end()) == 9);
    std::vector<int> count(10, 0);
    for (int label : d.y) ++count[label];
    CHECK(count == std::vector<int>{178, 182, 177, 183, 181, 182, 181, 179, 174, 180});
    // The paper's classes 2, 4, 7: 150 training and 20 test images each, disjoint.
    const auto train = kb::datasets::select_classes(d.X, d.y, {2, 4, 7}, 150);
    const auto test = kb::datasets::select_classes(d.X, d.y, {2, 4, 7}, 20, 150);
    CHECK(train.X.rows() == 450);
    CHECK(test.X.rows() == 60);
    CHECK(train.indices.back() < test.indices.back());
    for (auto i : test.indices) CHECK(std::find(train.indices.begin(), train.indices.end(), i) == train.indices.end());
}

TEST_CASE("the real Fashion-MNIST: 60000 and 10000 images of 28x28 pixels with labels 0..9") {
    const std::string dir = KB_FASHION_MNIST_DIR;
    require_files({dir + "/train-images-idx3-ubyte.gz", dir + "/train-labels-idx1-ubyte.gz",
                   dir + "/t10k-images-idx3-ubyte.gz", dir + "/t10k-labels-idx1-ubyte.gz"},
                  "dataset-fashion-mnist");
    // Training set: every label, and a range of images (the whole file is still
    // decompressed and validated, but only 10 images are converted).
    const std::vector<int> train_labels = kb::io::read_idx_labels(dir + "/train-labels-idx1-ubyte.gz");
    REQUIRE(train_labels.size() == 60000);
    CHECK(std::vector<int>(train_labels.begin(), train_labels.begin() + 10) ==
          std::vector<int>{9, 0, 0, 3, 0, 2, 7, 2, 5, 5});
    REQUIRE(*std::min_element(train_labels.begin(), train_labels.end()) == 0);
    REQUIRE(*std::max_element(train_labels.begin(), train_labels.end()) == 9);
    std::vector<int> count(10, 0);
    for (int label : train_labels) ++count[label];
    CHECK(count == std::vector<int>(10, 6000));
    const auto last = kb::io::read_idx_images(dir + "/train-images-idx3-ubyte.gz", 59990);
    CHECK(last.total == 60000);
    CHECK(last.count == 10);
    CHECK(last.rows == 28);
    CHECK(last.cols == 28);
    REQUIRE(last.pixels.cols() == 784);
    CHECK(last.pixels.row(9).sum() == 16684); // numpy: image 59999

    // Test set: everything.
    const auto test = kb::io::read_idx_dataset(dir + "/t10k-images-idx3-ubyte.gz", dir + "/t10k-labels-idx1-ubyte.gz");
    CHECK(test.images.total == 10000);
    CHECK(test.images.count == 10000);
    REQUIRE(test.images.pixels.rows() == 10000);
    REQUIRE(test.images.pixels.cols() == 784);
    CHECK(test.images.pixels.minCoeff() == 0);
    CHECK(test.images.pixels.maxCoeff() == 255);
    CHECK(test.images.pixels.row(0).sum() == 33456);
    CHECK(test.images.pixels.row(9999).sum() == 24390);
    CHECK(test.images.pixels.sum() == 573469082.0); // numpy: sum of all test pixels
    CHECK(std::vector<int>(test.labels.begin(), test.labels.begin() + 10) ==
          std::vector<int>{9, 2, 1, 1, 6, 1, 4, 6, 5, 7});
    // A range read returns the same images as the full read.
    const auto part = kb::io::read_idx_dataset(dir + "/t10k-images-idx3-ubyte.gz", dir + "/t10k-labels-idx1-ubyte.gz",
                                               9990, 10);
    CHECK(part.images.pixels == test.images.pixels.bottomRows(10));
    CHECK(part.labels == std::vector<int>(test.labels.end() - 10, test.labels.end()));
    // Mixing the sets is caught.
    CHECK_THROWS_WITH_AS(
        kb::io::read_idx_dataset(dir + "/t10k-images-idx3-ubyte.gz", dir + "/train-labels-idx1-ubyte.gz"),
        doctest::Contains("holds 10000 images but"), kb::error);
}

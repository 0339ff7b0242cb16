/// \file io.cpp
/// \brief The IDX and digits-CSV readers declared in io.hpp (zlib reads plain and
///        gzip-compressed files alike).
#include "kernelbook/io.hpp"

#include "kernelbook/datasets.hpp"
#include "kernelbook/error.hpp"

#include <zlib.h>

#include <bit>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <string_view>

namespace kb::io {
namespace {

// What to do about a missing file: which Debian package provides it, and where.
std::string idx_hint() {
    return std::string("Fashion-MNIST's IDX files come with the Debian package dataset-fashion-mnist "
                       "(apt-get install dataset-fashion-mnist) in ") +
           datasets::fashion_mnist_dir();
}
std::string digits_hint() {
    return std::string("the digits CSV comes with the Debian package python3-sklearn (apt-get install python3-sklearn) "
                       "as ") +
           datasets::sklearn_digits_csv();
}

std::string hex(std::uint32_t v, int width) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%0*X", width, static_cast<unsigned>(v));
    return buf;
}

// A file read through zlib, plain or gzip-compressed alike (zlib passes plain files through
// unchanged), a piece at a time: a gzip stream that ends early or fails its checksum is an error.
class GzipFile {
public:
    GzipFile(const std::string& path, std::string_view where, const std::string& hint)
        : path_(path), where_(where), hint_(hint), file_(nullptr, gzclose) {
        namespace fs = std::filesystem;
        std::error_code ec;
        const fs::file_status st = fs::status(path, ec);
        if (ec && ec != std::errc::no_such_file_or_directory)
            fail(where, "cannot access '{}': {}; check the path and its permissions", path, ec.message());
        if (!fs::exists(st)) fail(where, "cannot open '{}': no such file; {}", path, hint);
        if (fs::is_directory(st))
            fail(where, "cannot read '{}': it is a directory, not a file; give the path of the file", path);
        if (fs::is_regular_file(st)) {
            const std::uintmax_t size = fs::file_size(path, ec);
            if (!ec) size_ = size;
        }
        errno = 0;
        file_.reset(gzopen(path.c_str(), "rb"));
        if (!file_)
            fail(where, "cannot read '{}': {}; check that the file is readable", path,
                 (errno ? std::strerror(errno) : "zlib cannot open it"));
    }

    // Reads up to n bytes into `to` (fewer only at the end of the data); returns how many.
    std::size_t read(unsigned char* to, std::size_t n) {
        std::size_t got = 0;
        while (got < n) {
            const unsigned piece = static_cast<unsigned>(std::min<std::size_t>(n - got, std::size_t(1) << 30));
            const int r = gzread(file_.get(), to + got, piece);
            int code = Z_OK;
            std::string message = gzerror(file_.get(), &code);
            if (message.rfind(path_ + ": ", 0) == 0) message.erase(0, path_.size() + 2); // zlib prefixes the path
            if (r < 0 || (code != Z_OK && code != Z_BUF_ERROR))
                fail(where_, "'{}' is a damaged gzip file (zlib: {}); reinstall or download it again — {}", path_,
                     message, hint_);
            if (code == Z_BUF_ERROR)
                fail(where_, "'{}' is truncated: its gzip stream ends early (zlib: {}); reinstall or download it "
                             "again — {}",
                     path_, message, hint_);
            if (r == 0) break;
            got += static_cast<std::size_t>(r);
        }
        return got;
    }

    // Whether the file is plain (not gzip): known after the first read.
    bool plain() const { return gzdirect(file_.get()) == 1; }
    // The size of the file on disk, if it is a regular file.
    std::optional<std::uint64_t> size() const { return size_; }

private:
    std::string path_;
    std::string_view where_;
    std::string hint_;
    std::unique_ptr<gzFile_s, int (*)(gzFile)> file_;
    std::optional<std::uint64_t> size_;
};

// Reads the whole file, inflating it if it is gzip-compressed; more than `max_bytes` (after
// inflation) is refused as soon as it is reached.
std::vector<unsigned char> read_bytes(const std::string& path, std::string_view where, const std::string& hint,
                                      std::uint64_t max_bytes) {
    GzipFile file(path, where, hint);
    std::vector<unsigned char> bytes;
    std::vector<unsigned char> chunk(1 << 16); // 64 KiB at a time: large enough for the data, cheap for a small file
    for (;;) {
        const std::size_t n = file.read(chunk.data(), chunk.size());
        if (n == 0) break;
        if (bytes.size() + n > max_bytes)
            throw size_limit_error(fmt::format("{}: '{}' holds more than {} bytes{}, the limit of this reader; it is "
                                               "not the file expected — check the path",
                                               where, path, max_bytes, file.plain() ? "" : " once inflated"));
        bytes.insert(bytes.end(), chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(n));
    }
    return bytes;
}

// ---- IDX -------------------------------------------------------------------------

struct IdxType {
    unsigned char code;
    const char* name;
    std::size_t size;
    bool integer;
};

const IdxType idx_types[] = {{0x08, "unsigned byte", 1, true}, {0x09, "signed byte", 1, true},
                             {0x0B, "16-bit integer", 2, true}, {0x0C, "32-bit integer", 4, true},
                             {0x0D, "32-bit float", 4, false},  {0x0E, "64-bit float", 8, false}};

std::uint32_t big_endian_u32(const unsigned char* p) {
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | std::uint32_t(p[3]);
}

// A validated IDX file: its type, dimensions and payload.
struct Idx {
    IdxType type;
    std::vector<std::uint64_t> dims;
    std::vector<unsigned char> bytes; // the payload only

    // Value number i of the payload, converted to double.
    double value(std::size_t i) const {
        const unsigned char* p = bytes.data() + i * type.size;
        switch (type.code) {
        case 0x08: return double(p[0]);
        case 0x09: return double(static_cast<std::int8_t>(p[0]));
        case 0x0B: return double(static_cast<std::int16_t>((std::uint16_t(p[0]) << 8) | std::uint16_t(p[1])));
        case 0x0C: return double(static_cast<std::int32_t>(big_endian_u32(p)));
        case 0x0D: return double(std::bit_cast<float>(big_endian_u32(p)));
        default: {
            const std::uint64_t hi = big_endian_u32(p), lo = big_endian_u32(p + 4);
            return std::bit_cast<double>((hi << 32) | lo);
        }
        }
    }
};

std::string shape(const std::vector<std::uint64_t>& dims) {
    std::string s;
    for (std::size_t k = 0; k < dims.size(); ++k) s += fmt::format("{}{}", k ? "×" : "", dims[k]);
    return s.empty() ? "()" : s;
}

// Reads an IDX file with `ndim` dimensions ("what" names it: "an image file"): the magic number
// and the header first, then exactly the payload the header announces — checked against the
// limit and, before anything is inflated, against what the file on disk can hold — and one
// look past its end. So a gzip file never inflates to more than the announced payload and a
// chunk: a small file that inflates to gigabytes (a "gzip bomb") is refused at once.
Idx read_idx(const std::string& path, std::size_t ndim, std::string_view what, std::string_view where) {
    Idx idx;
    GzipFile file(path, where, idx_hint());
    unsigned char h[4 + 4 * 3];
    const std::size_t header = 4 + 4 * ndim;
    std::size_t got = file.read(h, 4);
    if (got < 4)
        fail(where, "'{}' is too short to be an IDX file ({} bytes; the magic number "
                "alone has 4); check the path",
                path, got);
    const std::uint32_t magic = big_endian_u32(h);
    // Magic number: two zero bytes, the type byte, the number of dimensions.
    if (h[0] != 0 || h[1] != 0)
        fail(where, "'{}' is not an IDX file: its magic number is {}, but an IDX magic "
                "number starts with two zero bytes (MNIST images: 0x00000803, "
                "labels: 0x00000801); check that the path names an MNIST-format file",
                path, hex(magic, 8));
    const IdxType* type = nullptr;
    for (const auto& t : idx_types)
        if (t.code == h[2]) type = &t;
    if (!type)
        fail(where, "'{}' is not an IDX file: its magic number {} has the unknown type "
                "byte {} (IDX types: 0x08, 0x09, 0x0B, 0x0C, 0x0D, 0x0E); check that the "
                "path names an MNIST-format file",
                path, hex(magic, 8), hex(h[2], 2));
    idx.type = *type;
    if (h[3] != ndim)
        fail(where, "'{}' has {} dimensions (magic number {}) but {} has {}{}",
                path, h[3], hex(magic, 8), what, ndim, ndim == 1 ? " (count); is it an image file?" : " (count, rows, cols); is it a label file?");
    // Dimensions: n big-endian 32-bit sizes.
    got += file.read(h + 4, header - 4);
    if (got < header)
        fail(where, "'{}' is truncated: its header announces {} dimensions but the file "
                "ends after {} bytes; reinstall or download it again",
                path, ndim, got);
    // The product d₁·d₂⋯dₙ can exceed 64 bits in a corrupt header: then the file is
    // certainly shorter than announced.
    std::uint64_t values = 1;
    bool overflow = false;
    for (std::size_t k = 0; k < ndim; ++k) {
        const std::uint64_t dk = big_endian_u32(h + 4 + 4 * k);
        idx.dims.push_back(dk);
        if (dk != 0 && values > std::numeric_limits<std::uint64_t>::max() / 8 / dk) overflow = true;
        else values *= dk;
    }
    if (overflow)
        fail(where, "'{}' is truncated or corrupt: its header announces {} values, more "
                "than any file holds; reinstall or download it again",
                path, shape(idx.dims));
    // Payload: exactly d₁·d₂⋯dₙ values of the type, no more, no less.
    const std::uint64_t expected = values * type->size;
    const auto truncated = [&](std::uint64_t present) {
        fail(where, "'{}' is truncated: its header announces {} values of type {} ({} "
                "bytes) but the payload has {} bytes; the file is incomplete — "
                "reinstall or download it again",
                path, shape(idx.dims), type->name, expected, present);
    };
    const auto trailing = [&](std::uint64_t extra, bool all) {
        fail(where, "'{}' has {}{} bytes after the {} bytes of payload its header "
                "announces ({} {}s); it is not a well-formed IDX file",
                path, all ? "" : "at least ", extra, expected, shape(idx.dims), type->name);
    };
    // Before reading the payload: a plain file holds exactly its size, and deflate inflates
    // at most 1032 bytes from one (zlib's documented maximum ratio), so a gzip file of s bytes
    // holds at most 1032·s.
    if (const auto size = file.size()) {
        if (file.plain()) {
            if (*size < header + expected) truncated(*size - header);
            if (*size > header + expected) trailing(*size - header - expected, true);
        } else if (expected > 1032 * *size) {
            fail(where, "'{}' is truncated: its header announces {} values of type {} ({} bytes), but a gzip "
                    "file of {} bytes inflates to at most 1032 times its size ({} bytes); the file is "
                    "incomplete — reinstall or download it again",
                    path, shape(idx.dims), type->name, expected, *size, 1032 * *size);
        }
    }
    if (expected > idx_max_payload_bytes)
        throw size_limit_error(fmt::format("{}: '{}' announces {} values of type {} ({} bytes), more than the "
                                           "limit of {} bytes (kb::io::idx_max_payload_bytes) of the IDX readers",
                                           where, path, shape(idx.dims), type->name, expected,
                                           idx_max_payload_bytes));
    idx.bytes.resize(static_cast<std::size_t>(expected));
    const std::size_t present = file.read(idx.bytes.data(), idx.bytes.size());
    if (present < expected) truncated(present);
    // One look past the payload, at most 64 KiB: anything there is a fault, and the rest of
    // the file is not inflated.
    std::vector<unsigned char> beyond(1 << 16);
    const std::size_t extra = file.read(beyond.data(), beyond.size());
    if (extra > 0) {
        std::size_t more = 0;
        if (extra == beyond.size()) more = file.read(beyond.data(), 1);
        trailing(extra + more, more == 0);
    }
    return idx;
}

// Resolves count = −1 and checks that [first, first + count) lies in [0, total).
Eigen::Index checked_range(Eigen::Index first, Eigen::Index count, Eigen::Index total, const std::string& path,
                           std::string_view where) {
    if (count == -1 && first >= 0 && first <= total) count = total - first;
    require(first >= 0 && count >= 0 && first + count <= total, where,
            "the range first = {}, count = {} is outside the {} items of '{}'; choose first ≥ 0 and "
            "first + count ≤ {} (count = −1: to the end)",
            first, count, total, path, total);
    return count;
}

// ---- CSV -------------------------------------------------------------------------

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

} // namespace

IdxImages read_idx_images(const std::string& path, Eigen::Index first, Eigen::Index count) {
    constexpr std::string_view where = "read_idx_images";
    const Idx idx = read_idx(path, 3, "an image file", where);
    // A file of zero images passes the size check whatever its image size; an image of more
    // than 2⁴⁰ pixels is no image (and rows·cols could overflow).
    const std::uint64_t max_pixels = std::uint64_t(1) << 40;
    if (idx.dims[1] != 0 && idx.dims[2] > max_pixels / idx.dims[1])
        fail(where, "'{}' announces images of {}×{} pixels, more than 2⁴⁰; the header is damaged or this is not an "
                "image file",
                path, idx.dims[1], idx.dims[2]);
    // Images of no pixel pass the size check however many the header announces (up to 2³² − 1,
    // each read in a loop): no image file holds them.
    if (idx.dims[0] != 0 && (idx.dims[1] == 0 || idx.dims[2] == 0))
        fail(where, "'{}' announces images of {}×{} pixels ({} of them); an image has at least one pixel — the "
                "header is damaged or this is not an image file",
                path, idx.dims[1], idx.dims[2], idx.dims[0]);
    IdxImages out;
    out.total = static_cast<Eigen::Index>(idx.dims[0]);
    out.rows = static_cast<Eigen::Index>(idx.dims[1]);
    out.cols = static_cast<Eigen::Index>(idx.dims[2]);
    out.first = first;
    out.count = checked_range(first, count, out.total, path, where);
    // One image per row of `pixels`, pixels in the file's (row-major) order.
    const Eigen::Index q = out.rows * out.cols;
    out.pixels.resize(out.count, q);
    for (Eigen::Index n = 0; n < out.count; ++n)
        for (Eigen::Index j = 0; j < q; ++j) {
            const double v = idx.value(static_cast<std::size_t>((first + n) * q + j));
            // The float types can hold NaN and ±∞: no image has such a pixel.
            if (!std::isfinite(v))
                fail(where, "'{}': pixel {} of image {} is {}; the pixels of an image file must be finite — "
                        "the file is damaged or is not an image file",
                        path, j, first + n, v);
            out.pixels(n, j) = v;
        }
    return out;
}

std::vector<int> read_idx_labels(const std::string& path) {
    constexpr std::string_view where = "read_idx_labels";
    const Idx idx = read_idx(path, 1, "a label file", where);
    require(idx.type.integer, where,
            "'{}' stores its labels as {}s; class labels must have an integer "
            "type (0x08, 0x09, 0x0B or 0x0C)",
            path, idx.type.name);
    std::vector<int> labels(idx.dims[0]);
    for (std::size_t n = 0; n < labels.size(); ++n) labels[n] = static_cast<int>(idx.value(n));
    return labels;
}

LabelledImages read_idx_dataset(const std::string& images_path, const std::string& labels_path, Eigen::Index first,
                                Eigen::Index count) {
    constexpr std::string_view where = "read_idx_dataset";
    LabelledImages out;
    std::vector<int> labels = read_idx_labels(labels_path);
    out.images = read_idx_images(images_path, first, count);
    require(static_cast<Eigen::Index>(labels.size()) == out.images.total, where,
            "'{}' holds {} images but '{}' holds {} labels; the two files must belong to the same "
            "set (train images with train labels, t10k with t10k)",
            images_path, out.images.total, labels_path, labels.size());
    out.labels.assign(labels.begin() + out.images.first, labels.begin() + out.images.first + out.images.count);
    return out;
}

LabelledData read_digits_csv(const std::string& path) {
    constexpr std::string_view where = "read_digits_csv";
    const std::vector<unsigned char> bytes = read_bytes(path, where, digits_hint(), digits_max_bytes);
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    constexpr int pixels = 64, fields = pixels + 1;
    std::vector<double> values;
    std::vector<int> labels;
    std::size_t start = 0;
    for (long line = 1; start < text.size(); ++line) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view row = trim(text.substr(start, end - start));
        start = end + 1;
        if (row.empty()) continue; // blank lines (e.g. the final newline) carry no data
        // The place of a fault, "read_digits_csv: 'path' line n", built only for a message.
        const auto at = [&] { return fmt::format("{}: '{}' line {}", where, path, line); };
        // Split into fields: 64 pixels and the label.
        std::vector<std::string_view> f;
        for (std::size_t a = 0;;) {
            const std::size_t comma = row.find(',', a);
            f.push_back(trim(row.substr(a, comma == std::string_view::npos ? std::string_view::npos : comma - a)));
            if (comma == std::string_view::npos) break;
            a = comma + 1;
        }
        if (static_cast<int>(f.size()) != fields)
            throw error(fmt::format("{} has {} fields but a digits row has {} (64 pixels and the label); "
                                    "the file is not scikit-learn's digits CSV or is damaged",
                                    at(), f.size(), fields));
        for (int k = 0; k < fields; ++k) {
            const auto field = [&] { return fmt::format("{}, field {}{}",
                                                        at(), k + 1, k == pixels ? " (the label)" : ""); };
            double v = 0;
            const auto [ptr, ec] = std::from_chars(f[k].data(), f[k].data() + f[k].size(), v);
            if (f[k].empty() || ec != std::errc() || ptr != f[k].data() + f[k].size() || !std::isfinite(v))
                throw error(fmt::format("{} is '{}', not a finite number; every field must be a number",
                                        field(), f[k]));
            if (k < pixels) {
                if (v < 0 || v > 16)
                    throw error(fmt::format("{} is {}, outside the pixel range [0, 16]", field(), f[k]));
                values.push_back(v);
            } else {
                if (v != std::floor(v) || v < 0 || v > 9)
                    throw error(fmt::format("{} is {}, not a digit label 0–9", field(), f[k]));
                labels.push_back(static_cast<int>(v));
            }
        }
    }
    require(!labels.empty(), where,
            "'{}' holds no data rows; expected lines of 65 comma-separated numbers (64 pixels, the label)",
            path);
    LabelledData out;
    const Eigen::Index N = static_cast<Eigen::Index>(labels.size());
    out.X = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(values.data(), N,
                                                                                                    pixels);
    out.y = std::move(labels);
    return out;
}

} // namespace kb::io

/// \file fuzz_idx.cpp
/// \brief libFuzzer target: the IDX readers (the MNIST format, plain or gzip) on arbitrary
///        bytes, written to a file in the target's working directory, and the same bytes
///        gzip-compressed (so that every mutation of a header also reaches the readers through
///        inflation; the seed corpus holds gzip files of its own: truncated, two members, a
///        small file that inflates to a megabyte). A file is either read — every pixel
///        finite, the shape as the header says — or refused with kb::error.
#include "kernelbook/error.hpp"
#include "kernelbook/io.hpp"

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace {

// A new file each time: truncating and rewriting one makes ext4 flush it to the disk (its
// replace-by-truncate heuristic), which made the target I/O-bound.
void write_plain(const char* path, const std::uint8_t* data, std::size_t size) {
    std::remove(path);
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

void write_gzip(const char* path, const std::uint8_t* data, std::size_t size) {
    std::remove(path);
    gzFile f = gzopen(path, "wb1");
    if (!f) std::abort();
    if (size > 0 && gzwrite(f, data, static_cast<unsigned>(size)) != static_cast<int>(size)) std::abort();
    gzclose(f);
}

// Read, with the shape the header announces and finite pixels, or refused with kb::error.
void read_both(const char* path) {
    try {
        const kb::io::IdxImages im = kb::io::read_idx_images(path);
        if (im.pixels.rows() != im.count || im.pixels.cols() != im.rows * im.cols ||
            (im.pixels.size() > 0 && !im.pixels.allFinite())) // a file of 0 images may announce 10¹⁰ columns
            std::abort();
    } catch (const kb::error&) {
    }
    try {
        (void)kb::io::read_idx_labels(path);
    } catch (const kb::error&) {
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    write_plain("fuzz.idx", data, size);
    read_both("fuzz.idx");
    write_gzip("fuzz.idx.gz", data, size);
    read_both("fuzz.idx.gz");
    return 0;
}

/// \file fuzz_idx.cpp
/// \brief libFuzzer target: the IDX readers (the MNIST format, plain or gzip) on arbitrary
///        bytes, written to a file in the target's working directory. A file is either read —
///        every pixel finite, the shape as the header says — or refused with kb::error.
#include "kernelbook/error.hpp"
#include "kernelbook/io.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    {
        // A new file each time: truncating and rewriting one makes ext4 flush it to the disk
        // (its replace-by-truncate heuristic), which made the target I/O-bound.
        std::remove("fuzz.idx");
        std::ofstream f("fuzz.idx", std::ios::binary);
        f.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    try {
        const kb::io::IdxImages im = kb::io::read_idx_images("fuzz.idx");
        if (im.pixels.rows() != im.count || im.pixels.cols() != im.rows * im.cols ||
            (im.pixels.size() > 0 && !im.pixels.allFinite())) // a file of 0 images may announce 10¹⁰ columns
            std::abort();
    } catch (const kb::error&) {
    }
    try {
        (void)kb::io::read_idx_labels("fuzz.idx");
    } catch (const kb::error&) {
    }
    return 0;
}

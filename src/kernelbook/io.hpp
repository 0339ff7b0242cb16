#pragma once
/// \file io.hpp
/// \brief Readers for the image data sets of the book's experiment: the IDX format of MNIST and
///        Fashion-MNIST (plain or gzip), and scikit-learn's 8×8 digits CSV; bad files throw kb::error.
/// \see \ref ch08-checks-study "Chapter 8's study" (the formats); datasets.hpp for where the data sets are

#include "kernelbook/csv.hpp"
#include "kernelbook/matrix.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace kb::io {

/// \brief The largest payload the IDX readers accept: 2³² bytes (4 GiB). Fashion-MNIST's
///        largest file holds 47 040 000 bytes of pixels. The payload a header announces is
///        checked against this limit, and against the size of the file on disk (a gzip file
///        of s bytes inflates to at most 1032·s), before anything is inflated; then exactly
///        that payload is read, and at most 64 KiB more to see whether the file goes on. A
///        damaged header or a small file that inflates to gigabytes is refused at once.
inline constexpr std::uint64_t idx_max_payload_bytes = std::uint64_t(1) << 32;

/// \brief The largest digits CSV that kb::io::read_digits_csv accepts, once inflated: 2²⁸ bytes
///        (256 MiB; scikit-learn's file holds 264 712).
inline constexpr std::uint64_t digits_max_bytes = std::uint64_t(1) << 28;

/// \brief Images read from an IDX file: `count` images of `rows`×`cols` pixels.
struct IdxImages {
    Eigen::Index count = 0;  ///< number of images read (rows of `pixels`)
    Eigen::Index rows = 0;   ///< pixel rows per image (28 for (Fashion-)MNIST)
    Eigen::Index cols = 0;   ///< pixel columns per image (28 for (Fashion-)MNIST)
    Eigen::Index first = 0;  ///< index in the file of the first image read
    Eigen::Index total = 0;  ///< number of images the file holds
    /// count × (rows·cols): one image per row (the book's convention: rows are points),
    /// pixel (r, c) of an image in column r·cols + c; raw values (0–255 for unsigned bytes).
    Matrix<double> pixels;
};

/// \brief Images and their labels, one label per image (rows of X).
struct LabelledImages {
    IdxImages images;        ///< the images (N × rows·cols)
    std::vector<int> labels; ///< labels[n] is the class of row n of `images.pixels`
};

/// \brief A labelled data set: N points (rows of X) and their integer class labels.
struct LabelledData {
    Matrix<double> X;   ///< N × q, one point per row
    std::vector<int> y; ///< y[n] is the class of row n
};

/// \brief Reads images from an IDX file with three dimensions (count, rows, cols).
/// \param path  the file (plain or gzip-compressed)
/// \param first index of the first image to return (0-based)
/// \param count number of images to return; −1 means all from `first` to the end
/// \returns the images as rows of `pixels`; the whole file is read and validated even for a range
/// \throws kb::error if the file is missing or unreadable (naming the Debian package of
///         Fashion-MNIST), is not a 3-dimensional IDX file (magic number, type byte, dimensions),
///         is truncated or has trailing bytes, or [first, first + count) is not inside it;
///         kb::io::size_limit_error if its header announces more than kb::io::idx_max_payload_bytes.
/// \see \ref ch08-checks-study "Chapter 8's study" (the IDX format)
IdxImages read_idx_images(const std::string& path, Eigen::Index first = 0, Eigen::Index count = -1);

/// \brief Reads the labels of an IDX file with one dimension and an integer type.
/// \throws kb::error as kb::io::read_idx_images, and if the type is a floating type
///         or a label does not fit in an `int`.
std::vector<int> read_idx_labels(const std::string& path);

/// \brief Reads an image file and its label file and checks that they match.
///
/// \param images_path an IDX image file (3 dimensions), plain or gzip-compressed
/// \param labels_path the IDX label file of the same set (1 dimension)
/// \param first, count the range of images and labels returned (as kb::io::read_idx_images)
/// \throws kb::error as the two readers, and if the files hold different numbers of items
///         (e.g. training images with test labels).
LabelledImages read_idx_dataset(const std::string& images_path, const std::string& labels_path,
                                Eigen::Index first = 0, Eigen::Index count = -1);

/// \brief Reads scikit-learn's digits CSV: 64 pixels in [0, 16] and a label 0–9 per line.
/// \param path the file, plain or gzip-compressed (by default kb::datasets::sklearn_digits_csv())
/// \returns N × 64 pixels (pixel (r, c) in column 8r + c) and the N labels
/// \throws kb::error if the file is missing or unreadable (naming the package `python3-sklearn`),
///         larger than kb::io::digits_max_bytes (kb::io::size_limit_error), empty, or a line is malformed: not 65 fields, a non-number, a pixel outside
///         [0, 16] or a label not an integer 0–9 (the message gives the line and field).
/// \see \ref ch08-checks-study "Chapter 8's study"
LabelledData read_digits_csv(const std::string& path);

} // namespace kb::io

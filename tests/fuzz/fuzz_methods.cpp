/// \file fuzz_methods.cpp
/// \brief libFuzzer target: the numerical entry points on arbitrary small matrices —
///        kb::KernelPca from a Gram matrix, kb::ClassicalMds, kb::ExplicitFeatureMap (linear and
///        Gaussian kernels on arbitrary points) and kb::certify_psd. The bytes give N (2 to 6) and
///        the entries as raw doubles (NaN, infinities, subnormals and huge values included) or,
///        for the certificate, small integers. Each call either succeeds with finite results or
///        throws kb::error; nothing else may escape.
#include "kernelbook/certify.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/mds.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace {

struct Bytes {
    const std::uint8_t* data;
    std::size_t size;
    std::size_t at = 0;
    double next_double() {
        double x = 0;
        if (at + sizeof x <= size) std::memcpy(&x, data + at, sizeof x);
        at += sizeof x;
        return x;
    }
    int next_small() { return at < size ? static_cast<int>(data[at++] % 9) - 4 : 0; }
};

template <class F>
void refused_or_finite(F&& f) {
    try {
        if (!f()) std::abort();
    } catch (const kb::error&) {
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    Bytes in{data + 2, size - 2};
    const Eigen::Index N = 2 + data[0] % 5;
    const int which = data[1] % 5;
    kb::Matrix<double> A(N, N);
    for (Eigen::Index i = 0; i < N; ++i)
        for (Eigen::Index j = 0; j < N; ++j) A(i, j) = in.next_double();
    const kb::Matrix<double> S = (which % 2) ? kb::Matrix<double>(A) : kb::Matrix<double>((A + A.transpose()) / 2);
    switch (which) {
    case 0:
    case 1:
        refused_or_finite([&] {
            const kb::KernelPca<double> m(S);
            return m.scores().allFinite() && m.eigenvalues().allFinite();
        });
        break;
    case 2:
        refused_or_finite([&] {
            const kb::ClassicalMds<double> m(S, {.input = kb::MdsInput::gram});
            return m.coordinates().allFinite() && m.eigenvalues().allFinite();
        });
        refused_or_finite([&] {
            const kb::ClassicalMds<double> m(S, {.input = kb::MdsInput::distances});
            return m.coordinates().allFinite();
        });
        break;
    case 3: {
        const kb::Matrix<double> X = A.leftCols(2);
        refused_or_finite([&] {
            const kb::ExplicitFeatureMap<double> f(kb::LinearKernel<double>{}, X);
            return f.training_features().allFinite();
        });
        refused_or_finite([&] {
            const kb::ExplicitFeatureMap<double> f(kb::GaussianKernel<double>(0.5), X);
            return f.training_features().allFinite() && f.transform(X.topRows(1)).allFinite();
        });
        break;
    }
    default: {
        kb::Matrix<kb::rational> K(N, N);
        for (Eigen::Index i = 0; i < N; ++i)
            for (Eigen::Index j = i; j < N; ++j) K(i, j) = K(j, i) = kb::rational(in.next_small());
        refused_or_finite([&] {
            const kb::PsdCertificate c = kb::certify_psd(K);
            if (c.refuted()) return kb::quadratic_form(K, c.witness) < 0; // the witness is checked
            return c.proven();
        });
    }
    }
    return 0;
}

/// \file worked_examples.cpp
/// \brief Chapter 5's fixed numeric example: Mercer's eigenvalues of exp(−(x − y)²) for the
///        normal measure (`beeny:C`), against their closed form 2^{−i}.
#include "chapter_support.hpp"

#include "kernelbook/kernels.hpp"
#include "kernelbook/mercer.hpp"

#include <vector>

//! [mercer-hermite]
TEST_CASE_TEMPLATE("Mercer for the normal measure: Gauss-Hermite Nystrom eigenvalues of exp(-(x - y)^2) approach the "
                   "closed form 2^-i as nodes are added for every i the coarser grid resolves [beeny:C]",
                   T, KB_REALS) {
    using std::abs;
    // γ = 1, s = 1: a = 1/4, b = 1 = 4a, so A = 2, B = 1/2 and λ_i = 2^{-i} exactly.
    const auto k = kb::GaussianKernel<T>::from_gamma(T(1));
    const Vector<T> closed = kb::gaussian_mercer_eigenvalues(T(1), T(1), 40);
    T power(1);
    for (Eigen::Index i = 0; i < 40; ++i) {
        power /= 2;
        CHECK(closed(i) == power); // the closed form is 2^{-i}: exact in binary
    }
    // Relative errors of the Nyström eigenvalues on n = 10, 20, 40 nodes; "resolved" = the leading
    // i whose error is ≤ 1/100.
    std::vector<Vector<T>> rel;
    std::vector<Eigen::Index> resolved;
    for (Eigen::Index n : {10, 20, 40}) {
        const kb::NystromMercer<T, kb::GaussianKernel<T>> H(k, kb::gauss_hermite_rule<T>(n, T(1)));
        Vector<T> e(n);
        for (Eigen::Index i = 0; i < n; ++i) e(i) = abs(H.eigenvalues()(i) - closed(i)) / closed(i);
        Eigen::Index I = 0;
        while (I < n && e(I) <= T(1) / T(100)) ++I;
        rel.push_back(e);
        resolved.push_back(I);
    }
    for (std::size_t g = 0; g + 1 < rel.size(); ++g) {
        CHECK(resolved[g] >= 1);
        CHECK(resolved[g + 1] > resolved[g]); // more nodes resolve more eigenvalues
        for (Eigen::Index i = 0; i < resolved[g]; ++i) {
            INFO("i = " << i + 1 << ", n = " << (10 << g) << " → " << (20 << g));
            CHECK(rel[g + 1](i) < rel[g](i)); // and each resolved one gets closer to 2^{-i}
        }
    }
}
//! [mercer-hermite]

#pragma once
/// \file 08-explicit-map/checks/chapter_support.hpp
/// \brief Chapter 8's test helpers, shared by its test files (test code only). Every case is an
///        integer recipe turned into the scalar type of the test, so the same case runs in
///        double, real50, real100 and exact rationals.

#include "reference.hpp"
#include "test_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/nystrom.hpp"
#include "kernelbook/spectral.hpp"

#include <Eigen/Eigenvalues>

#include <limits>
#include <vector>

namespace kb::test::ch08 {


// ------------------------------------------------------------------ a kernel given by a table
// Point i is the 1-D point (i); k(i, j) = G(i, j). With G PSD this is a kernel on the
// points 0, …, size−1, and it lets a test choose the Gram matrix, the kernel columns k_z
// and the values k(z, z′) of test points exactly.
template <class T>
struct TableKernel {
    Matrix<T> G;
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return G(index(x(0)), index(y(0)));
    }
    static Eigen::Index index(const T& v) { return static_cast<Eigen::Index>(static_cast<long>(v)); }
};

// The points first, …, first + count − 1 of a table kernel, one per row.
template <class T>
Matrix<T> table_points(long first, long count) {
    Matrix<T> P(count, 1);
    for (long i = 0; i < count; ++i) P(i, 0) = T(first + i);
    return P;
}

// ------------------------------------------------------------------ designed spectra
// A Gram matrix K whose centred form K̃ = JKJ has *known, exact* eigenpairs: eigenvalues
// μ_j = a_j² (perfect squares, so √μ is rational) and eigenvectors w_j orthonormal and
// orthogonal to 1. Built from a Sylvester–Hadamard matrix (N = 4 or 16, so that its
// normalised columns are rational): with h₀ = 1/√N and W = H₁ Q (H₁ the other
// normalised columns, Q an exactly orthogonal Cayley matrix),
//     K = [h₀ W] [[s, βᵀ], [β, diag(μ)]] [h₀ W]ᵀ,   s = βᵀdiag(μ)⁻¹β + t,  t > 0,
// which is positive definite, and JKJ = W diag(μ) Wᵀ because J = WWᵀ.
// Test points z_m have kernel columns k_z = K c_m (in range(K), as for any kernel) and
// k(z, z′) = c_mᵀKc_m′ + δ_mm′ d_m: their residual k(z,z) − k_zᵀK⁻¹k_z is exactly d_m.
struct DesignRecipe {
    int N = 4;                 // 4 or 16
    IntMatrix S;               // (N−1)×(N−1) skew-symmetric
    std::vector<long> roots;   // a₁ > … > a_{N−1} > 0, μ_j = a_j²
    IntMatrix beta;            // (N−1)×1
    long t = 1;                // ≥ 1
    IntMatrix C;               // N×M, divided by 4
    IntMatrix D;               // M×1, ≥ 0, divided by 4
};

inline IntMatrix sylvester(int N) {
    IntMatrix H = IntMatrix::Ones(1, 1);
    while (H.rows() < N) {
        const Eigen::Index n = H.rows();
        IntMatrix H2(2 * n, 2 * n);
        H2 << H, H, H, -H;
        H = H2;
    }
    return H;
}

template <class T>
struct Design {
    int N = 0, M = 0;
    Matrix<T> G;     // (N+M)×(N+M) table: training points 0..N−1, test points N..N+M−1
    Matrix<T> K;     // N×N
    Matrix<T> kZ;    // N×M kernel columns of the test points
    Matrix<T> W;     // N×(N−1) exact eigenvectors of JKJ
    Vector<T> mu;    // their eigenvalues μ_j = a_j²
    Vector<T> root;  // a_j = √μ_j (exact)
    Vector<T> d;     // residuals of the test points
    Matrix<T> X, Z;  // the table points
    TableKernel<T> kernel() const { return TableKernel<T>{G}; }
};

inline Design<rational> build_design(const DesignRecipe& r) {
    const int N = r.N, M = static_cast<int>(r.C.cols());
    const rational sqrtN = N == 4 ? rational(2) : rational(4);
    const Matrix<rational> H = kb::from_integers<rational>(sylvester(N)) / sqrtN; // orthogonal, column 0 = 1/√N
    // Q = I when S = 0 (used for N = 16, where the exact Cayley transform is slow).
    const Matrix<rational> Q = r.S.isZero() ? Matrix<rational>(Matrix<rational>::Identity(N - 1, N - 1))
                                            : kb::test::cayley_orthogonal<rational>(r.S, 1);
    Matrix<rational> basis(N, N);
    basis.col(0) = H.col(0);
    basis.rightCols(N - 1) = H.rightCols(N - 1) * Q;
    Vector<rational> mu(N - 1), root(N - 1);
    for (int j = 0; j < N - 1; ++j) {
        root(j) = rational(r.roots[static_cast<std::size_t>(j)]);
        mu(j) = root(j) * root(j);
    }
    const Vector<rational> beta = kb::from_integers<rational>(r.beta);
    Matrix<rational> Mid = Matrix<rational>::Zero(N, N);
    rational s(r.t);
    for (int j = 0; j < N - 1; ++j) s += beta(j) * beta(j) / mu(j);
    Mid(0, 0) = s;
    Mid.block(1, 0, N - 1, 1) = beta;
    Mid.block(0, 1, 1, N - 1) = beta.transpose();
    for (int j = 0; j < N - 1; ++j) Mid(j + 1, j + 1) = mu(j);
    Design<rational> out;
    out.N = N;
    out.M = M;
    out.K = basis * Mid * basis.transpose();
    const Matrix<rational> C = kb::from_integers<rational>(r.C, 4);
    out.kZ = out.K * C;
    out.d = kb::from_integers<rational>(r.D, 4);
    const Matrix<rational> Kzz = Matrix<rational>(C.transpose() * out.K * C) + Matrix<rational>(out.d.asDiagonal());
    out.G.resize(N + M, N + M);
    out.G << out.K, out.kZ, out.kZ.transpose(), Kzz;
    out.W = basis.rightCols(N - 1);
    out.mu = mu;
    out.root = root;
    out.X = table_points<rational>(0, N);
    out.Z = table_points<rational>(N, M);
    return out;
}

template <class T>
Design<T> convert_design(const Design<rational>& D) {
    Design<T> out;
    out.N = D.N;
    out.M = D.M;
    out.G = kb::convert_matrix<T>(D.G);
    out.K = kb::convert_matrix<T>(D.K);
    out.kZ = kb::convert_matrix<T>(D.kZ);
    out.W = kb::convert_matrix<T>(D.W);
    out.mu = kb::convert_matrix<T>(D.mu);
    out.root = kb::convert_matrix<T>(D.root);
    out.d = kb::convert_matrix<T>(D.d);
    out.X = kb::convert_matrix<T>(D.X);
    out.Z = kb::convert_matrix<T>(D.Z);
    return out;
}

// Draws a recipe inside a rapidcheck property. Roots 1 ≤ a_j ≤ 3N with gaps ≥ 1 keep
// the eigen-gaps of JKJ at least 3 and κ(K) moderate.
inline DesignRecipe draw_design(int N, int M) {
    DesignRecipe r;
    r.N = N;
    // The eigenvectors are mixed by a random Cayley rotation for N = 4; for N = 16 they
    // are the Hadamard columns themselves (an exact 15×15 Cayley transform is too slow).
    r.S = N == 4 ? *kb::test::skew_symmetric(N - 1, 2) : IntMatrix(IntMatrix::Zero(N - 1, N - 1));
    r.roots = *kb::test::decreasing_spectrum(N - 1, 1, 3 * N);
    r.beta = *kb::test::int_matrix(N - 1, 1, 1, 3); // β_j ≠ 0: Kw_j has a component along 1
    r.t = *kb::test::int_in(1, 9);
    r.C = *kb::test::int_matrix(N, M, -4, 4);
    r.D = *kb::test::int_matrix(M, 1, 1, 8);
    return r;
}

// The size of a drawn design: 4 or 16, equally often; in real100, where a 16×16 case costs
// most, 16 in one case of four (so the properties keep their full case count within the
// suite's time budget, rather than halving it).
template <class T>
int draw_design_size() {
    if constexpr (std::is_same_v<T, kb::real100>)
        return *rc::gen::weightedElement<int>({{3, 4}, {1, 16}});
    else
        return *rc::gen::element(4, 16);
}

// A fixed recipe (N = 4, M = 3) for the worked, exact tests.
inline DesignRecipe fixed_design() {
    DesignRecipe r;
    r.N = 4;
    r.S = (IntMatrix(3, 3) << 0, 1, -2, -1, 0, 1, 2, -1, 0).finished();
    r.roots = {5, 3, 1}; // μ = 25, 9, 1
    r.beta = (IntMatrix(3, 1) << 2, -1, 1).finished();
    r.t = 3;
    r.C = (IntMatrix(4, 3) << 1, 0, -2, 2, 1, 0, 0, -3, 1, -1, 2, 3).finished();
    r.D = (IntMatrix(3, 1) << 2, 0, 5).finished(); // the second test point lies in the span: d = 0
    return r;
}

// ------------------------------------------------------------------ Gaussian data
// Distinct points on a grid of spacing 1/2 in [−2, 2]^q and γ ∈ {1, 2, 3}: Gram matrices
// with κ ≤ ~10⁶, which every scalar type represents.
struct GaussianCase {
    IntMatrix X, Z; // over 2
    long gamma;
};

inline GaussianCase draw_gaussian_case(int Nmin, int Nmax, int Mmax = 4) {
    GaussianCase c;
    const int q = *kb::test::size_in(1, 3);
    const int N = *kb::test::size_in(Nmin, q == 1 ? std::min(Nmax, 6) : Nmax);
    const int M = *kb::test::size_in(1, Mmax);
    c.X = *kb::test::distinct_points(N, q, 4);
    c.Z = *kb::test::points(M, q, 6);
    c.gamma = *kb::test::int_in(1, 3);
    return c;
}

// ------------------------------------------------------------------ points in the plane
// N ∈ [2, 6] random training points X and M new points Z in the plane, on the grid 1/3 with
// coordinates up to 3: the data of the exact statements about (1 + xᵀy)^d.
struct PlanePoints {
    int N;
    Matrix<rational> X, Z;
};

inline PlanePoints any_plane_points(int M) {
    const int N = *kb::test::size_in(2, 6);
    const Matrix<rational> X = kb::from_integers<rational>(*kb::test::points(N, 2, 9), 3);
    return {N, X, kb::from_integers<rational>(*kb::test::points(M, 2, 9), 3)};
}

// ------------------------------------------------------------------ small helpers
// Flips the columns of A to best match those of B (eigenvectors are defined up to sign).
using kb::align_signs;

template <class T>
T max_abs_diff(const Matrix<T>& A, const Matrix<T>& B) {
    return kb::max_abs(Matrix<T>(A - B));
}

// ------------------------------------------------------------------ bounds from the inputs
// Bounds use the spectrum of an INPUT matrix, computed independently of the object under
// test: the matrix the test built itself (kb::gram of the kernel and the points, or a
// designed case's exact rational K) — never the eigenvalues, κ or Gram matrix stored in an
// ExplicitFeatureMap, KernelPca or other fitted object — decomposed by a different route
// than the library's: Eigen's SelfAdjointEigenSolver in long double (ε = 2⁻⁶³, 11 bits
// more than double). A backward-stable solver gives each eigenvalue within c·n·ε·λ_max, so
// λ_min, hence κ, is known to 10⁻⁶ relative when 64·n·ε·κ ≤ 10⁻⁶; otherwise (κ beyond
// about 10¹¹) the spectrum is recomputed in real100 (kb::symmetric_eigen of the matrix
// converted to real100). A bound needs κ only to a few digits.
template <class T>
kb::Vector<kb::real100> independent_eigenvalues(const Matrix<T>& A) {
    const std::vector<long double> ev = kb::test::reference_eigenvalues(A); // decreasing
    kb::Vector<kb::real100> v(A.rows());
    for (Eigen::Index i = 0; i < A.rows(); ++i) v(i) = kb::real100(ev[std::size_t(i)]);
    return v;
}

// `kept` eigenvalues (default: all) are the ones a map with a rank tolerance inverts; κ
// is over those.
struct InputSpectrum {
    kb::Vector<kb::real100> values; // decreasing
    kb::real100 lmax, lmin, kappa;  // λ_max, λ_kept, λ_max/λ_kept
    Eigen::Index n = 0;
};

template <class T>
InputSpectrum input_spectrum(const Matrix<T>& K, Eigen::Index kept = 0) {
    InputSpectrum s;
    s.n = K.rows();
    if (kept <= 0) kept = s.n;
    s.values = independent_eigenvalues(K);
    const kb::real100 eps_ld = kb::real100(std::numeric_limits<long double>::epsilon());
    if (!(s.values(kept - 1) > 0) || 64 * s.n * eps_ld * s.values(0) / s.values(kept - 1) > kb::real100(1) / 1000000)
        s.values = kb::symmetric_eigen(kb::convert_matrix<kb::real100>(K)).values;
    s.lmax = s.values(0);
    s.lmin = s.values(kept - 1);
    s.kappa = s.lmax / s.lmin;
    return s;
}

template <class T>
T to(const kb::real100& v) {
    return kb::convert<T>(v);
}

// The bound for |⟨φ(x_n), φ(z)⟩ − k(x_n, z)| and for everything computed from the mapped
// data: the eigen-decomposition's backward error δK (a factorisation error, c₂·N·ε·‖K‖)
// enters as e_nᵀ δK K⁻¹ k_z with ‖K⁻¹k_z‖ ≤ √(k(z,z)/λ_min), i.e. the factorisation bound
// at the scale √(κ·λ_max·k(z,z)). κ and λ_max are those of the input K (input_spectrum),
// not the map's own.
template <class T>
kb::test::Bound<T> exactness_bound(const InputSpectrum& s, const T& kzz) {
    using std::sqrt;
    return kb::test::factorisation<T>(s.n, T(sqrt(to<T>(s.kappa) * to<T>(s.lmax) * kzz)))
        .with_condition(static_cast<double>(s.kappa));
}

// The bound for scores computed through the map: the map's error ε√κ·√λ_max, amplified
// by 1/gap in the eigenvectors of C (‖δC‖ ≲ 2ε√κ·λ_max/N, gap of C = gap(μ)/N), times
// the scale of the centred features. κ and λ_max are the input K's (input_spectrum:
// decomposed in real100 from the Gram matrix the test built), never the map's own.
template <class T>
kb::test::Bound<T> score_bound(const InputSpectrum& s, const T& gap, const T& score_scale) {
    using std::sqrt;
    return kb::test::subspace<T>(s.n, T(sqrt(to<T>(s.kappa))) * to<T>(s.lmax) * (T(1) + score_scale), gap)
        .with_condition(static_cast<double>(s.kappa));
}

// The smallest gap μ_j − μ_{j+1}, j = 1…p, of a decreasing spectrum (μ_{N+1} = 0), and μ₁
// itself: what separates the p leading eigenvectors from the rest and from each other.
template <class T>
T min_gap(const Vector<T>& mu, Eigen::Index p) {
    T gap = mu(0);
    for (Eigen::Index j = 0; j < p; ++j) {
        const T next = j + 1 < mu.size() ? mu(j + 1) : T(0);
        if (mu(j) - next < gap) gap = mu(j) - next;
    }
    return gap;
}

// e = 1/N as a column.
template <class T>
Vector<T> e_vector(Eigen::Index N) {
    return Vector<T>::Constant(N, T(1) / T(N));
}

// The exact scores of a designed case, computed in rationals from the known eigenpairs
// of JKJ (independently of the code under test): ⟨ψ(z), v_j⟩ = (k_z − Ke)ᵀ w_j / √μ_j.
inline Matrix<rational> exact_scores(const Design<rational>& D, const Matrix<rational>& kZ) {
    const Vector<rational> Ke = D.K * e_vector<rational>(D.N);
    const Matrix<rational> centred = kZ.colwise() - Ke;
    return centred.transpose() * D.W * D.root.cwiseInverse().asDiagonal();
}

// ------------------------------------------------------------------ dual coefficients
// The exact dual coefficients α_j = K w_j / μ_j^{3/2} of §3.2 (a_j³ = μ_j^{3/2}: rational).
inline Matrix<rational> exact_alpha(const Design<rational>& D) {
    Vector<rational> cube(D.N - 1);
    for (int j = 0; j < D.N - 1; ++j) cube(j) = D.root(j) * D.root(j) * D.root(j);
    return D.K * D.W * cube.cwiseInverse().asDiagonal();
}

// Feature-space vectors of the form Σ c_n ψ(x_n) are represented by their coefficients c;
// their inner products are cᵀ K̄_A c′ with K̄_A = JKJ = [k̄(x_n, x_m)] (the centred kernel of
// the appendix). Two coefficient vectors give the same feature vector iff K̄_A (c − c′) = 0
// (K̄_A is PSD, so ‖Σ d_n ψ(x_n)‖² = dᵀK̄_A d = 0 iff K̄_A d = 0).
inline bool same_feature_vector(const Matrix<rational>& Kbar_A, const Vector<rational>& c, const Vector<rational>& c2) {
    return Vector<rational>(Kbar_A * (c - c2)) == Vector<rational>::Zero(c.size());
}

// The classical coefficients α = w/√μ of the appendix (eigenvectors of K̄_A = JKJ).
inline Matrix<rational> classical_alpha(const Design<rational>& D) {
    return D.W * D.root.cwiseInverse().asDiagonal();
}

// ------------------------------------------------------------------ Nyström
// The Nyström residual K − K_{NS} K_SS⁻¹ K_{SN} for the landmarks S ⊂ training points.
template <class T>
Matrix<T> nystrom_residual(const Matrix<T>& K, const std::vector<Eigen::Index>& S) {
    const Matrix<T> K_SN = kb::select_rows<T>(K, S);
    const Matrix<T> K_SS = kb::select_rows<T>(Matrix<T>(K_SN.transpose()), S);
    return K - kb::nystrom_kernel(K_SS, K_SN, K_SN);
}

} // namespace kb::test::ch08

/// \file certify_command.cpp
/// \brief `kernelbook certify`: is this Gram matrix positive semi-definite? Proven or refuted
///        exactly in rational arithmetic (every decimal of the file is read as the exact
///        fraction it denotes), or by 50-digit interval arithmetic for the kernels with irrational
///        values (the exponential kernels, the cosine, the sigmoid).
#include "cli/command.hpp"

#include "kernelbook/certify.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/spectral.hpp"

#include <fmt/format.h>

#include <gmp.h>

#include <bit>
#include <cmath>
#include <cstdint>

namespace kb::cli {
namespace {

// ---------------------------------------------------------------------------------------------
// The approximate spectrum: decoration beside the exact verdict, which never depends on it.

// An entry of K as a 50-digit number: MPFR's exponent range (about ±3·10⁸ decimal digits)
// holds every entry certify accepts, where double overflows at 1.8·10³⁰⁸.
real50 to_real50(const rational& x) { return real50(x); }
real50 to_real50(const interval& x) { return real50(midpoint(x)); }

// A number computed in double and scaled back by a power of two: the shortest decimal of the
// double when it is one, else the 15 significant digits a double holds.
std::string approximate_number(const real50& x) {
    const double d = static_cast<double>(x);
    if (x == 0 || std::isnormal(d)) return number(d);
    return x.str(std::numeric_limits<double>::digits10, std::ios_base::fmtflags(0));
}

// The smallest and largest eigenvalues of K: K·2⁻ᵉ (2ᵉ about its largest entry, e even so that
// square roots scale exactly) rounded to double cannot overflow; its eigenvalues times 2ᵉ are
// those of K, to double's accuracy relative to the largest.
template <class M>
Json spectrum_section(const M& K) {
    Json j;
    j["what"] = "the smallest and largest eigenvalues of K, computed in double on K scaled by a power of two (for "
                "orientation only: the verdict does not depend on them)";
    if (K.rows() > 3000) {
        j["computed"] = false;
        return j;
    }
    Matrix<real50> A(K.rows(), K.cols());
    real50 top = 0;
    for (Eigen::Index i = 0; i < K.rows(); ++i)
        for (Eigen::Index k = 0; k < K.cols(); ++k) {
            A(i, k) = to_real50(K(i, k));
            top = std::max(top, real50(abs(A(i, k))));
        }
    int e = 0;
    if (top != 0) frexp(top, &e);
    e += e & 1;
    const Matrix<double> scaled = A.unaryExpr([e](const real50& x) { return static_cast<double>(ldexp(x, -e)); });
    const SymmetricEigen<double> eig = symmetric_eigen(scaled);
    j["largest"] = approximate_number(ldexp(real50(eig.values(0)), e));
    j["smallest"] = approximate_number(ldexp(real50(eig.values(eig.values.size() - 1)), e));
    return j;
}

// ---------------------------------------------------------------------------------------------
// The size of the exact computation, bounded before it starts.

// Exact LDLᵀ forms numbers of about r·B bits from entries of B bits after r pivots (the entries
// of a Schur complement are ratios of minors of K), and each step costs more than linearly in
// their size. Measured on the reference machine (one core): 3 points with entries of 2·10⁶
// bits took 5.8 s, 10 points with 6·10⁴ bits 14 s, 20 points with 6·10⁴ bits more than 5
// minutes. r·B is limited to 2¹⁸; at 0.95 of the limit (the Gram matrices of random integer
// points, full rank) 3 points take 0.08 s, 5 points 0.6 s, 10 points 5.8 s, 20 points 83 s.
constexpr std::uint64_t exact_bits_limit = std::uint64_t{1} << 18;

std::uint64_t bits(mpz_srcptr z) { return mpz_sgn(z) == 0 ? 0 : mpz_sizeinbase(z, 2); }

// An upper bound on the bits of an entry of the exact Gram matrix, from the sizes of the points:
// X = X̂/L with L the lcm of the denominators (ℓ bits) and X̂ integer, |X̂| < 2ᵐ; then
// xᵀy = (x̂ᵀŷ)/L² has a numerator below 2^(2m + log₂q) and a denominator of 2ℓ bits, and each
// kernel is a power D of such a base (min: a product of q coordinates).
std::uint64_t gram_entry_bits(const KernelSpec& spec, const Matrix<rational>& X) {
    mpz_t L;
    mpz_init_set_ui(L, 1);
    for (Eigen::Index i = 0; i < X.size(); ++i) mpz_lcm(L, L, mpq_denref(X.data()[i].backend().data()));
    const std::uint64_t l = bits(L);
    std::uint64_t m = 0;
    for (Eigen::Index i = 0; i < X.size(); ++i) {
        const auto* x = X.data()[i].backend().data();
        m = std::max(m, bits(mpq_numref(x)) + l - bits(mpq_denref(x)) + 1);
    }
    mpz_clear(L);
    const std::uint64_t q = static_cast<std::uint64_t>(X.cols()), log_q = static_cast<std::uint64_t>(std::bit_width(q));
    const std::uint64_t inner = 2 * m + log_q + 2 * l; // xᵀy
    if (spec.name == "linear") return inner;
    if (spec.name == "min") return q * (m + l);
    if (spec.name == "histogram-intersection") return m + l + log_q; // Σᵢ min(xᵢ, yᵢ): q terms over L
    // Σᵢ 2xᵢyᵢ/(xᵢ + yᵢ) = Σᵢ 2x̂ᵢŷᵢ/(L(x̂ᵢ + ŷᵢ)): q terms of numerator 2m + 1 and denominator
    // l + m + 1 bits, added over a common denominator.
    if (spec.name == "additive-chi2") return q * (2 * m + 1 + l + m + 1) + log_q;
    if (spec.name == "constant") return bit_height(io::exact_decimal(spec.get("a", "1")));
    const std::uint64_t D = static_cast<std::uint64_t>(integer_parameter(spec, "degree", spec.name == "polynomial" ? "2" : "9"));
    if (spec.name == "k1") return D * (inner + log_q);                 // (xᵀz/q)^D
    if (spec.name == "k2") return D * (2 * std::max(m, l) + 5 + log_q + 2 * l + 1); // ((⟨2x−1, 2z−1⟩ + 1)/2)^D
    const rational c = io::exact_decimal(spec.get("c", "1"));          // (c + xᵀy)^D
    const std::uint64_t cn = bits(mpq_numref(c.backend().data())), cd = bits(mpq_denref(c.backend().data()));
    return D * (std::max(cn + 2 * l, cd + 2 * m + log_q) + 1 + cd + 2 * l);
}

// At most N: the rank of K is at most the dimension of the kernel's feature space, the number of
// monomials it spans: C(q + D, D) of degree ≤ D ((c + xᵀy)^D with c > 0, k2), C(q + D − 1, D) of
// degree D exactly (c = 0, k1), q for the linear kernel, 1 for a constant; the elimination
// stops after that many pivots.
std::uint64_t rank_bound(const KernelSpec& spec, std::uint64_t q, std::uint64_t N) {
    if (spec.name == "linear") return std::min(q, N);
    if (spec.name == "constant") return 1;
    if (spec.name == "min" || spec.name == "histogram-intersection" || spec.name == "additive-chi2") return N;
    const std::uint64_t D = static_cast<std::uint64_t>(integer_parameter(spec, "degree", spec.name == "polynomial" ? "2" : "9"));
    const bool homogeneous = spec.name == "k1" || (spec.name == "polynomial" && io::exact_decimal(spec.get("c", "1")) == 0);
    const std::uint64_t n = homogeneous ? q + D - 1 : q + D;
    std::uint64_t binomial = 1; // C(n, D), computed exactly until it exceeds N
    for (std::uint64_t i = 1; i <= D && binomial <= N; ++i) binomial = binomial * (n - D + i) / i;
    return std::min(binomial, N);
}

// Refuses (exit code 6) an exact computation whose numbers would reach beyond the limit: r
// pivots of entries of B bits form numbers of about r·B bits.
void require_exact_size(const std::string& source, std::uint64_t r, std::uint64_t B, const std::string& advice) {
    const std::uint64_t reach = r * B;
    if (reach <= exact_bits_limit) return;
    throw resource_error(fmt::format(
        "{}: exact arithmetic on numbers this large would not end in reasonable time: an entry of K has up to {} bits "
        "(numerator and denominator), and the exact LDLᵀ of K (rank at most {}) forms numbers of about {} × {} = {} "
        "bits, beyond the limit of 2^18 = {} bits; use {} or fewer points",
        source, B, r, r, B, reach, exact_bits_limit, advice));
}

rational parameter(const KernelSpec& spec, const std::string& key) {
    try {
        return io::exact_decimal(spec.get(key, ""));
    } catch (const error& e) {
        throw usage_error(fmt::format("--kernel {}: {}", spec.text, e.what()));
    }
}

// The Gram matrix of an exponential kernel on intervals: γ is the exact rational of the
// specification (1/(2σ²) or 1/σ² or 1/σ computed exactly), then enclosed in an interval.
Matrix<interval> interval_gram(const KernelSpec& spec, const Matrix<rational>& X, std::string& description) {
    if (spec.name == "cosine") {
        description = "cosine: k(x, y) = xᵀy/(‖x‖‖y‖), for points ≠ 0";
        return gram(CosineKernel<interval>{}, to_interval(X));
    }
    if (spec.name == "sigmoid") {
        const rational a = spec.params.count("a") ? parameter(spec, "a") : rational(1);
        const rational c = spec.params.count("c") ? parameter(spec, "c") : rational(0);
        description = fmt::format("sigmoid: k(x, y) = tanh(a·xᵀy + c), a = {}, c = {} exactly (not PSD in general)",
                                  a.str(), c.str());
        return gram(SigmoidKernel<interval>(to_interval(a), to_interval(c)), to_interval(X));
    }
    rational gamma;
    std::string convention;
    if (spec.params.count("gamma")) {
        gamma = parameter(spec, "gamma");
        convention = "γ as given";
    } else if (spec.name == "gaussian" && spec.params.count("sigma")) {
        const rational s = parameter(spec, "sigma");
        if (s <= 0) throw usage_error(fmt::format("--kernel {}: σ must be > 0", spec.text));
        gamma = rational(1) / (2 * s * s);
        convention = "γ = 1/(2σ²)";
    } else if (spec.name == "gaussian") {
        const rational s = parameter(spec, "zhu-sigma");
        if (s <= 0) throw usage_error(fmt::format("--kernel {}: σ must be > 0", spec.text));
        gamma = rational(1) / (s * s);
        convention = "γ = 1/σ², Zhu's convention";
    } else {
        const rational s = parameter(spec, "sigma");
        if (s <= 0) throw usage_error(fmt::format("--kernel {}: σ must be > 0", spec.text));
        gamma = rational(1) / s;
        convention = "γ = 1/σ";
    }
    if (gamma <= 0) throw usage_error(fmt::format("--kernel {}: γ = {} must be > 0", spec.text, gamma.str()));
    const interval g = to_interval(gamma);
    const Matrix<interval> Xi = to_interval(X);
    if (spec.name == "gaussian") {
        description = fmt::format("gaussian: k(x, y) = exp(−γ‖x − y‖²), γ = {} exactly ({})", gamma.str(), convention);
        return gram(GaussianKernel<interval>::from_gamma(g), Xi);
    }
    description = fmt::format("laplacian: k(x, y) = exp(−γ‖x − y‖₁), γ = {} exactly ({})", gamma.str(), convention);
    return gram(LaplacianKernel<interval>::from_gamma(g), Xi);
}

} // namespace

Outcome run_certify(const Options& o, const Inputs& in, Progress& progress) {
    Matrix<rational> A;
    as_data_error(in.data.source, [&] { A = io::to_matrix<rational>(in.data); });
    const Eigen::Index N = A.rows();
    if (N >= 150) progress.long_run();

    Json r;
    r["command"] = "certify";
    r["input"] = {{"file", in.data.source}, {"rows", in.data.rows()}, {"columns", in.data.cols()},
                  {"header", in.data.header.empty() ? Json(nullptr) : Json(in.data.header)}};
    PsdCertificate cert;
    Json spectrum;
    if (o.certify_gram) {
        if (A.rows() != A.cols())
            throw data_error(fmt::format("{}: the matrix is {}×{}, but a Gram matrix is square", in.data.source,
                                         A.rows(), A.cols()));
        for (Eigen::Index i = 0; i < N; ++i)
            for (Eigen::Index j = i + 1; j < N; ++j)
                if (A(i, j) != A(j, i))
                    throw data_error(fmt::format("{}: the matrix is not symmetric: K({}, {}) = {} but K({}, {}) = {}; "
                                                 "a Gram matrix is symmetric (certify reads the decimals exactly, so "
                                                 "write both entries with the same digits)",
                                                 in.data.source, i + 1, j + 1, in.data.fields[std::size_t(i)][std::size_t(j)],
                                                 j + 1, i + 1, in.data.fields[std::size_t(j)][std::size_t(i)]));
        r["matrix"] = "the Gram matrix of the file, each decimal read as the exact fraction it denotes";
        r["arithmetic"] = "exact rational (LDLᵀ with symmetric pivoting)";
        std::uint64_t B = 0;
        for (Eigen::Index i = 0; i < A.size(); ++i) B = std::max(B, bit_height(A.data()[i]));
        require_exact_size(in.data.source, static_cast<std::uint64_t>(N), B, "numbers with fewer digits");
        progress.stage(fmt::format("exact LDLᵀ of a {}×{} rational matrix", N, N));
        cert = certify_psd(A);
        spectrum = spectrum_section(A);
    } else {
        std::string description;
        if (o.kernel->rational_valued()) {
            const AnyKernel<rational> k = make_kernel<rational>(*o.kernel, A.cols(), description);
            const auto q = static_cast<std::uint64_t>(A.cols());
            require_exact_size(in.data.source, rank_bound(*o.kernel, q, static_cast<std::uint64_t>(N)),
                               gram_entry_bits(*o.kernel, A),
                               o.kernel->params.count("degree") || o.kernel->name == "k1" || o.kernel->name == "k2"
                                   ? "numbers with fewer digits, a lower degree,"
                                   : "numbers with fewer digits");
            progress.stage(fmt::format("exact Gram matrix of {} points", N));
            Matrix<rational> K;
            try {
                K = gram(k, A);
            } catch (const error& e) {
                throw data_error(fmt::format("{}: {}", in.data.source, e.what()));
            }
            r["arithmetic"] = "exact rational (LDLᵀ with symmetric pivoting)";
            progress.stage(fmt::format("exact LDLᵀ of a {}×{} rational matrix", N, N));
            cert = certify_psd(K);
            spectrum = spectrum_section(K);
        } else {
            progress.stage(fmt::format("interval Gram matrix of {} points", N));
            Matrix<interval> K;
            try {
                K = interval_gram(*o.kernel, A, description);
            } catch (const usage_error&) {
                throw;
            } catch (const error& e) {
                throw data_error(fmt::format("{}: {}", in.data.source, e.what()));
            }
            r["arithmetic"] = "50-digit interval arithmetic (MPFI): interval Cholesky, or a witness checked on the "
                              "intervals; undecided when the intervals are too wide to tell";
            progress.stage(fmt::format("interval Cholesky of a {}×{} matrix", N, N));
            cert = certify_psd(K);
            spectrum = spectrum_section(K);
        }
        r["kernel"] = description;
        r["matrix"] = "K = (k(x_i, x_j)) of the points of the file, each decimal read as the exact fraction it denotes";
    }

    r["verdict"] = to_string(cert.verdict);
    r["reason"] = cert.reason;
    r["points"] = N;
    if (cert.proven()) {
        r["definite"] = cert.definite;
        r["rank"] = cert.rank;
    }
    if (cert.refuted()) {
        r["witness"] = {{"what", "an integer vector c with cᵀKc < 0"}, {"c", numbers(cert.witness)},
                        {"value", cert.witness_value.str()},
                        {"value_is", o.certify_gram || o.kernel->rational_valued() ? "cᵀKc exactly"
                                                                                   : "a rational upper bound on cᵀKc"}};
    }
    r["spectrum"] = spectrum;

    Outcome out;
    out.report = r;
    out.exit = cert.proven() ? success : cert.refuted() ? refusal : undecided;
    std::string s = fmt::format("verdict: {}\nreason: {}\n", to_string(cert.verdict), cert.reason);
    if (cert.proven())
        s += fmt::format("rank: {} of {}{}\n", cert.rank, N, cert.definite ? " (positive definite)" : "");
    if (cert.refuted()) {
        std::string c;
        for (Eigen::Index i = 0; i < cert.witness.size(); ++i) c += (i ? ", " : "") + cert.witness(i).str();
        s += fmt::format("witness: c = ({})\n{} {}\n", c,
                         o.certify_gram || o.kernel->rational_valued() ? "cᵀKc =" : "cᵀKc ≤", cert.witness_value.str());
    }
    out.summary = s;
    if (cert.refuted()) {
        out.columns = {"c"};
        out.write_rows = [w = cert.witness](std::ostream& os) {
            for (Eigen::Index i = 0; i < w.size(); ++i) os << w(i).str() << '\n';
        };
    }
    return out;
}

} // namespace kb::cli

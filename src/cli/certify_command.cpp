/// \file certify_command.cpp
/// \brief `kernelbook certify`: is this Gram matrix positive semi-definite? Proven or refuted
///        exactly in rational arithmetic (every decimal of the file is read as the exact
///        fraction it denotes), or by 50-digit interval arithmetic for the exponential kernels.
#include "cli/command.hpp"

#include "kernelbook/certify.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/spectral.hpp"

#include <fmt/format.h>

namespace kb::cli {
namespace {

// K in double, for the approximate spectrum the report gives beside the exact verdict.
template <class M>
Matrix<double> approximate(const M& K) {
    Matrix<double> A(K.rows(), K.cols());
    for (Eigen::Index i = 0; i < K.rows(); ++i)
        for (Eigen::Index j = 0; j < K.cols(); ++j) {
            if constexpr (std::is_same_v<typename M::Scalar, interval>)
                A(i, j) = static_cast<double>(midpoint(K(i, j)));
            else
                A(i, j) = static_cast<double>(K(i, j));
        }
    return A;
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

template <class M>
Json spectrum_section(const M& K) {
    Json j;
    j["what"] = "the smallest and largest eigenvalues of K rounded to double (for orientation only: the verdict "
                "does not depend on them)";
    if (K.rows() > 3000) {
        j["computed"] = false;
        return j;
    }
    const SymmetricEigen<double> eig = symmetric_eigen(approximate(K));
    j["largest"] = number(eig.values(0));
    j["smallest"] = number(eig.values(eig.values.size() - 1));
    return j;
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
        progress.stage(fmt::format("exact LDLᵀ of a {}×{} rational matrix", N, N));
        cert = certify_psd(A);
        spectrum = spectrum_section(A);
    } else {
        std::string description;
        if (o.kernel->rational_valued()) {
            const AnyKernel<rational> k = make_kernel<rational>(*o.kernel, A.cols(), description);
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
            const Matrix<interval> K = interval_gram(*o.kernel, A, description);
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

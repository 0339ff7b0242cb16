#pragma once
/// \file methods.hpp
/// \brief The subcommands pca, mds, kpca and map of the `kernelbook` command, over any floating
///        scalar type: read the input in that type, run the book's method, check the result
///        against the bounds of the book's numerics policy (numerics.hpp), and report.

#include "cli/command.hpp"
#include "cli/errors.hpp"
#include "cli/method_support.hpp"
#include "cli/resources.hpp"

#include "kernelbook/explicit_map.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/mds.hpp"
#include "kernelbook/numerics.hpp"
#include "kernelbook/pca.hpp"
#include "kernelbook/preimage.hpp"

#include <fmt/format.h>

#include <functional>
#include <optional>
#include <memory>
#include <ostream>
#include <stdexcept>

namespace kb::cli {
namespace detail {

template <class T>
Outcome pca(const Options& o, const Inputs& in, Progress& progress, bool keep) {
    const long long M = in.fresh ? in.fresh->rows() : 0;
    require_memory_for<T>(o, in.data.rows(), 2, "points", [&](long long n, std::size_t s, bool verify) {
        MemoryEstimate e = estimate::pca(n, in.data.cols(), M, s);
        if (verify) estimate::verify(e, M ? M : n, std::min<long long>(n, in.data.cols()));
        return e;
    });
    const Matrix<T> A = load<T>(in.data);
    require_rows(A, 2, in.data, "PCA");
    const Eigen::Index N = A.rows(), q = A.cols();
    if (o.components > std::min(N - 1, q))
        throw error(fmt::format("--components {}: {} points in dimension {} have at most min(N − 1, q) = {} principal "
                                "components; ask for at most {}",
                                o.components, N, q, std::min(N - 1, q), std::min(N - 1, q)));
    progress.stage("PCA: centring and the thin SVD");
    const auto model = std::make_shared<const Pca<T>>(A, PcaOptions{.components = o.components > 0 ? o.components : all_components});
    const Pca<T>& pca = *model;
    const Eigen::Index p = pca.components();

    Json r;
    r["command"] = "pca";
    r["input"] = input_section(in.data);
    r["precision"] = precision_section<T>();
    r["method"] = "PCA: μ = column means, X = A − 𝟙μ, thin SVD X = UΣVᵀ; scores P = X V_p; each axis "
                  "signed so that its largest entry in absolute value is positive (the book's sign rule)";
    r["components"] = p;
    r["rank"] = pca.rank();
    r["rank_tolerance"] = number(pca.rank_tolerance());
    r["mean"] = numbers(pca.mean());
    r["eigenvalues"] = {{"what", "λ_j: all eigenvalues of the scatter matrix XᵀX (= σ_j², the squared singular "
                                 "values of X), decreasing"},
                        {"values", numbers(pca.spectrum())}};
    r["variances"] = {{"what", "λ_j/(N − 1): the sample variance along each kept axis"},
                      {"values", numbers(pca.variances())}};
    r["explained_variance_ratio"] = numbers(pca.explained_variance_ratio());
    r["explained_variance_kept"] = number(T(pca.explained_variance_ratio().sum()));
    r["loadings"] = Json::array();
    for (Eigen::Index j = 0; j < p; ++j) r["loadings"].push_back(numbers(pca.loadings().col(j)));
    r["dropped"] = p < std::min(N - 1, q)
                       ? fmt::format("{} of min(N − 1, q) = {} axes not kept: {}", std::min(N - 1, q) - p,
                                     std::min(N - 1, q),
                                     p < pca.rank() ? "fewer components were asked for"
                                                    : "their eigenvalues are at or below the rank tolerance")
                       : std::string("nothing");

    r["checks"] = checks_section(pca.checks());
    require_checks(r);

    const bool whiten = o.whiten;
    if (whiten)
        r["whiten"] = "scores divided by the standard deviation √(λ_j/(N − 1)) of their axis (the variances above)";
    if (!o.inverse.empty()) {
        // Points from scores: Z = P V_mᵀ + 𝟙μ (whitened scores first multiplied back).
        const auto P = std::make_shared<const Matrix<T>>(load<T>(*in.fresh));
        if (P->cols() > p)
            throw data_error(fmt::format("{}: {} column(s) of scores, but the PCA of {} keeps p = {} components; give "
                                         "at most {} columns, or more --components",
                                         in.fresh->source, P->cols(), in.data.source, p, p));
        r["inverse"] = {{"file", in.fresh->source}, {"rows", P->rows()}, {"columns", P->cols()},
                        {"what", whiten ? "points Z = (W·diag √(λ_j/(N − 1))) V_mᵀ + μ from whitened scores W"
                                        : "points Z = P V_mᵀ + μ from the scores P on the first m axes"}};
        r["output"] = "the points the scores stand for, in the coordinates of the data";
        return finish_in_blocks<T>("x", P->rows(), q, transform_block_rows(N, q, sizeof(T)),
                                   [model, P, whiten](Eigen::Index i, Eigen::Index n) {
                                       const Matrix<T> rows = P->middleRows(i, n);
                                       return model->reconstruct(whiten ? model->unwhiten(rows) : rows);
                                   },
                                   std::move(r), keep);
    }
    if (!in.fresh) {
        r["output"] = whiten ? "the whitened scores of the training points (pc1…pcp)"
                             : "the scores of the training points (pc1…pcp)";
        return finish("pc", whiten ? pca.whiten(pca.scores()) : Matrix<T>(pca.scores()), std::move(r), keep);
    }
    const auto Z = std::make_shared<const Matrix<T>>(load_fresh<T>(in));
    r["transform"] = {{"file", in.fresh->source}, {"rows", Z->rows()},
                      {"what", "scores (z − μ) V_p of the new points, centred with the training mean"}};
    r["output"] = whiten ? "the whitened scores of the new points (pc1…pcp)" : "the scores of the new points (pc1…pcp)";
    // The scores of the new points are computed a block at a time as they are written.
    return finish_in_blocks<T>("pc", Z->rows(), p, transform_block_rows(N, p, sizeof(T)),
                               [model, Z, whiten](Eigen::Index i, Eigen::Index n) {
                                   const Matrix<T> scores = model->transform(Z->middleRows(i, n));
                                   return whiten ? model->whiten(scores) : scores;
                               },
                               std::move(r), keep);
}

template <class T>
Outcome mds(const Options& o, const Inputs& in, Progress& progress, bool keep) {
    require_memory_for<T>(o, in.data.rows(), 2, "points", [&](long long n, std::size_t s, bool verify) {
        MemoryEstimate e = estimate::mds(n, s);
        if (verify) estimate::verify(e, n, n);
        return e;
    });
    const Matrix<T> M = load<T>(in.data);
    const Eigen::Index N = M.rows();
    if (M.rows() != M.cols())
        throw data_error(fmt::format("{}: the matrix is {}×{}, but MDS needs a square N×N matrix (one row and one "
                                     "column per point)",
                                     in.data.source, M.rows(), M.cols()));
    require_rows(M, 2, in.data, "MDS");
    const MdsInput kind = o.mds_input == "distances"           ? MdsInput::distances
                          : o.mds_input == "squared-distances" ? MdsInput::squared_distances
                                                               : MdsInput::gram;
    as_data_error(in.data.source, [&] {
        if (kind == MdsInput::gram)
            require_symmetric(M, "kernelbook mds --gram", "B");
        else
            require_dissimilarity(M, kind == MdsInput::distances ? "kernelbook mds --distances"
                                                                 : "kernelbook mds --squared-distances",
                                  kind == MdsInput::distances ? "D" : "D²");
    });
    if (o.components > N)
        throw error(fmt::format("--components {}: {} points have at most {} coordinates (and only as many as B has "
                                "positive eigenvalues)",
                                o.components, N, N));
    progress.stage("double centring and the eigen-decomposition");
    const ClassicalMds<T> mds(M, {.components = o.components > 0 ? o.components : all_components, .input = kind});
    const Eigen::Index p = mds.components();

    Json r;
    r["command"] = "mds";
    r["input"] = input_section(in.data);
    r["input"]["holds"] = o.mds_input;
    r["precision"] = precision_section<T>();
    r["method"] = std::string("classical MDS: ") +
                  (kind == MdsInput::gram ? "B as given" : "B = −½ J D⁽²⁾ J (double centring of the squared dissimilarities)") +
                  "; B = Σ λ_j u_j u_jᵀ; coordinates x_j = √λ_j u_j for the p largest λ_j > τ (the book's sign rule)";
    r["components"] = p;
    r["eigenvalues"] = {{"what", "all N eigenvalues λ_j of B, decreasing, negative ones included"},
                        {"values", numbers(mds.spectrum())}};
    r["positive_eigenvalues"] = mds.positive();
    r["negative_eigenvalues"] = mds.negative();
    r["zero_tolerance"] = number(mds.rank_tolerance());
    r["negative_mass"] = {{"what", "Σ_{λ<−τ}|λ_j| / Σ|λ_j|: how far the input is from Euclidean"},
                          {"value", number(mds.negative_mass())}};
    r["discarded_mass"] = {{"what", "Σ_{j>p, λ>τ} λ_j / Σ|λ_j|: positive mass not kept"},
                           {"value", number(mds.discarded_mass())}};
    r["residual"] = {{"what", "‖B − XXᵀ‖_F = (Σ_{j>p} λ_j²)^{1/2}, what the coordinates cannot represent"},
                     {"value", number(mds.residual())}};
    r["dropped"] = fmt::format("{} positive eigenvalue(s) not kept{}; {} negative eigenvalue(s), which give no "
                               "coordinates (√λ needs λ > 0)",
                               mds.positive() - p, mds.positive() > p ? " (fewer components were asked for)" : "",
                               mds.negative());

    r["checks"] = checks_section(mds.checks());
    require_checks(r);
    r["output"] = "the coordinates of the N points (x1…xp)";
    return finish("x", mds.coordinates(), std::move(r), keep);
}

template <class T>
Outcome kpca(const Options& o, const Inputs& in, Progress& progress, bool keep) {
    // The default keeps every component above the rank tolerance, at most 10 (kb::KpcaOptions::at_most): in
    // double with N ≥ 200 the Lanczos route, which finds a rank below 10 without leaving it.
    const long long M = in.fresh ? in.fresh->rows() : 0;
    const auto asked = [&](long long n) { return o.components > 0 ? o.components : std::min<long long>(10, n - 1); };
    // --solver: auto is the library's choice (kb::automatic_solver). lanczos computes in double
    // only (check_options refuses it with another --precision), so a run in another type with
    // lanczos is --verify's 100-digit reference, which computes every eigenpair.
    const auto solver_in = [&](bool in_double) {
        return o.solver == "dense"                    ? KpcaSolver::dense
               : o.solver == "lanczos" && in_double ? KpcaSolver::lanczos
               : o.solver == "lanczos"               ? KpcaSolver::dense
                                                     : KpcaSolver::automatic;
    };
    const KpcaSolver solver = solver_in(std::is_same_v<T, double>);
    require_memory_for<T>(o, in.data.rows(), 2, "points", [&](long long n, std::size_t s, bool verify) {
        const long long p = asked(n);
        const KpcaSolver route = solver_in(s == sizeof(double));
        const bool dense = route == KpcaSolver::dense ||
                           (route == KpcaSolver::automatic && automatic_solver(s == sizeof(double), n, p) == KpcaSolver::dense);
        MemoryEstimate e = estimate::kpca(n, o.kpca_gram ? n : in.data.cols(), M, p, dense, s);
        if (verify) estimate::verify(e, M ? M : n, p);
        return e;
    });
    const Matrix<T> X = load<T>(in.data);
    require_rows(X, 2, in.data, "kernel PCA");
    const Eigen::Index N = X.rows();
    std::string description;
    if (N >= 2000 || (!std::is_same_v<T, double> && N >= 150)) progress.long_run();
    std::shared_ptr<const KernelPca<T>> model;
    std::optional<AnyKernel<T>> kernel; // with --kernel: kept for --inverse
    if (o.kpca_gram) {
        // A precomputed K: square and symmetric (bad data otherwise, exit 3); PSD is the library's check.
        if (X.rows() != X.cols())
            throw data_error(fmt::format("{}: the matrix is {}×{}, but --gram needs the square N×N Gram matrix "
                                         "K_ij = k(x_i, x_j) of the N training points",
                                         in.data.source, X.rows(), X.cols()));
        as_data_error(in.data.source, [&] { require_symmetric(X, "kernelbook kpca --gram", "K"); });
        description = "a precomputed Gram matrix K (--gram)";
        progress.stage(fmt::format("centring the {}×{} Gram matrix and its eigenpairs", N, N));
        model = o.components > 0
                    ? std::make_shared<const KernelPca<T>>(X, KpcaOptions{.components = o.components, .solver = solver, .progress = progress.callback()})
                    : std::make_shared<const KernelPca<T>>(X, KpcaOptions{.components = asked(N), .at_most = true, .solver = solver, .progress = progress.callback()});
    } else {
        AnyKernel<T> k = make_kernel<T>(*o.kernel, X.cols(), description);
        kernel = k;
        progress.stage(fmt::format("Gram matrix of {} points, centring and eigenpairs", N));
        model = o.components > 0
                    ? std::make_shared<const KernelPca<T>>(k, X, KpcaOptions{.components = o.components, .solver = solver, .progress = progress.callback()})
                    : std::make_shared<const KernelPca<T>>(k, X, KpcaOptions{.components = asked(N), .at_most = true, .solver = solver, .progress = progress.callback()});
    }
    const KernelPca<T>& m = *model;
    const Eigen::Index keep_cols = m.components();
    const Vector<T>& mu = m.eigenvalues();
    const T trace = m.centered_gram().trace();
    const bool lanczos = m.solver() == KpcaSolver::lanczos;

    Json r;
    r["command"] = "kpca";
    r["input"] = input_section(in.data);
    r["precision"] = precision_section<T>();
    r["kernel"] = description;
    r["method"] = "kernel PCA: K = (k(x_i, x_j)), K̃ = JKJ (centring in the feature space), K̃ = Σ μ_j u_j u_jᵀ; "
                  "scores y_j = √μ_j u_j (the book's sign rule)";
    r["solver"] = in_command_terms(m.solver_reason());
    r["components"] = keep_cols;
    // The Lanczos route sees only the leading eigenvalues: the rank is at least p, unless it was
    // found below p (then every other eigenvalue is bounded). The field is a number either way
    // (as for pca and map); rank_is says which it is.
    r["rank"] = m.rank();
    r["rank_is"] = !m.rank_is_exact() ? "a lower bound: only the leading eigenpairs were computed"
                   : lanczos          ? "the numerical rank of K̃ (eigenvalues above rank_tolerance): found by the "
                                        "Lanczos route, every other eigenvalue bounded by remainder_bound"
                                      : "the numerical rank of K̃ (eigenvalues above rank_tolerance)";
    if (m.remainder_bound())
        r["remainder_bound"] = {{"what", "c = ‖K̃ − Σ_j μ_j u_j u_jᵀ‖_F over the computed pairs: every other eigenvalue "
                                         "of K̃ lies in [−c, c] (Weyl's inequality), c ≤ rank_tolerance"},
                                {"value", number(*m.remainder_bound())}};
    r["rank_tolerance"] = number(m.rank_tolerance());
    r["eigenvalues_mu"] = {{"what", "μ_j: eigenvalues of the centred Gram matrix K̃ (scikit-learn's eigenvalues_)"},
                           {"values", numbers(mu)}};
    r["eigenvalues_lambda"] = {{"what", "λ_j = μ_j/N: eigenvalues of the covariance of the centred features (the sources' λ)"},
                               {"values", numbers(Vector<T>(mu / T(N)))}};
    r["explained_variance_ratio"] = {{"what", "μ_j / tr K̃: the share of the total feature variance"},
                                     {"values", numbers(Vector<T>(mu / trace))}};
    r["dropped"] = !lanczos ? fmt::format("{} eigenvalue(s) above the rank tolerance not kept; {} at or below it (rank {} "
                                          "of N − 1 = {})",
                                          m.rank() - keep_cols, N - m.rank(), m.rank(), N - 1)
                   : m.rank_is_exact()
                       ? fmt::format("the {} eigenvalue(s) after the {} leading ones are at or below the rank tolerance "
                                     "(bounded by remainder_bound), so they were not computed",
                                     N - m.rank(), m.rank())
                       : fmt::format("the eigenpairs after the {} leading ones were not computed", keep_cols);

    if (!lanczos) {
        r["smallest_eigenvalue"] = number(T(m.spectrum()(m.spectrum().size() - 1)));
    } else {
        r["smallest_eigenvalue"] = nullptr;
        r["psd"] = m.remainder_bound()
                       ? "every eigenvalue of K̃ beyond the computed ones lies in [−c, c] with c = remainder_bound ≤ "
                         "rank_tolerance: K̃ is PSD up to rounding"
                       : "the Lanczos route computes the leading eigenpairs and, by a second Lanczos run, the smallest "
                         "eigenvalue of K̃: the check PSD";
    }
    r["checks"] = checks_section(m.checks());
    require_checks(r);

    if (!o.inverse.empty()) {
        // Pre-images: Γ(y) = Σ_i β_i κ(y, y_i), β = (K_Y + αI)⁻¹X, κ the model's kernel (chapter 7, §7.13).
        T alpha;
        try {
            alpha = io::decimal_value<T>(o.ridge);
        } catch (const error& e) {
            throw usage_error(fmt::format("--ridge '{}': {}", o.ridge, e.what()));
        }
        if (!(alpha > 0)) throw usage_error(fmt::format("--ridge {}: the ridge must be positive (default 1)", o.ridge));
        const Matrix<T> P = load<T>(*in.fresh);
        if (P.cols() != keep_cols)
            throw data_error(fmt::format("{}: {} column(s) of scores, but the kernel PCA of {} keeps p = {} components: "
                                         "the pre-image map takes whole score vectors of {} entries",
                                         in.fresh->source, P.cols(), in.data.source, keep_cols, keep_cols));
        progress.stage("the pre-image map and the pre-images");
        const KernelPcaPreimage<T> back(m, X, *kernel, alpha);
        r["inverse"] = {{"file", in.fresh->source}, {"rows", P.rows()}, {"ridge", number(alpha)},
                        {"what", "pre-images Γ(y) = Σ_i β_i κ(y, y_i), β = (K_Y + αI)⁻¹X, κ the model's kernel on the "
                                 "training scores y_i (kernel ridge regression; chapter 7, §7.13)"}};
        r["output"] = "the pre-images of the scores, in the coordinates of the data";
        return finish("x", back.inverse_transform(P), std::move(r), keep);
    }
    if (!in.fresh) {
        r["output"] = "the scores of the training points (pc1…pcp)";
        return finish("pc", Matrix<T>(m.scores()), std::move(r), keep);
    }
    const auto Z = std::make_shared<const Matrix<T>>(load_fresh<T>(in, o.kpca_gram)); // with --gram: M×N kernel rows
    progress.stage("scores of the new points");
    const Eigen::Index block = transform_block_rows(N, keep_cols, sizeof(T));
    const bool rows = o.kpca_gram;
    const std::function<Matrix<T>(Eigen::Index, Eigen::Index)> scores = [model, Z, rows](Eigen::Index i, Eigen::Index n) {
        return rows ? model->transform_gram(Z->middleRows(i, n)) : model->transform(Z->middleRows(i, n));
    };
    // A pass over the new points before anything is written, a block at a time: a kernel value
    // that is not finite is refused here, not halfway through the output.
    for (Eigen::Index i = 0; i < Z->rows(); i += block) (void)scores(i, std::min(block, Z->rows() - i));
    r["transform"] = {{"file", in.fresh->source}, {"rows", Z->rows()},
                      {"what", o.kpca_gram ? "scores of the new points from their kernel rows k(z_m, x_i) (--gram), "
                                             "centred with the training statistics"
                                           : "scores of the new points, their kernel rows centred with the training "
                                             "statistics"}};
    r["output"] = "the scores of the new points (pc1…pcp)";
    return finish_in_blocks<T>("pc", Z->rows(), keep_cols, block, scores, std::move(r), keep);
}

template <class T>
Outcome map(const Options& o, const Inputs& in, Progress& progress, bool keep) {
    const long long M = in.fresh ? in.fresh->rows() : 0;
    require_memory_for<T>(o, in.data.rows(), 1, "training points", [&](long long n, std::size_t s, bool verify) {
        MemoryEstimate e = estimate::map(n, in.data.cols(), M, s);
        if (verify) estimate::verify(e, M ? M : n, n);
        return e;
    });
    const Matrix<T> X = load<T>(in.data);
    require_rows(X, 1, in.data, "the explicit map");
    const Eigen::Index N = X.rows();
    std::string description;
    AnyKernel<T> k = make_kernel<T>(*o.kernel, X.cols(), description);
    if (N >= 1500 || (!std::is_same_v<T, double> && N >= 100)) progress.long_run();
    progress.stage(fmt::format("Gram matrix of {} points and K^(-1/2)", N));
    std::shared_ptr<const ExplicitFeatureMap<T>> fm;
    if (o.rank_tolerance.empty()) {
        fm = std::make_shared<const ExplicitFeatureMap<T>>(k, X, FeatureMapOptions<T>{.progress = progress.callback()});
    } else {
        T tol;
        try {
            tol = io::decimal_value<T>(o.rank_tolerance);
        } catch (const error& e) {
            throw usage_error(fmt::format("--rank-tolerance '{}': {}", o.rank_tolerance, e.what()));
        }
        fm = std::make_shared<const ExplicitFeatureMap<T>>(k, X, FeatureMapOptions<T>{.rank_tolerance = tol, .progress = progress.callback()});
    }
    const ExplicitFeatureMap<T>& f = *fm;
    const Vector<T>& lambda = f.spectrum();

    Json r;
    r["command"] = "map";
    r["input"] = input_section(in.data);
    r["precision"] = precision_section<T>();
    r["kernel"] = description;
    r["method"] = std::string("explicit feature map (Ghiasi-Shirazi & Qaraei): φ(z) = K^(−1/2) k_z") +
                  (o.rank_tolerance.empty() ? "" : ", K^(+1/2) over the eigenvalues above the rank tolerance") +
                  (o.centered ? "; centred: ψ(z) = φ(z) − (1/N) Σ_n φ(x_n)" : "");
    r["dimension"] = N;
    r["rank"] = f.rank();
    r["rank_tolerance"] = o.rank_tolerance.empty() ? Json(nullptr) : Json(number(f.rank_tolerance()));
    r["condition_number"] = {{"what", "κ = λ_max/λ_min over the kept eigenvalues of K; the map loses about log10 κ / 2 digits"},
                             {"value", number(f.condition_number())}};
    r["rounding_level"] = {{"what", "64·N·ε·λ_max: eigenvalues of K below it are not determined in this precision"},
                           {"value", number(f.rounding_level())}};
    r["eigenvalues"] = {{"what", "all N eigenvalues of the Gram matrix K, decreasing"}, {"values", numbers(lambda)}};
    r["dropped"] = f.rank() < N ? fmt::format("{} eigenvalue(s) of K at or below the rank tolerance", N - f.rank())
                                : std::string("nothing: K is inverted exactly (full rank)");

    r["checks"] = checks_section(f.checks());
    if (!in.fresh) {
        require_checks(r);
        r["output"] = std::string(o.centered ? "the centred features ψ" : "the features φ") +
                      " of the training points, one row per point (phi1…phiN)";
        return finish("phi", o.centered ? f.training_features_centered() : f.training_features(), std::move(r), keep);
    }
    const auto Z = std::make_shared<const Matrix<T>>(load_fresh<T>(in));
    progress.stage("features of the new points");
    // The residual gaps r(z) = k(z, z) − ‖φ(z)‖² and their check, from the library, a block of new
    // points at a time: N×block kernel values, never the M×M Gram matrix of Z.
    const Eigen::Index block = transform_block_rows(N, N, sizeof(T));
    const ResidualGaps<T> gaps = f.residual_gaps(*Z, block);
    r["transform"] = {{"file", in.fresh->source}, {"rows", Z->rows()}};
    r["residual_gaps"] = {{"what", "r(z) = k(z, z) − ‖φ(z)‖² ≥ 0: the squared RKHS distance of k(z, ·) from the "
                                   "span of the training points (0 at a training point)"},
                          {"min", number(gaps.min)},
                          {"max", number(gaps.max)}};
    r["checks"].push_back(
        check(gaps.check.name, gaps.check.measures, gaps.check.value, gaps.check.bound, gaps.check.bound_formula));
    require_checks(r);
    r["output"] = std::string(o.centered ? "the centred features ψ" : "the features φ") +
                  " of the new points, one row per point (phi1…phiN)";
    const bool centered = o.centered;
    return finish_in_blocks<T>("phi", Z->rows(), N, block,
                               [fm, Z, centered](Eigen::Index i, Eigen::Index n) {
                                   const Matrix<T> Zb = Z->middleRows(i, n);
                                   return centered ? fm->transform_centered(Zb) : fm->transform(Zb);
                               },
                               std::move(r), keep);
}

} // namespace detail

template <class T>
Outcome run_in(const Options& options, const Inputs& inputs, Progress& progress, bool keep_values) {
    switch (options.method) {
    case Method::pca: return detail::pca<T>(options, inputs, progress, keep_values);
    case Method::mds: return detail::mds<T>(options, inputs, progress, keep_values);
    case Method::kpca: return detail::kpca<T>(options, inputs, progress, keep_values);
    case Method::map: return detail::map<T>(options, inputs, progress, keep_values);
    case Method::certify: break; // exact arithmetic: run_certify, never a floating type
    }
    throw std::logic_error("run_in: the subcommand '" + options.command + "' has no method in " + detail::precision_words<T>());
}

} // namespace kb::cli

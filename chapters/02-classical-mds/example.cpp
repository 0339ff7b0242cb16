/// \file example.cpp
/// \brief Chapter 2's program: classical MDS on six points in R³ (exactly, and in 50
///        digits), on the great-circle and chord distances of European and world cities,
///        and on non-Euclidean dissimilarities; the errata of zhu §1 demonstrated.
///        Writes the map of the cities and the spectra under book/data/02-classical-mds/.
#include "report.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/mds.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <array>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using R = kb::real50;
using Q = Matrix<rational>;
using kb::book::matrix_to_string;

namespace {

template <class T>
std::string vector_to_string(const Vector<T>& v, int digits) {
    std::string s;
    for (Eigen::Index i = 0; i < v.size(); ++i) s += (i ? ", " : "") + kb::book::fmt(v(i), digits);
    return s;
}

/// The symmetric integer matrix with zero diagonal and the given upper triangle (row by row).
IntMatrix symmetric_zero_diagonal(int N, std::initializer_list<long> upper) {
    IntMatrix D = IntMatrix::Zero(N, N);
    auto it = upper.begin();
    for (int i = 0; i < N; ++i)
        for (int j = i + 1; j < N; ++j) D(i, j) = D(j, i) = *it++;
    return D;
}

struct City {
    std::string name;
    long lat10, lon10; ///< latitude and longitude in tenths of a degree (north and east positive)
};

/// Points on the sphere of radius 6371 km (the Earth), rows (x, y, z).
Matrix<R> on_sphere(const std::vector<City>& cities) {
    using std::cos;
    using std::sin;
    const R radius(6371), degree = kb::pi<R>() / R(1800); // tenths of a degree
    Matrix<R> P(static_cast<Eigen::Index>(cities.size()), 3);
    for (std::size_t i = 0; i < cities.size(); ++i) {
        const R lat = R(cities[i].lat10) * degree, lon = R(cities[i].lon10) * degree;
        P.row(static_cast<Eigen::Index>(i)) << radius * cos(lat) * cos(lon), radius * cos(lat) * sin(lon),
            radius * sin(lat);
    }
    return P;
}

/// Great-circle distances from chord lengths c: 2ρ·asin(c / 2ρ).
Matrix<R> great_circle(const Matrix<R>& chord) {
    using std::asin;
    const R radius(6371);
    Matrix<R> D = chord;
    for (Eigen::Index i = 0; i < D.rows(); ++i)
        for (Eigen::Index j = 0; j < D.cols(); ++j) D(i, j) = 2 * radius * asin(chord(i, j) / (2 * radius));
    return D;
}

void write_spectrum(std::ofstream& out, const std::string& example, const Vector<R>& lambda) {
    using std::abs;
    const R scale = std::max(abs(lambda(0)), abs(lambda(lambda.size() - 1)));
    for (Eigen::Index j = 0; j < lambda.size(); ++j)
        out << example << "," << j + 1 << "," << kb::book::fmt(lambda(j), 17) << "," << kb::book::fmt(R(lambda(j) / scale), 17) << "\n";
}

} // namespace

int main() {
    using std::abs;
    using std::sqrt;
    kb::book::Report rep("Chapter 2 — Classical multidimensional scaling");
    const std::filesystem::path data_dir = "book/data/02-classical-mds";
    std::filesystem::create_directories(data_dir);
    std::ofstream spectra(data_dir / "spectra.csv");
    spectra << "example,j,eigenvalue,eigenvalue_over_max_abs\n";

    // ------------------------------------------------------------------ six points
    rep.section("Six points in R³: from their distances back to the points");
    const IntMatrix P = (IntMatrix(6, 3) << 0, 0, 0, 4, 0, 0, 0, 3, 0, 4, 3, 0, 2, 1, 2, 1, 2, -1).finished();
    rep.say("Y (one point per row):\n" + matrix_to_string(kb::from_integers<double>(P), 3));
    rep.precision<rational>();
    const Q Yq = kb::from_integers<rational>(P);
    const Q D2q = kb::squared_distances(Yq);
    rep.say("squared distances D² = (‖y_i − y_j‖²):\n" + matrix_to_string(D2q, 3));
    const Q Bq = kb::gram_from_squared_distances(D2q);
    const Q Ycq = kb::center_columns(Yq);
    rep.say("B = −½ J D² J:\n" + matrix_to_string(Bq, 6));
    rep.exact("zhu:2.2.2", "−½ J D² J = (JY)(JY)ᵀ, the Gram matrix of the centred points", Bq == Q(Ycq * Ycq.transpose()));
    rep.exact("zhu:2.2.2", "Schoenberg: B is PSD (exact LDLᵀ certificate), so D is Euclidean", kb::is_psd_exact(Bq));
    rep.exact("zhu:def1", "B ≠ YYᵀ: distances know only the centred points (zhu assumes centred data)",
              Bq != Q(Yq * Yq.transpose()));

    rep.precision<R>();
    const Matrix<R> Y = kb::from_integers<R>(P);
    const Matrix<R> D = kb::distances(Y);
    const auto mds = kb::ClassicalMds(D, {.components = 3, .input = kb::MdsInput::distances});
    rep.say("eigenvalues of B: " + vector_to_string(mds.spectrum(), 12));
    rep.say("positive: " + std::to_string(mds.positive()) + ", negative: " + std::to_string(mds.negative()) +
            " (|λ| ≤ τ = " + kb::book::fmt(mds.rank_tolerance(), 3) + " counts as zero)");
    rep.say("MDS coordinates X = [√λ₁u₁, √λ₂u₂, √λ₃u₃]:\n" + matrix_to_string(mds.coordinates(), 10));
    const R lam1 = mds.spectrum()(0);
    rep.agree("zhu:mds-setup", "the stress Σ(d_ij − ‖x_i − x_j‖)² of the 3-D embedding is zero",
              kb::mds_stress(D, mds.coordinates()), kb::book::rounding_bound<R>(6, R(4 * 36) * lam1), lam1);

    const Matrix<R> Yc = kb::center_columns(Y);
    const kb::Svd<R> svd = kb::thin_svd(Yc);
    const Matrix<R> S = Yc * svd.V; // PCA scores
    const Vector<R> d2 = svd.sigma.cwiseProduct(svd.sigma);
    const R scale = sqrt(lam1);
    rep.agree("zhu:1.2.2", "MDS scores = PCA scores Y_c V (each column up to its sign)",
              kb::max_abs(Matrix<R>(kb::align_signs(mds.coordinates(), S) - S)), kb::book::rounding_bound<R>(6, R(10) * scale), scale);
    rep.agree("zhu:1.2.2", "PCA scores Y_c V = U D", kb::max_abs(Matrix<R>(S - svd.U * svd.sigma.asDiagonal())),
              kb::book::rounding_bound<R>(6, scale), scale);
    rep.agree("zhu:1.2.1", "Y_cᵀY_c = V D² Vᵀ", kb::max_abs(Matrix<R>(Yc.transpose() * Yc - svd.V * d2.asDiagonal() * svd.V.transpose())),
              kb::book::rounding_bound<R>(6, lam1), lam1);
    rep.agree("zhu:1.2.1", "Y_cY_cᵀ = U D² Uᵀ", kb::max_abs(Matrix<R>(Yc * Yc.transpose() - svd.U * d2.asDiagonal() * svd.U.transpose())),
              kb::book::rounding_bound<R>(6, lam1), lam1);
    rep.agree("zhu:1.2.1", "the non-zero eigenvalues of B = Y_cY_cᵀ are D² = the eigenvalues of Y_cᵀY_c",
              kb::max_abs(Matrix<R>(mds.spectrum().head(3) - d2)), kb::book::rounding_bound<R>(6, lam1), lam1);
    rep.say("D² = " + vector_to_string(d2, 12) + " (shapes: U is 6×3, D² is 3×3, Uᵀ is 3×6)");

    // gallier:svd, in Gallier's letters: X̂ = V D Uᵀ, V_r from the eigenvectors of K̂ = X̂X̂ᵀ.
    const Matrix<R> Vr = mds.eigenvectors().leftCols(3);
    const Vector<R> sig = mds.spectrum().head(3).cwiseSqrt();
    const Matrix<R> Ur = Yc.transpose() * Vr * sig.cwiseInverse().asDiagonal();
    rep.agree("gallier:svd", "U_r = X̂ᵀ V_r Σ_r⁻¹ has orthonormal columns",
              kb::max_abs(Matrix<R>(Ur.transpose() * Ur - Matrix<R>::Identity(3, 3))),
              kb::book::rounding_bound<R>(6, R(lam1 / mds.spectrum()(2))), R(1));
    rep.agree("gallier:svd", "X̂ = V_r Σ_r U_rᵀ", kb::max_abs(Matrix<R>(Vr * sig.asDiagonal() * Ur.transpose() - Yc)),
              kb::book::rounding_bound<R>(6, R(scale * lam1 / mds.spectrum()(2))), scale);
    rep.agree("gallier:svd", "U_r = the PCA loadings V of Y_c (signs aligned)", kb::max_abs(Matrix<R>(kb::align_signs(Ur, svd.V) - svd.V)),
              kb::book::rounding_bound<R>(6, R(lam1 / (mds.spectrum()(1) - mds.spectrum()(2)))), R(1));
    write_spectrum(spectra, "six points (Euclidean)", mds.spectrum());

    // ------------------------------------------------------------------ cities
    rep.section("Cities: chord distances are Euclidean, great-circle distances are not");
    const std::vector<City> europe{{"London", 515, -1},   {"Paris", 489, 24},   {"Berlin", 525, 134},
                                   {"Madrid", 404, -37},  {"Rome", 419, 125},   {"Vienna", 482, 164},
                                   {"Stockholm", 593, 181}, {"Athens", 380, 237}, {"Lisbon", 387, -91},
                                   {"Warsaw", 522, 210}};
    rep.say("ten European capitals, latitude and longitude rounded to 0.1°, on a sphere of radius 6371 km");
    const Matrix<R> chord = kb::distances(on_sphere(europe));
    const Matrix<R> arc = great_circle(chord);
    const auto by_chord = kb::ClassicalMds(chord, {.components = 3, .input = kb::MdsInput::distances});
    rep.say("chord (straight-line) distances: eigenvalues of B = " + vector_to_string(by_chord.spectrum(), 6));
    rep.exact("zhu:2.2.2", "chord distances: exactly 3 positive eigenvalues and no negative one (points in R³)",
              by_chord.positive() == 3 && by_chord.negative() == 0);
    const auto by_arc = kb::ClassicalMds(arc, {.components = 2, .input = kb::MdsInput::distances});
    rep.say("great-circle distances: eigenvalues of B = " + vector_to_string(by_arc.spectrum(), 6));
    rep.say("  negative eigenvalues: " + std::to_string(by_arc.negative()) + ", holding " +
            kb::book::fmt(R(100 * by_arc.negative_mass()), 3) + " % of Σ|λ|; the 2-D map leaves out " +
            kb::book::fmt(R(100 * by_arc.discarded_mass()), 3) + " % (positive eigenvalues 3, 4, …)");
    rep.exact("zhu:2.2.2", "great-circle distances: B has negative eigenvalues, so no points in any Rᵖ have them",
              by_arc.negative() > 0);
    // Orientation for the map: MDS fixes X only up to an orthogonal map (erratum below), so
    // reflect the axes to put Warsaw east of Lisbon and Stockholm north of Athens.
    Matrix<R> map = by_arc.coordinates();
    if (map(9, 0) < map(8, 0)) map.col(0) = -map.col(0);
    if (map(6, 1) < map(7, 1)) map.col(1) = -map.col(1);
    {
        std::ofstream out(data_dir / "europe_map.csv");
        out << "city,x_km,y_km\n";
        std::string text;
        for (std::size_t i = 0; i < europe.size(); ++i) {
            const auto k = static_cast<Eigen::Index>(i);
            out << europe[i].name << "," << kb::book::fmt(map(k, 0), 17) << "," << kb::book::fmt(map(k, 1), 17) << "\n";
            text += "    " + europe[i].name + std::string(12 - europe[i].name.size(), ' ') + kb::book::fmt(map(k, 0), 6) + "  " +
                    kb::book::fmt(map(k, 1), 6) + "\n";
        }
        rep.say("the 2-D MDS map of the great-circle distances (km), written to europe_map.csv:\n" + text);
    }
    write_spectrum(spectra, "Europe, chord", by_chord.spectrum());
    write_spectrum(spectra, "Europe, great circle", by_arc.spectrum());

    std::vector<City> world = europe;
    for (const City& c : std::vector<City>{{"New York", 407, -740}, {"Tokyo", 357, 1397}, {"Sydney", -339, 1512},
                                           {"Cape Town", -339, 184}, {"Rio de Janeiro", -229, -432}})
        world.push_back(c);
    const auto by_world = kb::ClassicalMds(great_circle(kb::distances(on_sphere(world))), {.components = 3, .input = kb::MdsInput::distances});
    rep.say("fifteen cities on five continents, great-circle distances: " + std::to_string(by_world.negative()) +
            " negative eigenvalues holding " + kb::book::fmt(R(100 * by_world.negative_mass()), 3) +
            " % of Σ|λ| — the larger the part of the sphere, the less Euclidean its geodesic distances");
    write_spectrum(spectra, "world, great circle", by_world.spectrum());

    // ------------------------------------------------------------------ non-Euclidean
    rep.section("Dissimilarities that are not Euclidean: negative eigenvalues");
    rep.precision<rational>();
    struct Example {
        std::string name, csv;
        IntMatrix D;
        std::vector<long> witness;
    };
    const std::vector<Example> examples{
        {"city-block distances of the unit square's corners (sides 1, diagonals 2)", "city-block square",
         symmetric_zero_diagonal(4, {1, 2, 1, 1, 2, 1}), {1, -1, 1, -1}},
        {"three objects with d₁₂ = d₂₃ = 1, d₁₃ = 3 (triangle inequality violated)", "triangle violated",
         symmetric_zero_diagonal(3, {1, 3, 1}), {1, -2, 1}},
        {"shortest paths in a star: centre 0, leaves 1, 2, 3 (a metric)", "star graph",
         symmetric_zero_diagonal(4, {1, 1, 1, 2, 2, 2}), {-3, 1, 1, 1}}};
    for (const Example& ex : examples) {
        const Q B = kb::gram_from_squared_distances(kb::from_integers<rational>(IntMatrix(ex.D.cwiseProduct(ex.D))));
        Vector<rational> v(static_cast<Eigen::Index>(ex.witness.size()));
        for (std::size_t i = 0; i < ex.witness.size(); ++i) v(static_cast<Eigen::Index>(i)) = ex.witness[i];
        const rational form = v.dot(B * v);
        rep.say(ex.name + ":\n  B = −½ J D² J =\n" + matrix_to_string(B, 6, "    ") + "  witness v = (" +
                vector_to_string(v, 3) + "): vᵀBv = " + kb::book::fmt(form));
        rep.exact("zhu:2.2.2", "vᵀBv < 0 and the exact test refuses B: no points have these distances",
                  form < 0 && !kb::is_psd_exact(B));
        const auto m = kb::ClassicalMds(kb::from_integers<R>(ex.D), {.components = 1, .input = kb::MdsInput::distances});
        rep.say("  eigenvalues (real50): " + vector_to_string(m.spectrum(), 8) + "; negative mass " +
                kb::book::fmt(m.negative_mass(), 6));
        write_spectrum(spectra, ex.csv, m.spectrum());
        try {
            (void)kb::ClassicalMds(kb::from_integers<R>(ex.D), {.components = m.positive() + 1, .input = kb::MdsInput::distances});
            rep.exact("zhu:2.2.2", "asking for one coordinate more than there are positive eigenvalues is refused",
                      false);
        } catch (const kb::error& e) {
            rep.exact("zhu:2.2.2", "asking for one coordinate more than there are positive eigenvalues is refused",
                      std::string(e.what()).find("positive eigenvalue") != std::string::npos);
        }
    }
    const Q L1 = kb::from_integers<rational>(symmetric_zero_diagonal(4, {1, 2, 1, 1, 2, 1}));
    rep.exact("zhu:2.2.2",
              "but −½ J D J of the city-block distances themselves is PSD: √(‖x − y‖₁) is Euclidean (ℓ¹ has negative type)",
              kb::is_psd_exact(kb::gram_from_squared_distances(L1)));
    rep.say("Schoenberg for three points, exactly: −½ J D² J ⪰ 0 iff the triangle inequality holds");
    for (const auto& t : std::vector<std::array<long, 3>>{{3, 4, 5}, {1, 1, 2}, {1, 1, 3}, {2, 9, 6}}) {
        const IntMatrix Dt = symmetric_zero_diagonal(3, {t[0], t[1], t[2]});
        const bool triangle = t[0] <= t[1] + t[2] && t[1] <= t[0] + t[2] && t[2] <= t[0] + t[1];
        const bool psd = kb::is_psd_exact(kb::gram_from_squared_distances(kb::from_integers<rational>(IntMatrix(Dt.cwiseProduct(Dt)))));
        rep.exact("zhu:2.2.2", "d = (" + std::to_string(t[0]) + ", " + std::to_string(t[1]) + ", " +
                                   std::to_string(t[2]) + "): triangle inequality " + (triangle ? "holds" : "fails") +
                                   ", B " + (psd ? "PSD" : "not PSD"),
                  psd == triangle);
    }

    // ------------------------------------------------------------------ errata
    rep.section("Errata in zhu §1 and §2.2.2, and remarks on them");
    {
        const Q Yu = kb::from_integers<rational>((IntMatrix(4, 2) << 10, 3, 10, -3, 11, 0, 9, 0).finished());
        const Q Yuc = kb::center_columns(Yu);
        const Q YtY = Yu.transpose() * Yu, S3 = Yuc.transpose() * Yuc;
        rep.say("points (10, ±3), (11, 0), (9, 0): YᵀY =\n" + matrix_to_string(YtY, 4) + "  (N − 1)S = Y_cᵀY_c =\n" +
                matrix_to_string(S3, 4));
        rep.remark("zhu:1.2.1", "“the columns of V are the eigenvectors of (n − 1)S = YᵀY”",
                   "right under §1.1's standing assumption that the data are centred (n is the number of points N); "
                   "the assumption is what makes it true, since in general YᵀY = (N − 1)S + N μᵀμ: for these "
                   "uncentred points the leading eigenvector of YᵀY is e₁ (the mean), that of S is e₂",
                    YtY != S3 && YtY(0, 0) > YtY(1, 1) && S3(1, 1) > S3(0, 0) && YtY(0, 1) == 0 && S3(0, 1) == 0);
    }
    // A rational rotation of the plane (cos, sin) = (3/5, 4/5).
    Q rot(2, 2);
    rot << rational(3, 5), rational(-4, 5), rational(4, 5), rational(3, 5);
    {
        const Q Ysq = kb::from_integers<rational>((IntMatrix(4, 2) << 1, 1, -1, 1, -1, -1, 1, -1).finished());
        const Q YtY = Ysq.transpose() * Ysq;
        rep.say("the corners (±1, ±1) of a square (centred): YᵀY =\n" + matrix_to_string(YtY, 4));
        rep.remark("zhu:1.2.1", "“the same eigenvalues D² (normally ordered d₁ > … > d_r)”",
                    "“normally”: in general d₁ ≥ … ≥ d_r, singular values can be equal (here d₁ = d₂ = 2), and then the eigenvectors, "
                    "and the scores, are determined only up to a rotation inside the eigenspace: "
                    "YᵀY R = 4R and (YR)(YR)ᵀ = YYᵀ for the rotation R with cos = 3/5",
                    YtY == Q(rational(4) * Q::Identity(2, 2)) && Q(YtY * rot) == Q(rational(4) * rot) &&
                        Q(Ysq * rot) != Ysq && Q((Ysq * rot) * (Ysq * rot).transpose()) == Q(Ysq * Ysq.transpose()));
    }
    {
        Q rot3 = Q::Identity(3, 3);
        rot3.topLeftCorner(2, 2) = rot;
        const Q X = Ycq, XR = Ycq * rot3; // two exact solutions of zhu:def1 with p = 3 for the six points
        rep.erratum("zhu:1.2.2", "“XXᵀ = (UD)(UD)ᵀ. Therefore, the score matrix X = UD”",
                    "XXᵀ determines X only up to X ↦ XR with R orthogonal: every XR solves zhu:def1 equally well. "
                    "Choosing R so that the columns are the eigenvectors (R = I up to column signs) gives the PCA "
                    "scores UD. Six points: X = Y_c and X = Y_c·R (rotation in the first two axes) give the same "
                    "Gram matrix B, objective 0 for both, X ≠ XR",
                    XR != X && Q(XR * XR.transpose()) == Bq && kb::classical_mds_objective(Bq, XR) == rational(0) &&
                        kb::classical_mds_objective(Bq, X) == rational(0));
    }
    {
        rep.precision<R>();
        const Matrix<R> Y5 = kb::from_integers<R>((IntMatrix(5, 2) << 0, 0, 4, 0, 0, 3, 4, 3, 2, 1).finished());
        const Matrix<R> D5 = kb::distances(Y5);
        const auto m = kb::ClassicalMds(D5, {.components = 1, .input = kb::MdsInput::distances});
        const Matrix<R> X1 = kb::guttman_transform(D5, m.coordinates());
        const R stress0 = kb::mds_stress(D5, m.coordinates()), stress1 = kb::mds_stress(D5, X1);
        const R strain0 = kb::classical_mds_objective(m.gram(), m.coordinates()), strain1 = kb::classical_mds_objective(m.gram(), X1);
        rep.say("five points (0,0), (4,0), (0,3), (4,3), (2,1) placed on a line (p = 1):\n"
                "  classical MDS:           stress Σ(d − d̂)² = " + kb::book::fmt(stress0, 8) + ",  strain ‖B − XXᵀ‖²_F = " +
                kb::book::fmt(strain0, 8) + "\n  after one Guttman step:  stress Σ(d − d̂)² = " + kb::book::fmt(stress1, 8) +
                ",  strain ‖B − XXᵀ‖²_F = " + kb::book::fmt(strain1, 8));
        rep.erratum("zhu:mds-setup", "“to minimize the dissimilarity difference is equivalent to minimize the similarity "
                    "difference”",
                    "the two problems have different minimisers: the classical MDS solution minimises the strain "
                    "(zhu:def1) but one SMACOF step lowers its stress by " +
                        kb::book::fmt(R(100 * (stress0 - stress1) / stress0), 3) +
                        " % while raising the strain; they agree only when an exact embedding exists (p ≥ rank)",
                    stress1 < stress0 && strain1 > strain0);
    }
    {
        const Q B1 = kb::gram_from_squared_distances(
            kb::from_integers<rational>(IntMatrix(symmetric_zero_diagonal(4, {1, 4, 1, 1, 4, 1}))));
        rep.erratum("zhu:2.2.2", "“if the distance is other type rather than the Euclidean one, we can also apply this "
                    "formula (but the kernel will be unknown)”",
                    "for a non-Euclidean D, −½ J D² J need not be a kernel matrix at all: the city-block square "
                    "gives an eigenvalue −1, and a matrix with a negative eigenvalue is the Gram matrix of no "
                    "feature map (chapter 4); classical MDS then keeps the positive part and reports what it lost",
                    !kb::is_psd_exact(B1));
    }
    rep.say("\nNotation: in “YYᵀ = U_{N×q} D²_{q×q} U_{q×N}ᵀ” the subscript of a transposed factor gives the shape "
            "after transposition (Uᵀ is q×N), the convention of the whole section; read it as (U_{N×q})ᵀ.");
    return rep.finish();
}

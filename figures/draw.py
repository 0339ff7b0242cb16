#!/usr/bin/python3
"""Draws every figure of the book from the CSV files the chapter programs write.

    cmake --build build --target figures          (runs the chapter programs first)
    /usr/bin/python3 figures/draw.py --data build/book/data --out figures/img [NAME ...]

Each chapter program writes its figure data under <build>/book/data/NN-topic/; this script
reads them and writes one PNG per figure to figures/img/ of the source tree, where the
README and the HTML book (Doxygen's IMAGE_PATH) find them. The PNGs are committed, so
neither reading the book nor running the tests needs matplotlib.

The figures of the chapter 8 experiment (ghiasi Figures 1-4) need the CSVs of
`cmake --build build --target experiment`; without them those figures are skipped and
the script says so. NAME restricts the run to the named figures (file names without .png).

Output is deterministic: Agg backend, no timestamps or software tag in the PNG metadata,
fixed hash salt; the same data and matplotlib version give byte-identical files.
"""
import argparse
import csv
import math
import os
import sys

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.lines import Line2D
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"draw.py: matplotlib and numpy are needed to draw the figures ({e}); install the Debian "
             "package python3-matplotlib and run the script with /usr/bin/python3")

plt.rcParams.update({
    "svg.hashsalt": "kernelbook",
    "font.size": 10,
    "axes.titlesize": 10.5,
    "axes.labelsize": 10,
    "legend.fontsize": 9,
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "axes.grid": True,
    "grid.alpha": 0.3,
})

DPI = 100
# Machine epsilon ε(T) of the book's three floating-point types (kb::epsilon<T>(): double has
# a 53-bit significand, kb::real50 168 bits and kb::real100 334 bits, as MPFR gives 50 and 100
# decimal digits); the chapter programs print them ("precision: real50 (…, ε = 5.35e-51)").
EPS = {"double": 2.0 ** -52, "real50": 2.0 ** -167, "real100": 2.0 ** -333}
SCALAR_STYLE = {  # one colour and marker per arithmetic, in every figure
    "double": dict(color="tab:blue", marker="o"),
    "real50": dict(color="tab:orange", marker="s"),
    "real100": dict(color="tab:green", marker="^"),
    "rational": dict(color="tab:purple", marker="D"),
}
# ch05_mercer: a Nyström eigenvalue counts as resolved while it is within this relative
# distance of the closed form (on the figure's log axis a 10 % difference is invisible).
RESOLVED_REL = 0.1
CLASS_COLORS = ["tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple"]


class MissingData(Exception):
    """A CSV a figure needs does not exist."""


def read_csv(path):
    """Returns (header, rows) of a CSV file; rows are lists of strings."""
    if not os.path.exists(path):
        raise MissingData(path)
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def columns(path, names=None):
    """Reads a numeric CSV into a dict name -> numpy array (all columns, or the given ones)."""
    header, rows = read_csv(path)
    names = names or header
    idx = {h: i for i, h in enumerate(header)}
    return {n: np.array([float(r[idx[n]]) if r[idx[n]] != "" else math.nan for r in rows]) for n in names}


def save(fig, out_dir, name, written, tight=True):
    """Writes the PNG (no software tag or date: deterministic bytes). tight=False keeps the
    figure's own layout (the tight box of 3-D axes can cut off their z label)."""
    path = os.path.join(out_dir, name + ".png")
    fig.savefig(path, dpi=DPI, metadata={"Software": None}, bbox_inches="tight" if tight else None,
                pad_inches=0.08)
    plt.close(fig)
    written.append(path)


def tex_number(v):
    """A number for a TeX label: a power of ten as 10^{k}, others in %g form."""
    if v > 0:
        k = round(math.log10(v))
        if abs(v - 10.0 ** k) <= 1e-9 * v:
            return "10" if k == 1 else "1" if k == 0 else f"10^{{{k}}}"
    return f"{v:g}"


def eps_name(scalar):
    return {"double": "double", "real50": "real50", "real100": "real100"}[scalar]


# ---------------------------------------------------------------- chapter 1
def ch01_regression(data, out, written):
    """beeny Figure 1: y against x, against z = x², and the 3-D view over (x, x²)."""
    d = os.path.join(data, "01-pca")
    pts = columns(os.path.join(d, "fig1_points.csv"))
    cur = columns(os.path.join(d, "fig1_curve.csv"))
    pl = columns(os.path.join(d, "fig1_plane.csv"))
    fig = plt.figure(figsize=(12, 3.8))
    # (a) and (b): the data and the fitted curve, against x and against the derived z = x².
    panels = [("x", r"fit $\hat y = a_0 + a_1x + a_2x^2$", "$x$", "(a) $y$ against $x$: a quadratic trend",
               "upper center"),
              ("z", r"$\hat y$ along the curve ($z = x^2$)", "derived feature $z = x^2$",
               "(b) $y$ against the derived feature $z = x^2$", "upper left")]
    for i, (var, fit_label, xlabel, title, legend_at) in enumerate(panels):
        ax = fig.add_subplot(1, 3, i + 1)
        ax.plot(cur[var], cur["yhat"], color="tab:red", label=fit_label)
        ax.scatter(pts[var], pts["y"], color="tab:blue", zorder=3, label="data")
        ax.set_xlabel(xlabel)
        ax.set_ylabel("$y$")
        ax.set_title(title)
        ax.legend(loc=legend_at)
    ax = fig.add_subplot(1, 3, 3, projection="3d")
    xs, zs = np.unique(pl["x"]), np.unique(pl["z"])
    Y = pl["yhat"].reshape(len(xs), len(zs))
    Xg, Zg = np.meshgrid(xs, zs, indexing="ij")
    ax.plot_wireframe(Xg, Zg, Y, color="tab:red", linewidth=0.6, alpha=0.6)
    ax.plot(cur["x"], cur["z"], cur["yhat"], color="tab:red", linewidth=2)
    ax.scatter(pts["x"], pts["z"], pts["y"], color="tab:blue", depthshade=False)
    ax.set_xlabel("$x$")
    ax.set_ylabel("$z = x^2$")
    ax.set_zlabel("$y$")
    ax.set_title(r"(c) plane $\hat y = a_0 + a_1x + a_2z$ over $(x, z)$")
    ax.view_init(elev=20, azim=-60)
    fig.subplots_adjust(left=0.05, right=0.95, bottom=0.14, top=0.9, wspace=0.28)
    save(fig, out, "ch01_regression", written, tight=False)


def ch01_lines(data, out, written):
    """beeny Figure 2: OLS with its vertical residuals, TLS (PCA) with its orthogonal ones.
    Each residual runs from a data point to its foot on the line (a small dark dot): in (b)
    neighbouring points have nearly the same foot, and without the dots their two
    residuals would read as a segment joining the points."""
    d = os.path.join(data, "01-pca")
    pts = columns(os.path.join(d, "fig2_points.csv"))
    _, lines = read_csv(os.path.join(d, "fig2_lines.csv"))
    fig, axes = plt.subplots(1, 2, figsize=(10, 4.0), sharex=True, sharey=True)
    for ax, (kind, resid_file, title) in zip(axes, [
            ("OLS", "fig2_ols_residuals.csv", "(a) ordinary least squares: vertical residuals"),
            ("TLS", "fig2_tls_residuals.csv", "(b) total least squares (PCA): orthogonal residuals")]):
        r = columns(os.path.join(d, resid_file))
        line = next(l for l in lines if l[0] == kind)
        x0, y0, x1, y1 = map(float, line[1:])
        for i in range(len(r["x"])):
            ax.plot([r["x"][i], r["x_line"][i]], [r["y"][i], r["y_line"][i]], color="tab:gray", linewidth=1.2,
                    zorder=2)
        ax.plot([x0, x1], [y0, y1], color="tab:red", linewidth=2, zorder=1)
        ax.plot(r["x_line"], r["y_line"], "o", color="black", markersize=3, zorder=4)
        ax.scatter(pts["x"], pts["y"], color="tab:blue", zorder=3)
        ax.set_aspect("equal")
        ax.set_xlabel("$x$")
        ax.set_title(title)
    axes[0].set_ylabel("$y$")
    # One legend for both panels, below them: inside, any corner covers a point or a residual.
    fig.legend(handles=[
        Line2D([], [], color="tab:red", linewidth=2, label="the fitted line: OLS in (a), TLS in (b)"),
        Line2D([], [], linestyle="none", marker="o", color="tab:blue", label="data"),
        Line2D([], [], color="tab:gray", linewidth=1.2, label="residuals (the line minimises the sum of their squares)"),
        Line2D([], [], linestyle="none", marker="o", markersize=3, color="black",
               label="foot of a residual on the line")],
        loc="lower center", ncol=2, fontsize=9, frameon=False, bbox_to_anchor=(0.5, 0.0))
    fig.subplots_adjust(bottom=0.2, top=0.93, wspace=0.12)
    save(fig, out, "ch01_lines", written)


# ---------------------------------------------------------------- chapter 2
def ch02_europe(data, out, written):
    """The 2-D classical MDS map of the great-circle distances of ten European capitals."""
    header, rows = read_csv(os.path.join(data, "02-classical-mds", "europe_map.csv"))
    fig, ax = plt.subplots(figsize=(6.4, 5.6))
    xs = [float(r[1]) for r in rows]
    ys = [float(r[2]) for r in rows]
    ax.scatter(xs, ys, color="tab:blue", zorder=3)
    for r, x, y in zip(rows, xs, ys):
        ax.annotate(r[0], (x, y), textcoords="offset points", xytext=(5, 4))
    ax.set_aspect("equal")
    ax.margins(0.15)
    ax.set_xlabel("MDS coordinate 1 (km)")
    ax.set_ylabel("MDS coordinate 2 (km)")
    ax.set_title("Classical MDS of great-circle distances: the map of Europe\n"
                 "(recovered from distances alone; axes up to rotation and reflection)")
    save(fig, out, "ch02_europe_map", written)


def ch02_spectra(data, out, written):
    """The eigenvalues of B = −½JD⁽²⁾J for every example: negative ones mean 'not Euclidean'."""
    _, rows = read_csv(os.path.join(data, "02-classical-mds", "spectra.csv"))
    examples = {}
    for r in rows:  # example names may contain commas: the last three fields are numbers
        name = ",".join(r[:-3]).strip()
        examples.setdefault(name, []).append((int(r[-3]), float(r[-1])))
    floor = 1e-12
    n = len(examples)
    ncols = 4
    nrows = math.ceil((n + 1) / ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(13, 3.1 * nrows), squeeze=False)
    flat = axes.ravel()
    for ax, (name, vals) in zip(flat, examples.items()):
        j = np.array([v[0] for v in vals])
        rel = np.array([v[1] for v in vals])
        pos, neg, zero = rel >= floor, rel <= -floor, np.abs(rel) < floor
        ax.semilogy(j[pos], rel[pos], "o", color="tab:blue")
        ax.semilogy(j[neg], -rel[neg], "v", color="tab:red", markerfacecolor="none", markeredgewidth=1.5)
        ax.semilogy(j[zero], np.full(zero.sum(), floor), "x", color="tab:gray")
        ax.set_ylim(floor / 5, 3)
        ax.set_xticks(j if len(j) <= 10 else j[::2])
        ax.set_title(name)
        ax.set_xlabel("$j$")
    for row in axes:
        row[0].set_ylabel(r"$|\lambda_j| \,/\, \mathrm{max}_i\, |\lambda_i|$")
    for ax in flat[n:]:
        ax.axis("off")
    flat[n].legend(handles=[
        Line2D([], [], linestyle="none", marker="o", color="tab:blue", label=r"$\lambda_j > 0$"),
        Line2D([], [], linestyle="none", marker="v", color="tab:red", markerfacecolor="none",
               markeredgewidth=1.5, label=r"$\lambda_j < 0$: not Euclidean"),
        Line2D([], [], linestyle="none", marker="x", color="tab:gray",
               label=r"$|\lambda_j| < 10^{-12}\,\mathrm{max}_i\, |\lambda_i|$ (zero up to rounding, real50)")],
        loc="center", title=r"eigenvalues of $B = -\frac{1}{2}JD^{(2)}J$", frameon=False)
    fig.tight_layout()
    save(fig, out, "ch02_spectra", written)


# ---------------------------------------------------------------- chapter 3
def ch03_error_vs_rank(data, out, written):
    """Eckart–Young: the error of the truncation G_p against p, computed and predicted.

    Where the error is zero (p ≥ rank) a log axis cannot show it: a line drawn to the
    computed rounding noise (~1e-47 in real50) or clipped at 0 would fall off the axis one
    step early. The lines end at their last nonzero value, and a strip under the log axis
    marks the zeros: predicted exactly 0, computed at the rounding level of real50."""
    c = columns(os.path.join(data, "03-eckart-young", "error_vs_rank.csv"))
    p = c["p"]
    scale = float(np.nanmax(c["frobenius_predicted"]))
    # Zero up to rounding: below a relative 1e-30, far above real50's ε ≈ 5e-51 and far below
    # any genuine error of this example (the smallest is λ_rank = 1).
    zero_floor = 1e-30 * scale
    fig, (ax, az) = plt.subplots(2, 1, figsize=(7.2, 5.3), sharex=True,
                                 gridspec_kw={"height_ratios": [6, 1], "hspace": 0.08})
    series = [  # column, line style, colour, label
        ("frobenius_predicted", dict(linestyle="-", alpha=0.5, linewidth=4), "tab:blue",
         r"$(\Sigma_{j>p}\,\lambda_j^2)^{1/2}$ (predicted)"),
        ("frobenius_computed", dict(linestyle="none", marker="o"), "tab:blue",
         r"$\Vert G - G_p\Vert _F$ computed (real50)"),
        ("spectral_predicted", dict(linestyle="-", alpha=0.5, linewidth=4), "tab:orange",
         r"$\lambda_{p+1}$ (predicted)"),
        ("spectral_computed", dict(linestyle="none", marker="s"), "tab:orange",
         r"$\Vert G - G_p\Vert _2$ computed (real50)"),
        ("frobenius_smallest_p", dict(linestyle="--", marker="^"), "tab:gray",
         r"$\Vert G - G_p\Vert _F$ keeping the $p$ smallest $\lambda_j$"),
    ]
    noise = []
    for col, style, color, label in series:
        y = c[col]
        nz = np.abs(y) >= zero_floor
        ax.plot(p[nz], y[nz], color=color, label=label, **style)
        zs = dict(style)
        if zs.get("linestyle") == "--":
            zs["linestyle"] = "none"
        az.plot(p[~nz], np.zeros((~nz).sum()), color=color, **zs)
        noise += [v for v in y[~nz] if v != 0]
    rank = int(p[np.abs(c["frobenius_predicted"]) < zero_floor].min())
    ax.set_yscale("log")
    ax.set_ylim(0.5, 300)
    ax.set_ylabel("error")
    ax.set_title(r"Eckart–Young: error of $G_p$ for $\lambda = (100, 60, 35, 20, 10, 5, 2, 1, 0, 0)$, rank "
                 f"{rank}\n(the best error is zero for $p \\geq {rank}$; zeros are shown in the strip under the log axis)")
    ax.legend(loc="lower left", fontsize=8.5)
    az.set_ylim(-1, 1)
    az.set_yticks([0])
    az.set_yticklabels(["0"])
    az.grid(False)
    az.text(rank - 0.8, 0, "zero: predicted exactly;\ncomputed in real50: "
            + (f"{min(noise):.1e} … {max(noise):.1e}" if noise else "exactly 0"),
            ha="right", va="center", fontsize=8.5)
    az.set_xlabel("rank $p$ of the approximation")
    az.set_xticks(p)
    az.set_xlim(p.min() - 0.5, p.max() + 0.5)
    save(fig, out, "ch03_error_vs_rank", written)


def ch03_precision(data, out, written):
    """The same identity in double, real50, real100: error in units of ε‖G‖_F against n."""
    header, rows = read_csv(os.path.join(data, "03-eckart-young", "error_vs_precision.csv"))
    idx = {h: i for i, h in enumerate(header)}
    fig, ax = plt.subplots(figsize=(7.2, 4.4))
    scalars = ["double", "real50", "real100"]
    offsets = {"double": -0.06, "real50": 0.0, "real100": 0.06}
    for s in scalars:
        sel = [r for r in rows if r[idx["scalar"]] == s]
        n = np.array([float(r[idx["n"]]) for r in sel])
        y = np.array([float(r[idx["error_over_eps_norm"]]) for r in sel])
        ax.plot(n * 2 ** offsets[s], y, linestyle="-", linewidth=1, markersize=7,
                label=f"{s} (ε = {EPS[s]:.2e})", **SCALAR_STYLE[s])
    ax.set_xscale("log", base=2)
    ns = sorted({float(r[idx["n"]]) for r in rows})
    ax.set_xticks(ns)
    ax.set_xticklabels([str(int(v)) for v in ns])
    ax.set_ylim(bottom=-0.3)
    ax.set_xlabel("matrix size $n$")
    ax.set_ylabel(r"error $/\,(\varepsilon\,\Vert G\Vert _F)$")
    ax.set_title(r"$|\,\Vert G - G_p\Vert _F - (\Sigma_{j>p}\,\lambda_j^2)^{1/2}|$, max over $p = n/4, n/2, 3n/4$,"
                 "\nin units of each type's ε: the same few ε in every precision (0: both sides agree to the last bit)")
    ax.legend(loc="upper left")
    save(fig, out, "ch03_error_vs_precision", written)


# ---------------------------------------------------------------- chapter 4
def ch04_lift(data, out, written):
    """zhu Figure 2 / zhu:ex3: two circles lifted by φ(y) = (y₁, y₂, y₁² + y₂²), separated by a plane."""
    c = columns(os.path.join(data, "04-kernels", "circles_lifted.csv"))
    fig = plt.figure(figsize=(11, 4.6))
    ax = fig.add_subplot(1, 2, 1)
    for k, rad in enumerate(sorted(set(c["radius"]))):
        m = c["radius"] == rad
        ax.scatter(c["y1"][m], c["y2"][m], color=CLASS_COLORS[k], label=f"circle of radius {rad:g}")
    ax.set_aspect("equal")
    ax.set_xlabel("$y_1$")
    ax.set_ylabel("$y_2$")
    ax.set_title("(a) in the plane: no line separates the circles")
    ax.legend(loc="upper right", fontsize=8)
    ax.set_xlim(-2.6, 2.6)
    ax.set_ylim(-2.6, 2.6)
    ax = fig.add_subplot(1, 2, 2, projection="3d")
    g = np.linspace(-2.2, 2.2, 12)
    G1, G2 = np.meshgrid(g, g)
    ax.plot_surface(G1, G2, np.full_like(G1, 2.5), color="tab:gray", alpha=0.25, linewidth=0)
    for k, rad in enumerate(sorted(set(c["radius"]))):
        m = c["radius"] == rad
        ax.scatter(c["y1"][m], c["y2"][m], c["x3"][m], color=CLASS_COLORS[k], depthshade=False)
    ax.set_xlabel("$x_1 = y_1$")
    ax.set_ylabel("$x_2 = y_2$")
    ax.set_zlabel("$x_3 = y_1^2 + y_2^2$")
    ax.set_title(r"(b) lifted to $\mathbb{R}^3$: the plane $x_3 = 5/2$ separates them")
    ax.view_init(elev=12, azim=-55)
    fig.subplots_adjust(left=0.06, right=0.93, bottom=0.1, top=0.9)
    save(fig, out, "ch04_circles_lifted", written, tight=False)


# ---------------------------------------------------------------- chapter 5
def ch05_mercer(data, out, written):
    """Mercer eigenvalue decay of the Gaussian kernel and the truncation error."""
    d = os.path.join(data, "05-rkhs")
    ev = columns(os.path.join(d, "mercer_eigenvalues.csv"))
    tr = columns(os.path.join(d, "mercer_truncation.csv"))
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
    ax = axes[0]
    i = ev["i"]
    leg = ev["lambda_legendre60_double"]
    pos = leg > 0
    ax.semilogy(i[pos], leg[pos], "o", color="tab:blue", markersize=4,
                label=r"$[-1, 1]$, measure $dx$: Gauss–Legendre, 60 nodes (double)")
    ax.semilogy(i[~pos], np.abs(leg[~pos]), "o", color="tab:blue", markerfacecolor="none", markersize=4,
                label="  the same, negative values ($|\\lambda_i|$, rounding)")
    ax.semilogy(i, ev["lambda_hermite_closed_form"], "-", color="tab:orange", linewidth=3, alpha=0.5,
                label=r"$\mathbb{R}$, measure $N(0, 1)$: $\lambda_i = 2^{-i}$ (closed form)")
    # The Nyström eigenvalues follow 2^{-i} only as far as the 80 nodes resolve the
    # eigenfunctions: found from the data as the indices before the first one whose relative
    # difference from the closed form exceeds RESOLVED_REL (solid squares); past it, hollow.
    ny, cf = ev["lambda_hermite80_nystrom_real50"], ev["lambda_hermite_closed_form"]
    rel = np.abs(ny - cf) / np.abs(cf)
    off = np.nonzero(~(rel <= RESOLVED_REL))[0]
    first_off = off[0] if len(off) else len(i)
    res = np.arange(len(i)) < first_off
    last = int(i[first_off - 1]) if first_off > 0 else 0
    ax.semilogy(i[res], ny[res], "s", color="tab:orange", markersize=3.5,
                label=f"  Nyström, 80 Gauss–Hermite nodes (real50): within {RESOLVED_REL:.0%} for $i \\leq {last}$")
    if (~res).any():
        ax.semilogy(i[~res], np.abs(ny[~res]), "s", color="tab:orange", markerfacecolor="none",
                    markersize=3.5, markeredgewidth=1,
                    label=f"  the same for $i > {last}$: not resolved by 80 nodes")
    ax.set_xlabel("index $i$")
    ax.set_ylabel(r"eigenvalue $\lambda_i$")
    ax.set_title(r"(a) Mercer eigenvalues of $k(x, y) = e^{-(x-y)^2}$")
    ax.set_ylim(1e-31, 10)
    # Below the axes: inside, the legend would hide the smallest eigenvalues.
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), fontsize=8.5, frameon=False)
    ax = axes[1]
    m = tr["m"]
    ax.semilogy(m, tr["sup_error_nodes"], "o-", color="tab:blue", markersize=3,
                label=r"$\mathrm{max}_j\, |k - k_m|$ at the 60 nodes")
    sel = ~np.isnan(tr["sup_error_new_points"])
    ax.semilogy(m[sel], tr["sup_error_new_points"][sel], "s--", color="tab:green", markersize=3,
                label=r"$\max |k - k_m|$ at 101 new points")
    l2 = tr["l2_error"]
    ax.semilogy(m[l2 > 0], l2[l2 > 0], "^-", color="tab:red", markersize=3,
                label=r"$L^2(\mu\otimes\mu)$ error $(\Sigma_{i>m}\,\lambda_i^2)^{1/2}$")
    ax.set_xlabel("number of terms $m$")
    ax.set_ylabel("truncation error")
    ax.set_title(r"(b) truncated expansion $k_m = \Sigma_{i\leq m}\,\lambda_i e_i(x)e_i(y)$ on $[-1, 1]$ (double)")
    ax.legend(loc="upper right", fontsize=8)
    save(fig, out, "ch05_mercer", written)


# ---------------------------------------------------------------- chapter 7
def ch07_s_curve(data, out, written):
    """zhu Figure 1: the S-shaped surface, PCA versus Gaussian kernel PCA."""
    c = columns(os.path.join(data, "07-kernel-pca", "s_curve.csv"))
    fig = plt.figure(figsize=(10, 7.8))
    ax = fig.add_subplot(2, 2, 1, projection="3d")
    sc = ax.scatter(c["x1"], c["x2"], c["x3"], c=c["t"], cmap="viridis", s=8, depthshade=False)
    ax.set_xlabel("$x_1$")
    ax.yaxis.set_rotate_label(False)  # upright, clear of the foreshortened axis's tick labels
    ax.set_ylabel("$x_2$", labelpad=10)
    ax.set_zlabel("$x_3$", labelpad=6)
    ax.set_box_aspect((1, 1, 1.6))
    ax.set_xticks([-1, 0, 1])
    ax.set_yticks([0, 1, 2])
    ax.set_title("(a) the S-shaped surface in $\\mathbb{R}^3$\n(colour: $t$, the coordinate along the S)")
    ax.view_init(elev=12, azim=-75)
    panels = [("pca1", "pca2", "t", "(b) PCA: scores on PC1, PC2 (colour: $t$)"),
              ("kpca1", "kpca2", "t", "(c) Gaussian kernel PCA (σ = 1): PC1, PC2 (colour: $t$)"),
              ("kpca1", "kpca5", "s", "(d) Gaussian kernel PCA: PC1, PC5\n(colour: $s$, the coordinate across the S)")]
    for k, (a, b, col, title) in enumerate(panels):
        ax = fig.add_subplot(2, 2, k + 2)
        sc = ax.scatter(c[a], c[b], c=c[col], cmap="viridis" if col == "t" else "plasma", s=8)
        ax.set_xlabel(a.replace("kpca", "kernel PC").replace("pca", "PC"))
        ax.set_ylabel(b.replace("kpca", "kernel PC").replace("pca", "PC"))
        ax.set_title(title)
        cb = fig.colorbar(sc, ax=ax, fraction=0.05, pad=0.03)
        cb.set_label(f"${col}$")
    fig.subplots_adjust(wspace=0.5, hspace=0.35)
    save(fig, out, "ch07_s_curve", written)


def ch07_rings(data, out, written):
    """beeny Figure 3 / beeny:ex4.1: three rings separated by Gaussian kernel PCA."""
    d = os.path.join(data, "07-kernel-pca")
    r = columns(os.path.join(d, "rings.csv"))
    g = columns(os.path.join(d, "rings_grid.csv"))
    gx, gy = np.unique(g["x"]), np.unique(g["y"])
    fig = plt.figure(figsize=(14.5, 4.6))
    rings = sorted(set(r["ring"]))
    levels3 = [np.mean(r["pc3"][r["ring"] == k]) for k in rings]
    for k, (comp, title) in enumerate([("pc1", "(a) PC1 over the plane (an angular component)"),
                                       ("pc3", "(b) PC3 over the plane (radial); black: the levels\n"
                                               "halfway between the rings' PC3 values separate them")]):
        ax = fig.add_axes([0.04 + 0.33 * k, 0.11, 0.23, 0.74])
        Z = g[comp].reshape(len(gx), len(gy)).T
        cf = ax.contourf(gx, gy, Z, levels=16, cmap="coolwarm")
        cb = fig.colorbar(cf, ax=ax, fraction=0.046, pad=0.03)
        cb.set_label(comp.upper() + " score")
        if comp == "pc3":
            cuts = sorted([(levels3[0] + levels3[1]) / 2, (levels3[1] + levels3[2]) / 2])
            ax.contour(gx, gy, Z, levels=cuts, colors="black", linewidths=1.8, linestyles="solid")
        for j, ring in enumerate(rings):
            m = r["ring"] == ring
            ax.scatter(r["x"][m], r["y"][m], s=6, color=CLASS_COLORS[j], edgecolor="white", linewidth=0.2)
        ax.set_aspect("equal")
        ax.set_xlabel("$x$")
        ax.set_ylabel("$y$")
        ax.set_title(title)
    ax = fig.add_axes([0.63, 0.0, 0.36, 0.92], projection="3d")
    for j, ring in enumerate(rings):
        m = r["ring"] == ring
        ax.scatter(r["pc1"][m], r["pc2"][m], r["pc3"][m], s=6, color=CLASS_COLORS[j], depthshade=False,
                   label=f"ring {j + 1} (radius {j + 1})")
    ax.set_xlabel("PC1")
    ax.set_ylabel("PC2")
    ax.set_zlabel("PC3")
    ax.set_xticks([-0.5, 0, 0.5])
    ax.set_yticks([-0.5, 0, 0.5])
    ax.set_zticks([-0.2, 0, 0.2])
    ax.set_box_aspect(None, zoom=1.0)
    ax.set_title("(c) the points in the space of PC1–PC3:\nplanes PC3 = const separate the rings", y=0.94)
    ax.view_init(elev=8, azim=-60)
    ax.legend(loc="center left", bbox_to_anchor=(0.02, 0.52), fontsize=8.5, markerscale=2.5, frameon=False)
    save(fig, out, "ch07_rings", written, tight=False)


def ch07_denoise(data, out, written):
    """Chapter 7, §7.13: noisy points of the three rings and their kernel-PCA pre-images."""
    d = columns(os.path.join(data, "07-kernel-pca", "denoise.csv"))
    fig, axes = plt.subplots(1, 2, figsize=(10.5, 5.0))
    t = np.linspace(0, 2 * np.pi, 400)
    for ax, (px, py, title) in zip(axes, [("noisy_x", "noisy_y", "(a) new points with noise (σ = 0.15)"),
                                          ("denoised_x", "denoised_y",
                                           "(b) their pre-images Γ(y(z)), p = 32, α = 0.1")]):
        for r in (1, 2, 3):
            ax.plot(r * np.cos(t), r * np.sin(t), color="0.75", linewidth=1.0, zorder=1)
        for j, ring in enumerate(sorted(set(d["ring"]))):
            m = d["ring"] == ring
            ax.scatter(d[px][m], d[py][m], s=7, color=CLASS_COLORS[j], edgecolor="white", linewidth=0.2, zorder=2,
                       label=f"ring {j + 1}")
        ax.set_aspect("equal")
        ax.set_xlim(-3.8, 3.8)
        ax.set_ylim(-3.8, 3.8)
        ax.set_xlabel("$x$")
        ax.set_ylabel("$y$")
        ax.set_title(title)
    axes[0].legend(loc="upper right", fontsize=8, markerscale=2, frameon=False)
    save(fig, out, "ch07_denoise", written)


def ch07_circles(data, out, written):
    """zhu:ex3 with kernel PCA: which component separates two circles, for three kernels."""
    c = columns(os.path.join(data, "07-kernel-pca", "circles.csv"))
    panels = [("linear_pc1", "linear_pc2", "(a) linear $x^\\top y$: PC1, PC2\n(the data rotated: no line separates)"),
              ("lift_pc1", "lift_pc2", "(b) lift $x^\\top y + \\Vert x\\Vert ^2\\Vert y\\Vert ^2$: PC1, PC2\n(PC1 separates)"),
              ("quad_pc1", "quad_pc2", "(c) $(x^\\top y)^2$: PC1, PC2, a tied pair\n(no line separates)"),
              ("quad_pc1", "quad_pc3", "(d) $(x^\\top y)^2$: PC1, PC3\n(PC3 separates)")]
    fig, axes = plt.subplots(1, 4, figsize=(14, 3.9))
    for ax, (a, b, title) in zip(axes, panels):
        for k in sorted(set(c["circle"])):
            m = c["circle"] == k
            ax.scatter(c[a][m], c[b][m], color=CLASS_COLORS[int(k)], s=14,
                       label=f"circle of radius {int(k) + 1}")
        ax.set_xlabel("PC" + a[-1])
        ax.set_ylabel("PC" + b[-1])
        ax.set_title(title)
        ax.set_aspect("equal", adjustable="datalim")
    axes[0].legend(loc="lower left", fontsize=8)
    fig.tight_layout()
    save(fig, out, "ch07_circles", written)


# ---------------------------------------------------------------- chapter 8
def ch08_conditioning(data, out, written):
    """Exactness error of the explicit map against κ(K), per precision."""
    header, rows = read_csv(os.path.join(data, "08-explicit-map", "conditioning.csv"))
    idx = {h: i for i, h in enumerate(header)}
    fig, axes = plt.subplots(1, 2, figsize=(12.5, 4.8))
    family_marker = {"gamma": "o", "close_points": "^"}
    kappa_all = np.array([float(r[idx["kappa_real100"]]) for r in rows])
    kk = np.logspace(math.log10(kappa_all.min()) - 0.5, math.log10(kappa_all.max()) + 0.5, 50)
    for s in ["double", "real50", "real100"]:
        col = SCALAR_STYLE[s]["color"]
        for fam, mk in family_marker.items():
            sel = [r for r in rows if r[idx["scalar"]] == s and r[idx["family"]] == fam]
            kappa = np.array([float(r[idx["kappa_real100"]]) for r in sel])
            err = np.array([float(r[idx["max_error"]]) for r in sel])
            built = np.array([r[idx["library"]] == "built" for r in sel])
            for ax, scale in [(axes[0], 1.0), (axes[1], EPS[s])]:
                ax.loglog(kappa[built], err[built] / scale, mk, color=col, markersize=6)
                ax.loglog(kappa[~built], err[~built] / scale, mk, color=col, markersize=6,
                          markerfacecolor="none", markeredgewidth=1.3)
        axes[0].loglog(kk, EPS[s] * np.sqrt(kk), ":", color=col, linewidth=1)
        # The library refuses when κ ≥ 1/(64 N ε); N = 10 for family A (N = 6 for B).
        axes[1].axvline(1 / (64 * 10 * EPS[s]), color=col, linestyle="--", linewidth=1)
    axes[1].loglog(kk, np.sqrt(kk), ":", color="black", linewidth=1)
    axes[0].set_ylabel(r"$\max|\langle\phi(x_n),\phi(z)\rangle - k(x_n, z)|$")
    axes[0].set_title(r"(a) exactness error of the map $K^{-1/2}k_z$ (dotted: $\varepsilon\sqrt{\kappa}$)")
    axes[1].set_ylabel(r"the same error $/\ \varepsilon$ of its type")
    axes[1].set_title("(b) in units of $\\varepsilon$: one law $\\sqrt{\\kappa}$ (dotted) until the library refuses\n"
                      r"(dashed: $\kappa = 1/(64N\varepsilon)$, $N = 10$); refused maps saturate near $1/\sqrt{\varepsilon}$")
    for ax in axes:
        ax.set_xlabel(r"condition number $\kappa(K) = \lambda_{\max}/\lambda_{\min}$ (computed in real100)")
    handles = [Line2D([], [], linestyle="none", marker="o", color=SCALAR_STYLE[s]["color"], label=s)
               for s in ["double", "real50", "real100"]]
    def param_range(fam):  # the family's parameters, largest to smallest, in TeX
        v = sorted({float(r[idx["parameter"]]) for r in rows if r[idx["family"]] == fam}, reverse=True)
        return f"{tex_number(v[0])}, \\ldots, {tex_number(v[-1])}" if v else "?"
    handles += [Line2D([], [], linestyle="none", marker="o", color="black",
                       label=f"A: 10 points, $\\gamma = {param_range('gamma')}$"),
                Line2D([], [], linestyle="none", marker="^", color="black",
                       label=f"B: a point at distance $\\delta = {param_range('close_points')}$"),
                Line2D([], [], linestyle="none", marker="o", color="black", markerfacecolor="none",
                       label="bare formula where the library refuses")]
    axes[1].legend(handles=handles, loc="upper left", fontsize=8)
    axes[0].set_ylim(1e-105, 1e3)
    fig.tight_layout()
    save(fig, out, "ch08_conditioning", written)


def ch08_nystrom(data, out, written):
    """Nyström error against the number of landmarks m."""
    header, rows = read_csv(os.path.join(data, "08-explicit-map", "nystrom.csv"))
    idx = {h: i for i, h in enumerate(header)}
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.2), gridspec_kw={"width_ratios": [1, 1, 0.8]})
    style = {"given": dict(color="tab:blue", marker="o"), "greedy": dict(color="tab:red", marker="s")}
    floor = 1e-3
    notes = {}
    for k, (col, title) in enumerate([("max_error_train", "(a) Gaussian kernel, pairs of the 20 training points"),
                                      ("max_error_cross", "(b) Gaussian kernel, training × 10 test points")]):
        ax = axes[k]
        for order in ["given", "greedy"]:
            for s, ls in [("double", "-"), ("real50", "none")]:
                sel = [r for r in rows if r[idx["kernel"]] == "gaussian" and r[idx["order"]] == order
                       and r[idx["scalar"]] == s]
                m = np.array([float(r[idx["m"]]) for r in sel])
                e = np.array([float(r[idx[col]]) for r in sel])
                keep = e >= floor
                st = dict(style[order])
                if s == "real50":
                    st.update(markerfacecolor="none", markersize=9)
                ax.semilogy(m[keep], e[keep], linestyle=ls, label=f"{order} landmarks ({s})", **st)
                notes.setdefault(col, []).append(f"{order}, {s}: {e[~keep][-1]:.1e}" if (~keep).any() else "")
        ax.set_ylim(floor, 2)
        ax.set_xlim(0, 21)
        ax.set_xticks([1, 4, 8, 12, 16, 20])
        ax.set_xlabel("number of landmarks $m$")
        ax.set_ylabel(r"$\max |k - \hat k_m|$")
        ax.set_title(title)
        txt = "at $m = N = 20$ (below the axis):\n" + "\n".join(n for n in notes[col] if n)
        ax.text(0.03, 0.05, txt, transform=ax.transAxes, fontsize=8, va="bottom",
                bbox=dict(facecolor="white", edgecolor="lightgray"))
        ax.legend(loc="center left", fontsize=8)
    ax = axes[2]
    sel = [r for r in rows if r[idx["kernel"]] == "polynomial2"]
    m = np.array([float(r[idx["m"]]) for r in sel])
    ax.plot(m, [float(r[idx["max_error_train"]]) for r in sel], "D-", color="tab:purple", label="training pairs")
    ax.plot(m, [float(r[idx["max_error_cross"]]) for r in sel], "o--", color="tab:green",
            label="training × test")
    ax.set_xlabel("number of landmarks $m$")
    ax.set_ylabel(r"$\max |k - \hat k_m|$")
    ax.set_title("(c) $(1 + x^\\top y)^2$ on $\\mathbb{R}^2$ (rational):\nexactly 0 at $m = 6$ = its number of features")
    ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    save(fig, out, "ch08_nystrom", written)


def experiment_summary(exp_dir):
    """dataset -> kernel -> {accuracy, rank, n_train} (those given), from experiment_summary.csv
    if it exists."""
    try:
        header, rows = read_csv(os.path.join(exp_dir, "experiment_summary.csv"))
    except MissingData:
        return {}
    idx = {h: i for i, h in enumerate(header)}
    out = {}
    for r in rows:
        info = {}
        for col in ("accuracy", "rank", "n_train"):
            try:
                info[col] = float(r[idx[col]])
            except (KeyError, ValueError, IndexError):
                pass
        if "dataset" in idx and "kernel" in idx:
            out.setdefault(r[idx["dataset"]], {})[r[idx["kernel"]]] = info
    return out


def experiment_silhouette(exp_dir, dataset, kernel):
    """label -> mean silhouette width of the t-SNE embedding ('all': of every point), from
    experiment_<dataset>_<kernel>_silhouette.csv (written by tsne.py) if it exists."""
    try:
        header, rows = read_csv(os.path.join(exp_dir, f"experiment_{dataset}_{kernel}_silhouette.csv"))
    except MissingData:
        return {}
    idx = {h: i for i, h in enumerate(header)}
    return {r[idx["label"]]: float(r[idx["silhouette"]]) for r in rows}


DATASET_TITLE = {"digits": "scikit-learn digits 8×8", "fashion": "Fashion-MNIST 28×28"}
CLASS_NAMES = {"digits": {2: "digit 2", 4: "digit 4", 7: "digit 7"},
               "fashion": {2: "2 pullover", 4: "4 coat", 7: "7 sneaker"}}
KERNEL_TITLE = {"k1": r"$k_1 = \langle x, z\rangle^9$, pixels in $[0, 1]$",
                "k2": r"$k_2 = ((\langle 2x-1, 2z-1\rangle + 1)/2)^9$"}


def experiment(exp_dir, out, written, kind):
    """ghiasi Figures 1–4: t-SNE (kind 'tsne') or Fisher features (kind 'fisher') of the
    explicitly mapped test images, k1 and k2 side by side, for each data set found."""
    acc = experiment_summary(exp_dir)
    drawn = 0
    for dataset in ["digits", "fashion"]:
        paths = {k: os.path.join(exp_dir, f"experiment_{dataset}_{k}_{kind}.csv") for k in ["k1", "k2"]}
        if not all(os.path.exists(p) for p in paths.values()):
            continue
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.8))
        for ax, k in zip(axes, ["k1", "k2"]):
            header, rows = read_csv(paths[k])
            idx = {h: i for i, h in enumerate(header)}
            if kind == "fisher":
                rows = [r for r in rows if r[idx["split"]] == "test"]
                a, b = "f1", "f2"
            else:
                a, b = "t1", "t2"
            labels = sorted({int(r[idx["label"]]) for r in rows})
            for j, lab in enumerate(labels):
                sel = [r for r in rows if int(r[idx["label"]]) == lab]
                ax.scatter([float(r[idx[a]]) for r in sel], [float(r[idx[b]]) for r in sel], s=7,
                           color=CLASS_COLORS[j], alpha=0.75,
                           label=CLASS_NAMES.get(dataset, {}).get(lab, f"class {lab}"))
            title = KERNEL_TITLE[k]
            info = acc.get(dataset, {}).get(k, {})
            if "accuracy" in info:
                title += f"\ntest accuracy (nearest class mean, Fisher 2-D): {info['accuracy']:.3f}"
            if "rank" in info and "n_train" in info:
                title += f"\nrank of $K$: {info['rank']:.0f} of {info['n_train']:.0f}"
            if kind == "tsne":
                sil = experiment_silhouette(exp_dir, dataset, k)
                if sil:
                    names = CLASS_NAMES.get(dataset, {})
                    # "digit 2" stays whole, "2 pullover" becomes "pullover"
                    short = {c: (n if n.startswith("digit") else n.split()[-1]) for c, n in names.items()}
                    parts = ", ".join(f"{short.get(int(c), c)}: {v:.3f}" for c, v in sil.items() if c != "all")
                    title += f"\nsilhouette in 2-D: {sil['all']:.3f} ({parts})"
            ax.set_title(title)
            if kind == "fisher":
                ax.set_xlabel("Fisher direction 1")
                ax.set_ylabel("Fisher direction 2")
            else:
                ax.set_xlabel("t-SNE 1")
                ax.set_ylabel("t-SNE 2")
            ax.legend(loc="best", fontsize=8, markerscale=2)
        what = ("t-SNE of the explicitly mapped test images" if kind == "tsne"
                else "Fisher features of the explicitly mapped test images")
        fig.suptitle(f"{DATASET_TITLE.get(dataset, dataset)}: {what}\n"
                     r"(the map $\phi(z) = (K^{+})^{1/2}k_z$, $K^{+}$ the pseudo-inverse of the training images' Gram matrix $K$;"
                     "\n" r"$\langle x, z\rangle = x^\top z/q$, $q$ pixels)",
                     fontsize=11)
        fig.tight_layout()
        save(fig, out, f"experiment_{dataset}_{kind}", written)
        drawn += 1
    if not drawn:
        raise MissingData(os.path.join(exp_dir, f"experiment_<dataset>_k1_{kind}.csv"))


CLASSIFIER_TITLE = {"fisher": "Fisher, ρ = 0 (the book's)", "ridge_fisher": "Fisher, ρ chosen on training",
                    "1nn": "1-nearest-neighbour", "logreg": "logistic regression (liblinear)"}


def experiment_paired(exp_dir, out, written):
    """The study of §8.10: the paired differences k2 − k1 of the test accuracy, mean, 95 %
    t-interval and the corrected resampled (Nadeau–Bengio) 95 % interval over the splits, per
    data set, class triple and classifier."""
    header, rows = read_csv(os.path.join(exp_dir, "experiment_paired.csv"))
    idx = {h: i for i, h in enumerate(header)}
    datasets = [d for d in ["digits", "fashion"] if any(r[idx["dataset"]] == d for r in rows)]
    clfs = ["fisher", "ridge_fisher", "1nn", "logreg"]
    markers = ["o", "s", "D", "^"]
    fig, axes = plt.subplots(1, len(datasets), figsize=(5.6 * len(datasets), 4.6), squeeze=False)
    for ax, dataset in zip(axes[0], datasets):
        sel = [r for r in rows if r[idx["dataset"]] == dataset]
        triples = []
        for r in sel:
            key = (r[idx["triple"]], r[idx["rule"]], r[idx["per_class"]])
            if key not in triples:
                triples.append(key)
        for j, clf in enumerate(clfs):
            for i, key in enumerate(triples):
                r = next(r for r in sel if (r[idx["triple"]], r[idx["rule"]], r[idx["per_class"]]) == key
                         and r[idx["classifier"]] == clf)
                m, lo, hi = (float(r[idx[c]]) for c in ("mean_k2_minus_k1", "lower", "upper"))
                y = i + (j - 1.5) * 0.18
                # The corrected resampled interval (Nadeau–Bengio: the splits share images) as a
                # wide pale bar under the plain t-interval.
                clo, chi = (float(r[idx[c]]) for c in ("corrected_lower", "corrected_upper"))
                ax.plot([clo, chi], [y, y], color=CLASS_COLORS[j], lw=5, alpha=0.3, solid_capstyle="butt")
                ax.errorbar([m], [y], xerr=[[m - lo], [hi - m]], fmt=markers[j], color=CLASS_COLORS[j], ms=5,
                            capsize=2, label=CLASSIFIER_TITLE[clf] if i == 0 else None)
        ax.axvline(0, color="0.3", lw=0.8)
        ax.set_yticks(range(len(triples)))
        ax.set_yticklabels([f"{t.replace('-', ', ')}\n({rule}, {n}/class)" for t, rule, n in triples], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel("test accuracy of $k_2$ − test accuracy of $k_1$ (paired, same splits)")
        nsplits = sel[0][idx["splits"]]
        ax.set_title(f"{DATASET_TITLE.get(dataset, dataset)}: mean and 95 % intervals over {nsplits} splits")
    handles, labels = axes[0][0].get_legend_handles_labels()
    from matplotlib.lines import Line2D
    handles += [Line2D([], [], color="0.3", lw=1, marker="|", ms=6),
                Line2D([], [], color="0.3", lw=5, alpha=0.3, solid_capstyle="butt")]
    labels += ["thin, with caps: plain paired t-interval",
               "wide, pale: corrected resampled interval (Nadeau–Bengio)"]
    fig.legend(handles, labels, loc="lower center", ncol=3, fontsize=8.5, frameon=False)
    fig.suptitle("Does $k_2$ beat $k_1$? Right of 0: $k_2$ is better on the same explicit-feature classifier",
                 fontsize=11)
    fig.tight_layout(rect=(0, 0.09, 1, 1))
    save(fig, out, "experiment_paired", written)


# ---------------------------------------------------------------- the book
def chapter_graph(chapters_tsv, out, written):
    """The chapters' prerequisite graph, from the builds_on column of docs/chapters.tsv.

    An arrow A → B: chapter B builds on chapter A. The arrows drawn are the graph's transitive
    reduction (what a course must teach before B); a chapter that B uses directly but that an
    earlier prerequisite already brings in is named under B's box ("also uses"). Chapters are
    placed in columns by depth (the longest chain of prerequisites before them); a chapter alone
    in its column sits at the mean height of its prerequisites, several are stacked in order."""
    if not os.path.exists(chapters_tsv):
        raise MissingData(chapters_tsv)
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch
    import textwrap
    with open(chapters_tsv, newline="", encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]
    col = {h: i for i, h in enumerate(rows[0])}
    chapters, deps = [], {}
    for r in rows[1:]:
        folder = r[col["folder"]]
        chapters.append((folder, int(folder[:2]), r[col["title"]]))
        deps[folder] = [] if r[col["builds_on"]] == "-" else r[col["builds_on"]].split()
    number = {folder: n for folder, n, _ in chapters}

    def ancestors(folder):  # every chapter `folder` builds on, directly or through others
        found, stack = set(), list(deps[folder])
        while stack:
            d = stack.pop()
            if d not in found:
                found.add(d)
                stack.extend(deps[d])
        return found

    # the reduction: d is a needed prerequisite of c unless another prerequisite of c builds on d
    needed = {c: [d for d in deps[c] if not any(d in ancestors(e) for e in deps[c] if e != d)] for c in deps}
    depth = {}
    for folder, _, _ in chapters:  # chapters.tsv lists them in reading order
        depth[folder] = 1 + max((depth[d] for d in deps[folder]), default=-1)
    columns = {}
    for folder, _, _ in chapters:
        columns.setdefault(depth[folder], []).append(folder)
    pos = {}
    dx, dy, width, height = 2.75, 1.95, 2.35, 1.15
    for k in sorted(columns):
        members = columns[k]
        for i, folder in enumerate(members):
            if len(members) == 1:
                y = float(np.mean([pos[d][1] for d in needed[folder]])) if needed[folder] else 0.0
            else:
                y = ((len(members) - 1) / 2 - i) * dy
            pos[folder] = (k * dx, y)
    fig, ax = plt.subplots(figsize=(12.5, 4.6))
    ax.set_axis_off()
    ax.set_aspect("equal")
    for folder, n, title in chapters:
        x, y = pos[folder]
        ax.add_patch(FancyBboxPatch((x - width / 2, y - height / 2), width, height,
                                    boxstyle="round,pad=0.02,rounding_size=0.12",
                                    facecolor="#e8f0fa", edgecolor="tab:blue", linewidth=1.2, zorder=3))
        ax.text(x, y + 0.34, f"Chapter {n}", ha="center", va="center", fontsize=9.5, fontweight="bold", zorder=4)
        ax.text(x, y - 0.1, "\n".join(textwrap.wrap(title, 21)), ha="center", va="center", fontsize=8.5,
                zorder=4, linespacing=1.1)
        also = sorted(number[d] for d in deps[folder] if d not in needed[folder])
        if also:
            ax.text(x, y - height / 2 - 0.17, "also uses " + ", ".join(map(str, also)), ha="center", va="center",
                    fontsize=8, style="italic", color="0.35", zorder=4)
    for folder in deps:
        for d in needed[folder]:
            (x0, y0), (x1, y1) = pos[d], pos[folder]
            ax.add_patch(FancyArrowPatch((x0 + width / 2, y0), (x1 - width / 2, y1), arrowstyle="-|>",
                                         mutation_scale=13, color="black", linewidth=1.4, shrinkA=2, shrinkB=2,
                                         zorder=2))
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    ax.set_xlim(min(xs) - width / 2 - 0.1, max(xs) + width / 2 + 0.1)
    ax.set_ylim(min(ys) - height / 2 - 0.4, max(ys) + height / 2 + 0.1)
    ax.set_title("The chapters' prerequisites: an arrow A \u2192 B means that chapter B builds on chapter A",
                 fontsize=10.5)
    save(fig, out, "chapter_prerequisites", written)


FIGURES = [
    ("ch01_regression", ch01_regression), ("ch01_lines", ch01_lines),
    ("ch02_europe_map", ch02_europe), ("ch02_spectra", ch02_spectra),
    ("ch03_error_vs_rank", ch03_error_vs_rank), ("ch03_error_vs_precision", ch03_precision),
    ("ch04_circles_lifted", ch04_lift), ("ch05_mercer", ch05_mercer),
    ("ch07_s_curve", ch07_s_curve), ("ch07_rings", ch07_rings), ("ch07_circles", ch07_circles),
    ("ch07_denoise", ch07_denoise),
    ("ch08_conditioning", ch08_conditioning), ("ch08_nystrom", ch08_nystrom),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True, help="the chapter programs' data: <build>/book/data")
    ap.add_argument("--out", required=True, help="where the PNGs go (figures/img of the source tree)")
    ap.add_argument("--experiment-data", help="the experiment's CSVs (default: <data>/08-explicit-map)")
    ap.add_argument("--chapters", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir,
                                                       "docs", "chapters.tsv"),
                    help="the chapter list with its builds_on column (default: docs/chapters.tsv of this tree)")
    ap.add_argument("names", nargs="*", help="draw only these figures (PNG names without .png)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    exp_dir = args.experiment_data or os.path.join(args.data, "08-explicit-map")
    wanted = set(args.names)
    written, missing, skipped = [], [], []
    for name, draw in FIGURES:
        if wanted and name not in wanted:
            continue
        try:
            draw(args.data, args.out, written)
        except MissingData as e:
            missing.append(f"{name}: {e} not found")
    if not wanted or "chapter_prerequisites" in wanted:
        try:
            chapter_graph(args.chapters, args.out, written)
        except MissingData as e:
            missing.append(f"chapter_prerequisites: {e} not found")
    for kind in ["tsne", "fisher"]:
        names = [f"experiment_{d}_{kind}" for d in ["digits", "fashion"]]
        if wanted and not wanted.intersection(names):
            continue
        try:
            experiment(exp_dir, args.out, written, kind)
        except MissingData as e:
            skipped.append(f"experiment_*_{kind}: {e} not found")
    if not wanted or "experiment_paired" in wanted:
        try:
            experiment_paired(exp_dir, args.out, written)
        except MissingData as e:
            skipped.append(f"experiment_paired: {e} not found")
    for p in written:
        print(f"wrote {p} ({os.path.getsize(p) // 1024} KB)")
    for s in skipped:
        print(f"skipped {s} — run `cmake --build build --target experiment` first (ghiasi Figures 1-4)")
    for m in missing:
        print(f"MISSING {m}", file=sys.stderr)
    if missing:
        print("draw.py: some chapter data is missing; run `cmake --build build --target book-programs`",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

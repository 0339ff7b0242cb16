#!/usr/bin/env python3
"""The `kernelbook` program against independent references.

Runs the built program (a separate process, as a reader runs it) on data generated here, and
compares its output with the same quantities computed by mpmath at 130 digits from the
formulas of the book — not from kernelbook's code: PCA by the eigenvectors of XᵀX, classical
MDS by those of B = −½ J D⁽²⁾ J, kernel PCA by those of K̃ = JKJ (and new points by the
centred kernel rows), the explicit map by K^(−1/2) k_z, and certify by exact fractions.

The allowed error follows the book's numerics policy (docs: the tolerance policy): an
eigenvector computed in precision ε is off by at most about c₂·N·ε·‖M‖₂/gap (Davis–Kahan,
c₂ = 32), a score column relative to its largest entry likewise; the bound is computed from
the reference's own spectrum for each case. Usage: reference.py PATH/TO/kernelbook WORKDIR
"""
import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import mpmath as mp

mp.mp.dps = 130
C2 = 32
EPS = {"double": mp.mpf(2) ** -52, "50": mp.mpf(10) ** -49, "100": mp.mpf(10) ** -99}
failures = []


def run(program, args, expect=0):
    p = subprocess.run([program] + args, capture_output=True, text=True)
    if p.returncode != expect:
        failures.append(f"kernelbook {' '.join(args)}: exit {p.returncode}, expected {expect}; stderr: {p.stderr.strip()}")
    return p


def read_csv(path):
    lines = Path(path).read_text().strip().splitlines()
    return lines[0].split(","), [[mp.mpf(v) for v in line.split(",")] for line in lines[1:]]


def write_csv(path, rows, header=None):
    with open(path, "w") as f:
        if header:
            f.write(",".join(header) + "\n")
        for r in rows:
            f.write(",".join(r) + "\n")


def eig_desc(M):
    E, Q = mp.eigsy(M)
    order = sorted(range(M.rows), key=lambda j: -E[j])
    return [E[j] for j in order], [[Q[i, j] for i in range(M.rows)] for j in order]


def compare(what, got_rows, ref_cols, tol):
    """Columns of the program's output against reference columns, each up to sign,
    relative to the column's largest entry."""
    before = len(failures)
    for j, ref in enumerate(ref_cols):
        got = [row[j] for row in got_rows]
        scale = max(abs(v) for v in ref)
        sign = 1 if sum(g * r for g, r in zip(got, ref)) >= 0 else -1
        err = max(abs(sign * g - r) for g, r in zip(got, ref)) / scale
        if not err <= tol:
            failures.append(f"{what}: column {j + 1} off by {mp.nstr(err, 3)} relative, bound {mp.nstr(tol, 3)}")
    if len(failures) == before:
        print(f"  {what}: {len(ref_cols)} columns within {mp.nstr(tol, 3)}")


def must_fail(what, check):
    """The companion of a comparison: the same check against a wrong reference must fail."""
    before = len(failures)
    check()
    if len(failures) == before:
        failures.append(f"{what}: the comparison accepted a wrong reference")
    else:
        del failures[before:]
        print(f"  companion: {what} is rejected")


def gap_bound(values, kept, N, eps):
    norm = max(abs(v) for v in values)
    gap = min(min(abs(values[j] - values[i]) for i in range(len(values)) if i != j) for j in range(kept))
    return C2 * N * eps * norm / gap


def main():
    program, work = sys.argv[1], Path(sys.argv[2])
    work.mkdir(parents=True, exist_ok=True)
    rng = random.Random(20261127)
    N, q = 9, 3
    text = [[f"{rng.uniform(-2, 2):.6f}" for _ in range(q)] for _ in range(N)]
    new = [[f"{rng.uniform(-2, 2):.6f}" for _ in range(q)] for _ in range(4)]
    write_csv(work / "points.csv", text, ["a", "b", "c"])
    write_csv(work / "new.csv", new)
    A = mp.matrix([[mp.mpf(v) for v in r] for r in text])
    Z = mp.matrix([[mp.mpf(v) for v in r] for r in new])
    J = mp.eye(N) - mp.ones(N, N) / N

    # PCA: the eigenvectors of XᵀX, scores X v_j.
    mu = [sum(A[i, c] for i in range(N)) / N for c in range(q)]
    X = mp.matrix([[A[i, c] - mu[c] for c in range(q)] for i in range(N)])
    lam, V = eig_desc(X.T * X)
    scores = [[sum(X[i, c] * v[c] for c in range(q)) for i in range(N)] for v in V]
    for prec in ("double", "50", "100"):
        out = work / f"pca_{prec}.csv"
        run(program, ["pca", "--precision", prec, "--out", str(out), str(work / "points.csv")])
        header, rows = read_csv(out)
        if header != ["pc1", "pc2", "pc3"]:
            failures.append(f"pca header {header}")
        compare(f"pca {prec}", rows, scores, gap_bound(lam, q, max(N, q), EPS[prec]))

    # Classical MDS of the Euclidean distances, written with 45 digits.
    D_text = [[mp.nstr(mp.sqrt(sum((A[i, c] - A[k, c]) ** 2 for c in range(q))), 45) if i != k else "0"
               for k in range(N)] for i in range(N)]
    write_csv(work / "distances.csv", D_text)
    D2 = mp.matrix([[mp.mpf(v) ** 2 for v in r] for r in D_text])
    B = -J * D2 * J / 2
    beta, U = eig_desc(B)
    coords = [[mp.sqrt(beta[j]) * U[j][i] for i in range(N)] for j in range(3)]
    for prec in ("double", "50", "100"):
        out = work / f"mds_{prec}.csv"
        run(program, ["mds", "--distances", "-p", "3", "--precision", prec, "--out", str(out), str(work / "distances.csv")])
        compare(f"mds {prec}", read_csv(out)[1], coords, gap_bound(beta, 3, N, EPS[prec]))

    # Kernel PCA, Gaussian kernel γ = 1/2, and the scores of new points.
    gamma = mp.mpf(1) / 2
    k = lambda x, y: mp.exp(-gamma * sum((x[c] - y[c]) ** 2 for c in range(q)))
    rows_A = [[A[i, c] for c in range(q)] for i in range(N)]
    rows_Z = [[Z[m, c] for c in range(q)] for m in range(Z.rows)]
    K = mp.matrix([[k(x, y) for y in rows_A] for x in rows_A])
    Kc = J * K * J
    m_, W = eig_desc(Kc)
    p = 3
    train = [[mp.sqrt(m_[j]) * W[j][i] for i in range(N)] for j in range(p)]
    Kz = mp.matrix([[k(z, x) for x in rows_A] for z in rows_Z])
    col_mean = [sum(K[n, i] for n in range(N)) / N for i in range(N)]
    grand = sum(col_mean) / N
    Kzc = mp.matrix(Z.rows, N)
    for m in range(Z.rows):
        own = sum(Kz[m, i] for i in range(N)) / N
        for i in range(N):
            Kzc[m, i] = Kz[m, i] - col_mean[i] - own + grand
    fresh = [[sum(Kzc[m, i] * W[j][i] for i in range(N)) / mp.sqrt(m_[j]) for m in range(Z.rows)] for j in range(p)]
    for prec in ("double", "50", "100"):
        tol = gap_bound(m_, p, N, EPS[prec])
        out = work / f"kpca_{prec}.csv"
        run(program, ["kpca", "--kernel", "gaussian:gamma=0.5", "-p", "3", "--precision", prec, "--out", str(out),
                      str(work / "points.csv")])
        got = read_csv(out)[1]
        compare(f"kpca {prec}", got, train, tol)
        # √(μ_j/N) u_j, the scores of the λ = μ/N convention mistaken for √μ_j u_j.
        must_fail(f"kpca {prec} against scores scaled by 1/√N",
                  lambda: compare("wrong", got, [[v / mp.sqrt(N) for v in col] for col in train], tol))
        run(program, ["kpca", "--kernel", "gaussian:sigma=1", "-p", "3", "--precision", prec, "--transform",
                      str(work / "new.csv"), "--out", str(out), str(work / "points.csv")])
        # sigma = 1 is γ = 1/(2σ²) = 1/2: the same model.
        compare(f"kpca --transform {prec}", read_csv(out)[1], fresh, tol)

    # The explicit map: the training features are K^(1/2) (no signs to choose), new points K^(-1/2) k_z.
    E, Q = mp.eigsy(K)
    half = Q * mp.diag([mp.sqrt(e) for e in E]) * Q.T
    inv_half = Q * mp.diag([1 / mp.sqrt(e) for e in E]) * Q.T
    kappa = max(E) / min(E)
    phi_new = Kz * inv_half  # rows φ(z)ᵀ
    for prec in ("double", "50", "100"):
        tol = C2 * N * EPS[prec] * mp.sqrt(kappa) * kappa  # first-order error of K^(±1/2), relative
        out = work / f"map_{prec}.csv"
        run(program, ["map", "--kernel", "gaussian:gamma=0.5", "--precision", prec, "--out", str(out), str(work / "points.csv")])
        got = read_csv(out)[1]
        compare(f"map {prec}", got, [[half[i, j] for i in range(N)] for j in range(N)], tol)
        # K^(1/2) with one eigenvalue perturbed by 10⁻⁸ relative (a wrong K): rejected.
        wrong = Q * mp.diag([mp.sqrt(e * (1 + (mp.mpf(10) ** -8 if i == 0 else 0))) for i, e in enumerate(E)]) * Q.T
        must_fail(f"map {prec} against a perturbed K^(1/2)",
                  lambda: compare("wrong", got, [[wrong[i, j] for i in range(N)] for j in range(N)], tol))
        run(program, ["map", "--kernel", "gaussian:gamma=0.5", "--precision", prec, "--transform", str(work / "new.csv"),
                      "--out", str(out), str(work / "points.csv")])
        got = read_csv(out)[1]
        scale = max(abs(phi_new[m, j]) for m in range(Z.rows) for j in range(N))
        err = max(abs(got[m][j] - phi_new[m, j]) for m in range(Z.rows) for j in range(N)) / scale
        if not err <= tol:
            failures.append(f"map --transform {prec}: off by {mp.nstr(err, 3)}, bound {mp.nstr(tol, 3)}")
        print(f"  map {prec}: training and new features within {mp.nstr(tol, 3)}")

    # certify: the polynomial kernel (1 + xᵀy)² on 9 points of R³ (a 10-dimensional feature
    # space) is PD, the distance matrix is not PSD: the witness is checked in exact fractions.
    p = run(program, ["certify", "--kernel", "polynomial:degree=2,c=1", "--report", "-", "--report-format", "json",
                      str(work / "points.csv")])
    rep = json.loads(p.stdout)
    Fx = [[Fraction(v) for v in r] for r in text]
    Kpoly = [[(1 + sum(a * b for a, b in zip(x, y))) ** 2 for y in Fx] for x in Fx]
    ev = mp.eigsy(mp.matrix([[mp.mpf(v.numerator) / v.denominator for v in r] for r in Kpoly]), eigvals_only=True)
    expected = "proven PSD" if min(ev) > 0 else "refuted"
    if rep.get("verdict") != expected or rep.get("rank") != N:
        failures.append(f"certify polynomial: verdict {rep.get('verdict')} rank {rep.get('rank')}, expected {expected}, rank {N}")
    p = run(program, ["certify", "--gram", "--report", "-", "--report-format", "json", str(work / "distances.csv")], expect=4)
    rep = json.loads(p.stdout)
    c = [Fraction(v) for v in rep["witness"]["c"]]
    Dq = [[Fraction(v) for v in r] for r in D_text]
    form = sum(c[i] * Dq[i][j] * c[j] for i in range(N) for j in range(N))
    if not (rep["verdict"] == "refuted" and form < 0 and form == Fraction(rep["witness"]["value"])):
        failures.append(f"certify distances: verdict {rep['verdict']}, cᵀDc = {form}, reported {rep['witness']['value']}")
    print(f"  certify: polynomial Gram {expected}, distance matrix refuted with cᵀDc = {float(form):.4g} (exact)")

    # The kernels for directions and histograms: kernel PCA with each against the eigenvectors of
    # K̃ = JKJ of its formula (the last two on non-negative data: the points' absolute values);
    # the companion compares with the scores of a neighbouring formula, which must be rejected.
    nonneg = [[v.lstrip("-") for v in r] for r in text]
    write_csv(work / "nonneg.csv", nonneg)
    rows_U = [[mp.mpf(v) for v in r] for r in nonneg]
    dot = lambda x, y: sum(a * b for a, b in zip(x, y))
    formulas = {
        "cosine": lambda x, y: dot(x, y) / mp.sqrt(dot(x, x) * dot(y, y)),
        "linear": dot,
        "histogram-intersection": lambda x, y: sum(min(a, b) for a, b in zip(x, y)),
        "additive-chi2": lambda x, y: sum(2 * a * b / (a + b) for a, b in zip(x, y) if a + b != 0),
    }

    def kpca_scores(formula, P):
        Km = mp.matrix([[formula(x, y) for y in P] for x in P])
        mu_, W_ = eig_desc(J * Km * J)
        return mu_, [[mp.sqrt(mu_[j]) * W_[j][i] for i in range(N)] for j in range(3)]

    for name, P, f, neighbour in (("cosine", rows_A, "points.csv", "linear"),
                                  ("histogram-intersection", rows_U, "nonneg.csv", "additive-chi2"),
                                  ("additive-chi2", rows_U, "nonneg.csv", "histogram-intersection")):
        mu_, ref = kpca_scores(formulas[name], P)
        wrong = kpca_scores(formulas[neighbour], P)[1]
        for prec in ("double", "50", "100"):
            tol = gap_bound(mu_, 3, N, EPS[prec])
            out = work / f"kpca_{name}_{prec}.csv"
            run(program, ["kpca", "--kernel", name, "-p", "3", "--precision", prec, "--out", str(out), str(work / f)])
            got = read_csv(out)[1]
            compare(f"kpca --kernel {name} {prec}", got, ref, tol)
            must_fail(f"kpca --kernel {name} {prec} against the scores of {neighbour}",
                      lambda: compare("wrong", got, wrong, tol))

    # certify: the intersection and χ² Gram matrices of the non-negative points are PSD (exact
    # fractions), and the sigmoid tanh(xᵀy) on the points 1 and 2 is refuted: the witness's
    # cᵀKc, recomputed here with mpmath's tanh, is negative and below the reported upper bound.
    Fu = [[Fraction(v) for v in r] for r in nonneg]
    for name in ("histogram-intersection", "additive-chi2"):
        p_ = run(program, ["certify", "--kernel", name, "--report", "-", "--report-format", "json", str(work / "nonneg.csv")])
        rep = json.loads(p_.stdout)
        Kq = [[formulas[name](x, y) for y in Fu] for x in Fu]
        ev = mp.eigsy(mp.matrix([[mp.mpf(v.numerator) / v.denominator for v in r] for r in Kq]), eigvals_only=True)
        rank = sum(1 for e in ev if e > 0)
        if rep.get("verdict") != "proven PSD" or rep.get("rank") != rank:
            failures.append(f"certify {name}: verdict {rep.get('verdict')} rank {rep.get('rank')}, expected proven PSD rank {rank}")
        else:
            print(f"  certify {name}: proven PSD, rank {rank}")
    write_csv(work / "one_two.csv", [["1"], ["2"]])
    p_ = run(program, ["certify", "--kernel", "sigmoid:a=1,c=0", "--report", "-", "--report-format", "json",
                       str(work / "one_two.csv")], expect=4)
    rep = json.loads(p_.stdout)
    c = [Fraction(v) for v in rep["witness"]["c"]]
    pts = [1, 2]
    form = sum(mp.mpf(c[i].numerator) / c[i].denominator * mp.mpf(c[j].numerator) / c[j].denominator *
               mp.tanh(pts[i] * pts[j]) for i in range(2) for j in range(2))
    bound = Fraction(rep["witness"]["value"])
    if not (rep["verdict"] == "refuted" and form < 0 and form <= mp.mpf(bound.numerator) / bound.denominator):
        failures.append(f"certify sigmoid: verdict {rep['verdict']}, cᵀKc = {mp.nstr(form, 10)}, reported ≤ {bound}")
    else:
        print(f"  certify sigmoid: refuted, cᵀKc = {mp.nstr(form, 6)} ≤ {float(bound):.6g}")

    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        sys.exit(1)
    print("all outputs agree with the independent references")


if __name__ == "__main__":
    main()

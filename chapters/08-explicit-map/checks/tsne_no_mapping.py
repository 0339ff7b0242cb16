#!/usr/bin/python3
"""The erratum ghiasi-s4-tsne-mapping, run by ctest: t-SNE learns no mapping for new points.

    /usr/bin/python3 tsne_no_mapping.py

The paper (§4) trains t-SNE on the training images and shows the test images "using the
learned mapping", with t-SNE run "without any changes". A mapping f learned from the training
set would place each training point at f(x) whatever else is embedded. This test shows that
t-SNE as scikit-learn runs it (the implementation chapter 8 uses, unchanged) has neither:

1. `sklearn.manifold.TSNE` has `fit_transform` but no `transform` (nothing to apply to new
   points);
2. embedding the 36 training points of three clusters, and the same 36 points with one more
   point, moves the training points: after the best similarity transform (rotation or
   reflection, scale and shift: Procrustes, since a t-SNE picture means nothing finer), the
   largest displacement is 16 % of the picture's diameter (measured with scikit-learn 1.2.1).
   The check asks for more than 1 % — a learned mapping would give 0, and the same run twice
   gives byte-equal coordinates (fixed random_state and PCA initialisation, one thread; the
   test of tsne.py checks that).
The companion: two runs on the same 36 points give equal coordinates and a displacement at
the rounding level of the alignment (below 1e-12), so the statistic does not report movement
where there is none.

Without scikit-learn or numpy it says so and exits with 77 (ctest: skipped).
"""
import os
import sys

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
SKIP = 77

try:
    import numpy as np
    from sklearn.manifold import TSNE
except ImportError as e:
    print(f"tsne_no_mapping.py: cannot run without numpy and scikit-learn (Debian python3-sklearn): {e}")
    sys.exit(SKIP)


def training_points():
    """Three clusters of 12 points in dimension 6, centred at 4·e_c, with deterministic offsets."""
    rows = []
    for c in range(3):
        for n in range(12):
            x = [((3 * n + 5 * d + 7 * c) % 8 - 3.5) / 8 for d in range(6)]
            x[c] += 4.0
            rows.append(x)
    return np.array(rows)


def embed(points):
    return TSNE(n_components=2, perplexity=5, init="pca", random_state=0, method="exact").fit_transform(points)


def displacement(a, b):
    """Largest distance between the rows of a and of b after b is moved onto a by the best
    similarity transform (orthogonal Procrustes with scale), relative to a's diameter."""
    a, b = a.astype(np.float64), b.astype(np.float64)  # TSNE returns float32
    a0, b0 = a - a.mean(0), b - b.mean(0)
    u, s, vt = np.linalg.svd(b0.T @ a0)
    scale = s.sum() / (b0 ** 2).sum()
    moved = scale * b0 @ (u @ vt)
    diameter = np.sqrt(((a0[:, None, :] - a0[None, :, :]) ** 2).sum(2)).max()
    return np.sqrt(((a0 - moved) ** 2).sum(1)).max() / diameter


failures = []


def check(condition, what):
    print(("ok:   " if condition else "FAIL: ") + what)
    if not condition:
        failures.append(what)


check(hasattr(TSNE, "fit_transform") and not hasattr(TSNE, "transform"),
      "TSNE has fit_transform and no transform: there is no learned mapping to apply to new points")
X = training_points()
alone = embed(X)
again = embed(X)
with_one_more = embed(np.vstack([X, [[2.0, 2.0, 0.0, 0.0, 0.0, 0.0]]]))[: len(X)]
moved = displacement(alone, with_one_more)
check(moved > 0.01, f"one more point moves the training points by {moved:.3f} of the diameter (> 0.01)")
# Companion: two runs on the same points give the same coordinates, and the statistic says so
# (it is 0 up to the rounding of the alignment, a few ulps of a 2×2 SVD: 1e-12 is far above).
check(np.array_equal(alone, again) and displacement(alone, again) < 1e-12,
      f"two runs on the same points: equal coordinates, displacement {displacement(alone, again):.1e} (< 1e-12)")
if failures:
    print(f"tsne_no_mapping.py: {len(failures)} check(s) failed")
    sys.exit(1)

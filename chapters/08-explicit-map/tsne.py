#!/usr/bin/python3
"""t-SNE of the explicitly mapped test images of the chapter 8 experiment (ghiasi figs 1-2).

Reads every book/data/08-explicit-map/experiment_<dataset>_<kernel>_features.csv written
by kb-08-experiment (one mapped test image phi(z) per row, columns p1..pN and label) and
writes experiment_<dataset>_<kernel>_tsne.csv next to it (columns t1,t2,label): the
2-D t-SNE embedding of the feature vectors, computed by scikit-learn's TSNE unchanged, as
the paper does ("without any modifications"), with a fixed random_state so that every run
gives the same picture. Beside it, experiment_<dataset>_<kernel>_silhouette.csv (columns
label,points,silhouette; the last row's label is "all"): the mean silhouette width of each
class in the 2-D embedding and of all points (Euclidean distances, the class labels as the
clusters), the number printed beside each t-SNE picture.

    OMP_NUM_THREADS=1 /usr/bin/python3 chapters/08-explicit-map/tsne.py [data directory]

The default data directory is book/data/08-explicit-map relative to the working directory
(the build directory under `cmake --build build --target experiment`).
"""
import glob
import os
import sys
import time

# One thread (and so reproducible sums): set before numpy and scikit-learn load their
# thread pools; the `experiment` target sets it too.
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def load_sklearn():
    """numpy and scikit-learn's TSNE, imported when the first file is embedded (so that bad
    arguments are reported at once, without the second it takes to import them)."""
    try:
        import numpy as np
        from sklearn.manifold import TSNE
    except ImportError as e:
        sys.exit("tsne.py: scikit-learn (with numpy) is needed for the t-SNE embeddings but could not be "
                 f"imported ({e}); install the Debian package python3-sklearn and run it with /usr/bin/python3")
    return np, TSNE


RANDOM_STATE = 0   # fixed seed: the same embedding on every run
PERPLEXITY = 30.0  # scikit-learn's default; the paper does not state its perplexity


def silhouettes(Y, labels):
    """Silhouette widths of the points Y (n x 2) with the clusters given by `labels`.

    For point i of class A: a(i) is its mean Euclidean distance to the other points of A,
    b(i) the smallest, over the other classes B, of its mean distance to the points of B, and
    s(i) = (b(i) - a(i)) / max(a(i), b(i)), in [-1, 1]; s(i) = 0 when i is alone in its class.
    Returns ({label: mean s over the class}, mean s over all points, the array of s(i)).
    Needs at least two classes.
    """
    import numpy as np
    Y = np.asarray(Y, dtype=float)
    labels = np.asarray(labels)
    classes = sorted(set(labels.tolist()))
    if len(classes) < 2:
        raise ValueError(f"the silhouette needs at least two classes; the labels are {classes}")
    D = np.sqrt(((Y[:, None, :] - Y[None, :, :]) ** 2).sum(axis=2))
    members = {c: labels == c for c in classes}
    s = np.zeros(len(labels))
    for i in range(len(labels)):
        own = members[labels[i]]
        n_own = int(own.sum())
        if n_own == 1:
            continue
        a = D[i, own].sum() / (n_own - 1)  # D[i, i] = 0 is in the sum, i is not counted
        b = min(D[i, members[c]].mean() for c in classes if c != labels[i])
        s[i] = (b - a) / max(a, b) if max(a, b) > 0 else 0.0
    per_class = {c: float(s[members[c]].mean()) for c in classes}
    return per_class, float(s.mean()), s


def write_silhouette(out, Y, labels):
    """Writes the silhouette CSV of an embedding; returns the overall mean."""
    per_class, overall, _ = silhouettes(Y, labels)
    with open(out, "w") as f:
        f.write("label,points,silhouette\n")
        for c, v in per_class.items():
            f.write(f"{c},{int(sum(1 for y in labels if y == c))},{v:.6f}\n")
        f.write(f"all,{len(labels)},{overall:.6f}\n")
    return overall


def embed(path):
    """Embeds one features CSV; returns the path of the t-SNE CSV written."""
    with open(path) as f:
        header = f.readline().strip().split(",")
    if not header or header[-1] != "label":
        sys.exit(f"tsne.py: {path}: the last column must be 'label' (a features CSV of kb-08-experiment)")
    np, TSNE = load_sklearn()
    data = np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)
    X, labels = data[:, :-1], data[:, -1].astype(int)
    perplexity = min(PERPLEXITY, (X.shape[0] - 1) / 3.0)
    Y = TSNE(n_components=2, perplexity=perplexity, init="pca", learning_rate="auto",
             random_state=RANDOM_STATE).fit_transform(X)
    out = path[: -len("_features.csv")] + "_tsne.csv"
    with open(out, "w") as f:
        f.write("t1,t2,label\n")
        for (t1, t2), y in zip(Y, labels):
            f.write(f"{t1:.6g},{t2:.6g},{y}\n")
    # The silhouette of the embedding as written (the rounded coordinates of the CSV).
    Y = np.array([[float(f"{t1:.6g}"), float(f"{t2:.6g}")] for t1, t2 in Y])
    overall = write_silhouette(path[: -len("_features.csv")] + "_silhouette.csv", Y, labels.tolist())
    return out, X.shape, overall


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else "book/data/08-explicit-map"
    paths = sorted(glob.glob(os.path.join(directory, "experiment_*_features.csv")))
    if not paths:
        sys.exit(f"tsne.py: no experiment_*_features.csv in {directory}; run kb-08-experiment first "
                 "(cmake --build build --target experiment runs both)")
    for path in paths:
        start = time.perf_counter()
        out, shape, overall = embed(path)
        print(f"t-SNE of {shape[0]} points in dimension {shape[1]} -> {out}, silhouette {overall:.3f} "
              f"({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Test of tsne.py (the t-SNE step of the chapter 8 experiment), run by ctest.

    /usr/bin/python3 tsne_test.py <path of tsne.py>

Writes a small deterministic features CSV (3 classes of 12 points in dimension 6, the format
kb-08-experiment writes: columns p1..p6 and label) into a temporary directory, runs tsne.py
on it twice (in two directories) and checks: the output file, its header t1,t2,label, one
row of two finite coordinates per input row, the labels in the input order, the silhouette
file beside it (a row per class and one for all), and byte-equal outputs (fixed random_state, one thread). Then the bad inputs: a CSV whose last column is
not 'label', and a directory without features files, must make tsne.py fail with a message.

Without scikit-learn (Debian python3-sklearn) or numpy the test cannot run tsne.py: it says
so and exits with 77, which ctest reports as skipped.
"""
import importlib.util
import math
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
CLASSES = [2, 4, 7]
PER_CLASS = 12
DIM = 6


def features_rows():
    """Three clusters, centred at 4·e_c, with small deterministic offsets (multiples of 1/8)."""
    rows = []
    for c, label in enumerate(CLASSES):
        for n in range(PER_CLASS):
            x = [((3 * n + 5 * d + 7 * c) % 8 - 3.5) / 8 for d in range(DIM)]
            x[c] += 4.0
            rows.append((x, label))
    # Interleave the classes, as a real file need not be sorted by label.
    return rows[0::3] + rows[1::3] + rows[2::3]


def write_features(directory, name="experiment_tiny_k1_features.csv", header_last="label"):
    rows = features_rows()
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(",".join([f"p{d + 1}" for d in range(DIM)] + [header_last]) + "\n")
        for x, label in rows:
            f.write(",".join(f"{v:.6g}" for v in x) + f",{label}\n")
    return path, [label for _, label in rows]


def run_tsne(tsne, directory):
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    return subprocess.run([sys.executable, tsne, directory], capture_output=True, text=True, env=env)


failures = []


def check(condition, what):
    print(("ok:     " if condition else "FAILED: ") + what)
    if not condition:
        failures.append(what)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: tsne_test.py <path of tsne.py>")
    tsne = sys.argv[1]
    # Located, not imported (an import of scikit-learn takes a second; tsne.py does it).
    missing = [m for m in ("numpy", "sklearn") if importlib.util.find_spec(m) is None]
    if missing:
        print(f"skipped: tsne.py needs scikit-learn and numpy, but {sys.executable} has no "
              f"{' and no '.join(missing)}; install the Debian package python3-sklearn "
              "(bash tests/support/packages.sh test)")
        return SKIP

    work = tempfile.mkdtemp(prefix="kb-tsne-test-")
    try:
        outputs = []
        for run in ("a", "b"):
            directory = os.path.join(work, run)
            os.makedirs(directory)
            _, labels = write_features(directory)
            result = run_tsne(tsne, directory)
            check(result.returncode == 0, f"run {run}: tsne.py exits with 0 (stderr: {result.stderr.strip()[-300:]})")
            out = os.path.join(directory, "experiment_tiny_k1_tsne.csv")
            check(os.path.exists(out), f"run {run}: it writes experiment_tiny_k1_tsne.csv")
            if not os.path.exists(out):
                continue
            with open(out) as f:
                text = f.read()
            outputs.append(text)
            lines = text.strip().split("\n")
            check(lines[0] == "t1,t2,label", f"run {run}: header t1,t2,label (got {lines[0]!r})")
            body = [line.split(",") for line in lines[1:]]
            check(len(body) == len(labels), f"run {run}: {len(labels)} rows, one per input row (got {len(body)})")
            check(all(len(r) == 3 for r in body), f"run {run}: three columns in every row")
            coords = [float(v) for r in body for v in r[:2]]
            check(all(math.isfinite(v) for v in coords), f"run {run}: finite coordinates")
            check(len(set(coords)) > 2, f"run {run}: the points are not all at one place")
            check([int(r[2]) for r in body] == labels, f"run {run}: the labels in the order of the input")
            sil = os.path.join(directory, "experiment_tiny_k1_silhouette.csv")
            sil_lines = open(sil).read().strip().split("\n") if os.path.exists(sil) else []
            check(sil_lines[:1] == ["label,points,silhouette"]
                  and [r.split(",")[:2] for r in sil_lines[1:]] == [["2", "12"], ["4", "12"], ["7", "12"], ["all", "36"]]
                  and all(-1 <= float(r.split(",")[2]) <= 1 for r in sil_lines[1:]),
                  f"run {run}: experiment_tiny_k1_silhouette.csv has a row per class and one for all, in [-1, 1]")
        check(len(outputs) == 2 and outputs[0] == outputs[1], "two runs give byte-equal embeddings (fixed random_state)")

        # Bad input: the last column is not 'label'.
        bad = os.path.join(work, "bad")
        os.makedirs(bad)
        write_features(bad, header_last="class")
        result = run_tsne(tsne, bad)
        check(result.returncode != 0 and "the last column must be 'label'" in result.stderr,
              "a features file without a label column is refused with a message")
        # Bad input: no features file at all.
        empty = os.path.join(work, "empty")
        os.makedirs(empty)
        result = run_tsne(tsne, empty)
        check(result.returncode != 0 and "no experiment_*_features.csv" in result.stderr,
              "a directory without features files is refused with a message")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""Test of the silhouette in tsne.py (the number beside each t-SNE picture), run by ctest.

    /usr/bin/python3 silhouette_test.py <path of tsne.py>

A hand example: four points on the line through 0 in the direction (3/5, 4/5), class 0 at
t = 0 and 2, class 1 at t = 5 and 9 (so the Euclidean distances are the |t - t'|). By hand:
  t = 0: a = 2, b = (5 + 9)/2 = 7, s = 5/7;   t = 2: a = 2, b = (3 + 7)/2 = 5, s = 3/5;
  t = 5: a = 4, b = (5 + 3)/2 = 4, s = 0;     t = 9: a = 4, b = (9 + 7)/2 = 8, s = 1/2;
class 0: (5/7 + 3/5)/2 = 23/35, class 1: 1/4, all: (5/7 + 3/5 + 0 + 1/2)/4 = 127/280.
Failing companions: b - a without the division by max(a, b) gives 5, 3, 0, 4 (class 0: 4),
and squared distances give s = 49/53 at t = 0; both are told apart from the hand values.
A point alone in its class has s = 0, and a single class is refused.

Without numpy it exits with 77 (ctest: skipped).
"""
import importlib.util
import sys

SKIP = 77
failures = []


def check(condition, what):
    print(("ok:     " if condition else "FAILED: ") + what)
    if not condition:
        failures.append(what)


def close(x, want):
    # The distances are sums of two squares and a root of numbers below 100, the means of a
    # few of them: a few ulps of the values, far below 1e-12.
    return abs(x - want) <= 1e-12


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: silhouette_test.py <path of tsne.py>")
    if importlib.util.find_spec("numpy") is None:
        print(f"skipped: the silhouette needs numpy, which {sys.executable} does not have; install the "
              "Debian package python3-numpy")
        return SKIP
    spec = importlib.util.spec_from_file_location("tsne", sys.argv[1])
    tsne = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tsne)

    ts = [0.0, 2.0, 5.0, 9.0]
    Y = [[0.6 * t, 0.8 * t] for t in ts]
    labels = [0, 0, 1, 1]
    per_class, overall, s = tsne.silhouettes(Y, labels)
    want = [5 / 7, 3 / 5, 0.0, 1 / 2]
    check(all(close(x, w) for x, w in zip(s, want)), f"s(i) = 5/7, 3/5, 0, 1/2 (got {list(s)})")
    check(close(per_class[0], 23 / 35) and close(per_class[1], 1 / 4),
          f"class means 23/35 and 1/4 (got {per_class})")
    check(close(overall, 127 / 280), f"overall mean 127/280 (got {overall})")

    # Failing companions: the wrong formulas, by hand, against the same check.
    wrong_unnormalised = [5.0, 3.0, 0.0, 4.0]
    check(not all(close(x, w) for x, w in zip(s, wrong_unnormalised)), "b - a without max(a, b) is told apart")
    check(not close(per_class[0], (5.0 + 3.0) / 2), "its class-0 mean 4 is told apart")
    check(not close(s[0], 49 / 53), "squared distances (s = 49/53 at t = 0) are told apart")

    # A point alone in its class: s = 0, and the others as without it in their own class.
    per_class, overall, s = tsne.silhouettes(Y + [[100.0, 0.0]], labels + [7])
    check(s[4] == 0.0 and per_class[7] == 0.0, "a point alone in its class has silhouette 0")
    # A single class is refused with a message.
    try:
        tsne.silhouettes(Y, [3, 3, 3, 3])
        check(False, "a single class is refused")
    except ValueError as e:
        check("at least two classes" in str(e), f"a single class is refused ({e})")

    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env bash
# Installs the Debian packages kernelbook needs, if any is missing.
#   packages.sh test   — build + test suite (+ Doxygen, whose warnings are tests, Node.js
#                        and npm, which typeset the book's formulas and run its browser
#                        test, Chromium's headless shell for that test, and the
#                        real data sets read by the tests: scikit-learn's digits, Fashion-MNIST)
#   packages.sh book   — the same, plus what the figures and the experiment use
# Runs apt-get only when something is missing; uses sudo when not root.
set -euo pipefail
# libspectra-dev: the Lanczos solver of kernel PCA's fast route (header-only).
# python3: the generators of the book's pages (docs/tools/*.py, standard library only).
# chromium-headless-shell: the browser test opens every page of the HTML book in it
# (tests/browser). It is Chromium's engine — Blink and V8, the same rendering, byte for byte
# the same screenshots — without the browser around it, and opens the book's pages with a
# quarter less CPU than the full `chromium` package (docs/README.md, "Build and test budgets").
# clang: the default compiler of the two commands (it compiles the template-heavy tests about
# twice as fast as g++: 4 min 49 s against 10 min 6 s for a clean build, measured before the unity build; docs/README.md,
# "Build and test budgets"). g++ works as well. lld: LLVM's linker, 3× faster than GNU ld
# on the book's ~60 executables.
# python3-sklearn (scikit-learn's 8×8 digits, and t-SNE) and dataset-fashion-mnist: the tests
# that read the real data files (tests/io, chapter 8's experiment pipeline on the digits)
# and the test of chapter 8's tsne.py; without them those tests are reported Skipped with
# the reason, and the test command (tests/run.sh) fails, since a skipped test checks nothing. Measured on the reference machine (2 shared cores): downloading the 17
# packages they bring (55 MB, scipy and numpy included) took 2 s, installing them 54 s of
# wall time (12 s CPU). The tests that read the files take 2.6 s (the readers 1.3 s, the
# experiment pipeline on the digits 1.3 s), the tsne.py test 4.4 s (two t-SNE runs).
# libcli11-dev and nlohmann-json3-dev: the kernelbook command's argument parsing and JSON report;
# python3-mpmath: the independent references of its end-to-end test (tests/cli/reference.py);
# libclang-rt-14-dev: clang's sanitizer and libFuzzer runtimes (tests/sanitize, tests/fuzz),
# only recommended by clang, so not installed with --no-install-recommends.
# liblinear-dev: logistic regression in chapter 8's experiment program (kb-08-experiment, built
# with the rest; the only program that links it, a small C library); without it CMake says so
# and leaves that program out.
need=(cmake g++ clang lld make libeigen3-dev libspectra-dev libboost-dev libfmt-dev doctest-dev librapidcheck-dev
      libmpfr-dev libgmp-dev libmpfi-dev zlib1g-dev doxygen python3 chromium-headless-shell
      python3-sklearn dataset-fashion-mnist libcli11-dev nlohmann-json3-dev python3-mpmath libclang-rt-14-dev
      liblinear-dev)
if [ "${1:-test}" = book ]; then
  # python3-matplotlib: the figures (figures/); the experiment of chapter 8 uses the data
  # sets above.
  need+=(python3-matplotlib)
fi
missing=()
for p in "${need[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js and npm typeset the book's formulas when it is built (mathjax-full, installed by
# the build with `npm ci` from docs/typeset/package-lock.json) and run the browser test
# (playwright-core, from tests/browser/package-lock.json). They are checked as commands, not as
# Debian packages: a machine may have them from elsewhere (a nodejs package that bundles
# npm conflicts with Debian's npm package).
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "kernelbook: installing missing Debian packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then sudo=sudo; else
    echo "kernelbook: please install as root: apt-get install ${missing[*]}" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "kernelbook: packages installed"

#!/usr/bin/env bash
# The book command: installs what is missing, configures, builds, runs every chapter
# program (each prints its worked example and the statements it checked, with the
# precision used and the digits of agreement), and builds the HTML book.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../tests/support/build.sh" book
# Run every chapter program in order (afresh, so that each prints its worked example and
# checks here), keeping each output for the HTML book.
rm -rf "$build/book/output"
cmake --build "$build" --target book-programs
# The paper's experiment (chapter 8, ghiasi section 4): needs scikit-learn (its digits data
# and t-SNE); Fashion-MNIST (dataset-fashion-mnist) is used when installed. Skipped, with
# the reason, when scikit-learn is missing: the book is built without it.
if /usr/bin/python3 -c 'import sklearn' 2>/dev/null &&
   [ -f /usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz ]; then
  cmake --build "$build" --target experiment
else
  echo "kernelbook: the experiment of chapter 8 was skipped: python3-sklearn (scikit-learn and its digits data) is not installed"
fi
cmake --build "$build" --target docs
echo
echo "The book is at $build/docs/html/index.html"

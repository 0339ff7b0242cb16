#!/usr/bin/env bash
# The book command: installs what is missing, configures, builds, runs every chapter
# program (each prints its worked example and the statements it checked, with the
# precision used and the digits of agreement), and builds the HTML book.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/tests/support/packages.sh" book
build=${KB_BUILD_DIR:-$root/build}
jobs=$(nproc)
# A new build directory is configured with clang++ (or $CXX); an existing one keeps its compiler.
compiler=()
[ -f "$build/CMakeCache.txt" ] || compiler=(-DCMAKE_CXX_COMPILER="${CXX:-clang++}")
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release "${compiler[@]}" >/dev/null
cmake --build "$build" -j"$jobs"
# Run every chapter program in order (afresh, so that each prints its worked example and
# checks here), keeping each output for the HTML book.
rm -rf "$build/book/output"
cmake --build "$build" --target book-programs
cmake --build "$build" --target docs
echo
echo "The book is at $build/docs/html/index.html"

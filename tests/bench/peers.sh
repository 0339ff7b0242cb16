#!/usr/bin/env bash
# The peers benchmark of the book's Performance page (docs/performance.md): kernelbook's
# kernel PCA, its transform and its 50-digit eigenpairs against scikit-learn and mpmath, on
# the same data in one run, with the ratios printed at the end (tests/bench/peers.py).
#
#   bash tests/bench/peers.sh [--write-docs] [--quick] [--processes P] [--reps R]
#
#   --write-docs   also rewrite docs/performance.md and figures/img/performance.png
#   --quick        N = 1000 and 2000 only (about a minute); the full run takes a few minutes,
#                  most of it mpmath's eigsy at N = 200
# Installs what it needs (the packages of the book command, and python3-mpmath), configures
# the build directory ($KB_BUILD_DIR, default ./build) if needed and builds kb-bench-peers only.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bash "$root/tests/support/packages.sh" book
if ! dpkg-query -W -f='${Status}' python3-mpmath 2>/dev/null | grep -q "install ok installed"; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get install -y -qq --no-install-recommends python3-mpmath >/dev/null
fi
build=${KB_BUILD_DIR:-$root/build}
[ -f "$build/CMakeCache.txt" ] || cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="${CXX:-clang++}" >/dev/null
cmake --build "$build" --target kb-bench-peers -j"$(nproc)"
args=()
if [ "${1:-}" = --write-docs ]; then
  shift
  args+=(--page "$root/docs/performance.md" --figure "$root/figures/img/performance.png")
fi
exec /usr/bin/python3 "$root/tests/bench/peers.py" --bench "$build/tests/bench/kb-bench-peers" "${args[@]}" "$@"

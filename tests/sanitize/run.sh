#!/usr/bin/env bash
# The whole test suite and every chapter program under AddressSanitizer and
# UndefinedBehaviorSanitizer, in a build directory of its own ($KB_SANITIZE_BUILD_DIR,
# default ./build-sanitize). Any report stops the program that made it (halt_on_error), so the
# test that ran it fails. The docs tests are left out (they build HTML and drive a browser; no
# kernelbook code runs in them), as is the package test (it installs and builds a project of
# its own, without the sanitizers).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bash "$root/tests/support/packages.sh" test
build=${KB_SANITIZE_BUILD_DIR:-$root/build-sanitize}
jobs=$(nproc)
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="${CXX:-clang++}" \
      -DKB_SANITIZE=ON -DKB_BUILD_DOCS=OFF >/dev/null
cmake --build "$build" -j"$jobs"
cd "$build"
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:abort_on_error=0:exitcode=86
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=87
# A per-test timeout, so that one hung test cannot hold a CI run: the longest test run here
# (docs and package left out) took 11.4 s in a full run of tests/run.sh without sanitizers
# (2026-11-29, two cores shared with other builds); 600 s leaves a factor of 50 for
# AddressSanitizer's and UndefinedBehaviorSanitizer's slowdown and a busy machine.
ctest --output-on-failure -j"$jobs" --timeout 600 -LE 'docs|package'

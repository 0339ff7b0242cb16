#!/usr/bin/env bash
# The mutation suite (tests/mutation/README.md): applies each curated mutant of src/kernelbook and src/cli
# (mutants.tsv), rebuilds incrementally, runs the mathematics (ctest -LE docs), records which
# tests fail, and reverts. Writes tests/mutation/results.tsv and tests/mutation/TABLE.md.
#
#   bash tests/mutation/run.sh            every mutant
#   bash tests/mutation/run.sh M07 M18    only these (their rows of results.tsv are replaced)
#   bash tests/mutation/run.sh --check    only check that every mutant applies (no build)
#
# Environment: KB_MUTATION_BUILD_DIR (default ./build-mutation), KB_MUTATION_JOBS (default
# nproc), KB_MUTATION_TIMEOUT (seconds per test, default 120, about 5× the slowest test
# on a loaded machine: a mutant that loops is killed by the timeout), KB_MUTATION_NICE (default 19), CXX (default clang++).
# Not part of the README's test command: it rebuilds and runs the suite once per mutant.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
here=$root/tests/mutation
helper=(python3 "$here/mutants.py")

if [ "${1:-}" = --check ]; then
  exec "${helper[@]}" check
fi
ids=$("${helper[@]}" ids "$@")

build=${KB_MUTATION_BUILD_DIR:-$root/build-mutation}
jobs=${KB_MUTATION_JOBS:-$(nproc)}
timeout=${KB_MUTATION_TIMEOUT:-120}
nice=(nice -n "${KB_MUTATION_NICE:-19}")

# What the build needs, and ccache: after a mutant is reverted, rebuilding the original
# objects is a cache hit, so each mutant costs the rebuild of what its file reaches, twice
# at most (mutated, then cached), not a clean build.
bash "$root/tests/support/packages.sh" test
if ! command -v ccache >/dev/null; then
  echo "kb-mutation: installing ccache"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "kb-mutation: please install ccache as root" >&2; exit 1; }
    sudo=sudo
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends ccache >/dev/null
fi
# Precompiled headers: ccache caches the compiles that use them only with these
# sloppiness flags and clang's -fno-pch-timestamp (set at configure time below).
export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime

# The source tree must be unmutated before (and is checked after) the run.
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1 && ! git -C "$root" diff --quiet -- src; then
  echo "kb-mutation: src/ has uncommitted changes; commit or stash them first (the run checks that src/ is unchanged afterwards)" >&2
  exit 1
fi
"${helper[@]}" check >/dev/null || { "${helper[@]}" check; exit 1; }

if [ ! -f "$build/CMakeCache.txt" ]; then
  compiler=${CXX:-clang++}
  flags=""
  case "$("$compiler" --version 2>/dev/null | head -1)" in
    *clang*) flags="-Xclang -fno-pch-timestamp" ;;
  esac
  "${nice[@]}" cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$compiler" \
    -DKB_BUILD_DOCS=OFF "-DCMAKE_CXX_FLAGS=$flags" >/dev/null
fi

work=$(mktemp -d)
applied=""   # the mutated file while a mutant is applied
backup=$work/original
revert() {
  if [ -n "$applied" ]; then
    cat "$backup" >"$applied"   # a new mtime: make rebuilds (from the cache) what the mutant touched
    applied=""
  fi
}
on_exit() {
  status=$?
  revert
  rm -rf "$work"
  exit "$status"
}
trap on_exit EXIT
trap 'echo "kb-mutation: interrupted; the mutant is reverted" >&2; exit 130' INT TERM

run_tests() { # $1: junit file, $2: optional ctest -I list; prints nothing, returns ctest's status
  "${nice[@]}" ctest --test-dir "$build" -LE docs -j"$jobs" --timeout "$timeout" \
    ${2:+-I "$2"} --output-junit "$1" >"$work/ctest.log" 2>&1
}

echo "kb-mutation: building the unmutated suite in $build"
"${nice[@]}" cmake --build "$build" -j"$jobs" >"$work/build.log" 2>&1 || {
  tail -40 "$work/build.log"; echo "kb-mutation: the unmutated suite does not build" >&2; exit 1; }
echo "kb-mutation: running the unmutated mathematics (baseline)"
run_tests "$work/baseline.xml" || true
"${helper[@]}" failures "$work/baseline.xml" >"$work/baseline-failures"
if [ -s "$work/baseline-failures" ]; then
  echo "kb-mutation: these tests fail WITHOUT a mutant; they do not count as killing:" >&2
  sed 's/^/  /' "$work/baseline-failures" >&2
fi
# What each test runs, hashed: under a mutant only the tests whose executables changed are
# run again (a byte-identical executable behaves identically).
"${helper[@]}" hashes "$build" "$work/baseline-hashes.json"

# Each row records the commit the suite was run at (the mutants' anchors move with the code).
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "an unknown commit")
for id in $ids; do
  start=$(date +%s)
  applied=$("${helper[@]}" apply "$id" "$backup")
  status=tested
  note=""
  if "${nice[@]}" cmake --build "$build" -j"$jobs" >"$work/build.log" 2>&1; then
    built=$(date +%s)
    selection=$("${helper[@]}" select "$build" "$work/baseline-hashes.json")
    if [ -z "$selection" ]; then
      : >"$work/$id.failed"
      note="no executable changed: the mutant compiles to the same program"
    elif run_tests "$work/$id.xml" "$selection" || [ -f "$work/$id.xml" ]; then
      "${helper[@]}" failures "$work/$id.xml" >"$work/$id.failed"
      echo "kb-mutation: $id ran $(($(tr -cd , <<<"$selection" | wc -c) - 2)) tests whose executables changed"
    else
      status=test-error
      note="ctest wrote no result: $(tail -1 "$work/ctest.log")"
    fi
  else
    built=$(date +%s)
    status=build-error
    note=$(grep -m1 -E 'error:' "$work/build.log" | cut -c1-200 || true)
  fi
  revert
  done_at=$(date +%s)
  result=$("${helper[@]}" record "$id" "$status" "$((built - start))" "$((done_at - built))" \
           "$work/$id.failed" "$work/baseline-failures" "run at $commit${note:+; $note}")
  echo "kb-mutation: $id $result (build $((built - start)) s, tests $((done_at - built)) s)"
  "${helper[@]}" table >/dev/null
done

echo "kb-mutation: rebuilding the unmutated suite"
"${nice[@]}" cmake --build "$build" -j"$jobs" >"$work/build.log" 2>&1 || {
  tail -40 "$work/build.log"; echo "kb-mutation: the unmutated suite does not rebuild" >&2; exit 1; }
"${helper[@]}" table
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
  git -C "$root" diff --quiet -- src || { echo "kb-mutation: src/ is NOT clean after the run" >&2; git -C "$root" diff --stat -- src >&2; exit 1; }
  echo "kb-mutation: src/ is clean (git diff --quiet -- src)"
fi
ccache -s 2>/dev/null | grep -E 'Hits|Misses' | head -2 || true

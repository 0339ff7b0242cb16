#!/usr/bin/env bash
# The tightness report (issue 10, item 3): how far below its bound does each check's error
# stay? Runs every test binary of the mathematics (build/chapters/*/kb-*-tests and
# build/tests/*/kb-*-tests) once per rapidcheck seed, with KB_BOUND_REPORT pointing to one
# TSV per run (the harness writes one line per comparison: test case, what, scalar type,
# bound kind, within|exceeds, |error|, bound, ratio, ok|FAILED), then writes the book page
# docs/tightness.md from all of them with docs/tools/tightness.py.
#
#   bash tests/tightness.sh [--seeds N] [--first-seed S] [--build DIR] [--out DIR]
#                           [--jobs J] [--page FILE] [--report-only]
#
#   --seeds N       number of seeds (default 30): RC_PARAMS="seed=S", …, "seed=S+N−1"
#   --first-seed S  the first seed (default 1)
#   --build DIR     the build directory with the test binaries (default ./build); it must
#                   have been built (the README's test command does it)
#   --out DIR       where the TSVs and logs go (default DIR/tightness of the build)
#   --jobs J        binaries run at once (default 1; the machine may be shared)
#   --page FILE     the page to write (default docs/tightness.md of the source tree)
#   --report-only   do not run anything: rebuild the page from the TSVs already in --out
#
# The binaries run directly (not through ctest: one process per binary and seed), in the
# build directory as ctest runs them, under `nice -n 10`. A binary that is missing or
# cannot be executed (being relinked by a build) is retried; a test case that skips (exit
# code 77) is excluded and the rest of its binary runs again, and the skip is listed on
# the page. Exit status: that of `tightness.py --check` — non-zero when a flagged check
# (worst ratio below 10⁻³) has no written reason in docs/tools/tightness_reasons.tsv, or a
# test case failed or was skipped in some run.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seeds=30
first=1
build=$root/build
out=
jobs=1
page=$root/docs/tightness.md
run=1
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds=$2; shift 2 ;;
    --first-seed) first=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --page) page=$2; shift 2 ;;
    --report-only) run=0; shift ;;
    -h|--help) sed -n '2,28p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "tightness.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
build=$(cd "$build" && pwd)
out=${out:-$build/tightness}
python=/usr/bin/python3

# The test binaries, as paths relative to the build directory, and their chapter names:
# kb-03-eckart-young-tests → 03-eckart-young, kb-cross-tests → cross.
mapfile -t binaries < <(cd "$build" && ls -1 chapters/*/kb-*-tests tests/*/kb-*-tests 2>/dev/null | sort)
if [ ${#binaries[@]} -eq 0 ]; then
  echo "tightness.sh: no test binaries under $build (build them first: bash tests/run.sh)" >&2
  exit 2
fi

# run_one SEED BINARY: one binary at one seed; appends a line to runs.tsv (seed, binary,
# chapter, exit code, seconds, attempts, --jobs).
run_one() {
  local seed=$1 bin=$2
  local name chapter dir tsv log start rc attempts=0 excludes=() skipped
  name=$(basename "$bin")
  chapter=${name#kb-}
  chapter=${chapter%-tests}
  dir=$out/seed-$seed
  tsv=$dir/$name.tsv
  log=$dir/$name.log
  rm -f "$tsv" "$tsv.gz" "$log"
  start=$(date +%s.%N)
  while :; do
    attempts=$((attempts + 1))
    if [ ! -x "$build/$bin" ]; then
      # Being relinked by someone's build: wait for it.
      if [ $attempts -ge 60 ]; then rc=127; echo "tightness.sh: $bin missing" >>"$log"; break; fi
      sleep 10
      continue
    fi
    local filter=()
    if [ ${#excludes[@]} -gt 0 ]; then
      filter=("--test-case-exclude=$(IFS=,; echo "${excludes[*]}")")
    fi
    set +e
    (cd "$build" && KB_BOUND_REPORT="$tsv" RC_PARAMS="seed=$seed" nice -n 10 "./$bin" "${filter[@]}") \
      >>"$log" 2>&1
    rc=$?
    set -e
    if [ $rc -eq 126 ] || [ $rc -eq 127 ]; then
      # Text file busy / vanished between the test and the exec: the run did nothing.
      if [ $attempts -ge 60 ]; then break; fi
      echo "tightness.sh: could not execute $bin (exit $rc), retrying" >>"$log"
      rm -f "$tsv"
      sleep 10
      continue
    fi
    if [ $rc -eq 77 ]; then
      # A test case that cannot run ends its process: exclude it and run the rest.
      # "kernelbook: SKIPPED <test case>: <reason>": the longest listed name that fits.
      local line
      line=$(grep -o 'kernelbook: SKIPPED .*' "$log" | tail -1 | sed 's/^kernelbook: SKIPPED //' || true)
      skipped=
      while IFS= read -r tc; do
        if [ -n "$tc" ] && [ "${line#"$tc: "}" != "$line" ] && [ ${#tc} -gt ${#skipped} ]; then skipped=$tc; fi
      done < <(cd "$build" && "./$bin" --list-test-cases 2>/dev/null | grep -v '^\[doctest\]\|^=====' || true)
      if [ -n "$skipped" ] && [ ${#excludes[@]} -lt 20 ]; then
        # doctest filters are wildcards split at ','; '?' matches the characters it treats specially.
        excludes+=("$(printf '%s' "$skipped" | sed 's/[,*?\\]/?/g')")
        rm -f "$tsv" # the rest runs again from the start: no line twice
        continue
      fi
    fi
    break
  done
  if [ -f "$tsv" ]; then gzip -f "$tsv"; fi
  printf '%s\t%s\t%s\t%s\t%.1f\t%s\t%s\n' "$seed" "$name" "$chapter" "$rc" \
    "$(echo "$(date +%s.%N) - $start" | bc)" "$attempts" "$jobs" >>"$out/runs.tsv"
}

if [ $run -eq 1 ]; then
  mkdir -p "$out"
  rm -rf "$out"/seed-* "$out/runs.tsv"
  t0=$(date +%s)
  for ((s = first; s < first + seeds; s++)); do
    mkdir -p "$out/seed-$s"
    for bin in "${binaries[@]}"; do
      while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
      run_one "$s" "$bin" &
    done
    echo "tightness.sh: seed $s done ($(( $(date +%s) - t0 )) s)" >&2
  done
  wait
  echo "tightness.sh: $seeds seeds × ${#binaries[@]} binaries in $(( $(date +%s) - t0 )) s" >&2
fi

"$python" "$root/docs/tools/tightness.py" --runs "$out" --reasons "$root/docs/tools/tightness_reasons.tsv" \
  --output "$page" --command "bash tests/tightness.sh --seeds $seeds" --check

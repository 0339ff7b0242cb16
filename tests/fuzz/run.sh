#!/usr/bin/env bash
# Builds the libFuzzer targets (with AddressSanitizer and UndefinedBehaviorSanitizer) in a
# build directory of their own ($KB_FUZZ_BUILD_DIR, default ./build-fuzz) and runs each for
# SECONDS (default 20) from its seed corpus (tests/fuzz/corpus/<target>/, read only: what the
# fuzzer finds goes to a scratch corpus in the build directory). A crash, a sanitizer report,
# an uncaught exception or a failed check stops the target with its input saved as
# crash-… in the build directory, and the script fails. It prints each target's number of
# executions. KB_FUZZ_SEED fixes libFuzzer's random seed (.ci/run does, so that CI's smoke
# run is repeatable); without it each run explores anew. KB_FUZZ_RUNS=N stops a target after
# N executions (SECONDS still bounds it): the long runs recorded in docs/README.md are
#   KB_FUZZ_RUNS=1000000 bash tests/fuzz/run.sh 7200
#   bash tests/fuzz/run.sh [SECONDS] [TARGET…]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
seconds=${1:-20}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(csv idx kernel_spec cli methods)
bash "$root/tests/support/packages.sh" test
build=${KB_FUZZ_BUILD_DIR:-$root/build-fuzz}
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ -DKB_FUZZ=ON \
      -DKB_BUILD_TESTS=OFF -DKB_BUILD_DOCS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target $(printf 'fuzz_%s ' "${targets[@]}")
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
status=0
for t in "${targets[@]}"; do
  work="$build/fuzz/work_$t"
  mkdir -p "$work/corpus"
  log="$build/fuzz/$t.log"
  # The target's working directory is its scratch directory: fuzz_cli and fuzz_idx write their
  # input files there.
  opts=()
  [ -z "${KB_FUZZ_SEED:-}" ] || opts=(-seed="$KB_FUZZ_SEED")
  [ -z "${KB_FUZZ_RUNS:-}" ] || opts+=(-runs="$KB_FUZZ_RUNS")
  if (cd "$work" && "$build/fuzz/fuzz_$t" "${opts[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="$build/fuzz/${t}_" corpus "$root/tests/fuzz/corpus/$t") \
        >"$log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    took=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | grep -o '[0-9]* second' | grep -o '[0-9]*' || echo "$seconds")
    echo "fuzz_$t: ${runs} executions in ${took} s, no finding"
  else
    echo "fuzz_$t: FINDING — the input is in $build/fuzz/${t}_*; the report:" >&2
    grep -v '^#[0-9]' "$log" | tail -40 >&2
    status=1
  fi
done
exit $status

#!/usr/bin/env bash
# Load-independent comparison of the scalar backends: runs kb-bench-scalars under
# callgrind, one repetition of each measurement between client requests, and prints the
# instruction count (Ir) of each. Usage:
#   tests/bench/callgrind.sh build/tests/bench/kb-bench-scalars [--sizes 20,50 --exp-count 10000 …]
set -euo pipefail
bin=${1:?usage: callgrind.sh path/to/kb-bench-scalars [options]}
shift
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out/cg.out" "$bin" --callgrind "$@" \
  >"$out/stdout" 2>"$out/valgrind.log"
printf '| %-40s | %-16s | %16s |\n' type workload "instructions (Ir)"
printf '|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..42})" "$(printf -- '-%.0s' {1..18})" "$(printf -- '-%.0s' {1..18})"
for f in $(ls "$out"/cg.out.* | sort -t. -k3 -n); do
  label=$(sed -n 's/^desc: Trigger: Client Request: //p' "$f" | head -1)
  ir=$(sed -n 's/^summary: //p; s/^totals: //p' "$f" | head -1 | awk '{print $1}')
  printf '| %-40s | %-16s | %16s |\n' "${label%% | *}" "${label##* | }" "$ir"
done

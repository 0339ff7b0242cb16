#!/usr/bin/env bash
# Load-independent comparison of the scalar backends: runs kb-bench-scalars under
# callgrind, one repetition of each measurement between client requests (after one
# uncounted warm-up run), and prints the instruction count (Ir) of each. Usage:
#   tests/bench/callgrind.sh build/tests/bench/kb-bench-scalars [--only TYPE --sizes 20,50 …]
# Set KB_CALLGRIND_KEEP=dir to keep the callgrind dumps in dir.
set -euo pipefail
bin=${1:?usage: callgrind.sh path/to/kb-bench-scalars [options]}
shift
out=${KB_CALLGRIND_KEEP:-$(mktemp -d)}
mkdir -p "$out"
[ -n "${KB_CALLGRIND_KEEP:-}" ] || trap 'rm -rf "$out"' EXIT
valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out/cg.out" "$bin" --callgrind "$@" \
  >"$out/stdout" 2>"$out/valgrind.log"
# The self cost of a dump: cost lines are "<position> <Ir>"; the line after "calls=" is
# the inclusive cost of a call, already counted in the callee, so it is skipped.
self_cost() {
  awk '/^calls=/ { skip = 1; next }
       /^[0-9+*-]/ { if (skip) { skip = 0; next } if (NF >= 2) total += $2; next }
       { skip = 0 }
       END { printf "%.0f\n", total }' "$1"
}
printf '| %-40s | %-16s | %16s |\n' type workload "instructions (Ir)"
printf '|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..42})" "$(printf -- '-%.0s' {1..18})" "$(printf -- '-%.0s' {1..18})"
for name in $(ls "$out" | grep '^cg\.out\.[0-9]' | sort -t. -k3 -n); do
  f="$out/$name"
  label=$(sed -n 's/^desc: Trigger: Client Request: //p' "$f" | head -1)
  printf '| %-40s | %-16s | %16s |\n' "${label%% | *}" "${label##* | }" "$(self_cost "$f")"
done

#!/usr/bin/env bash
# The test of docs/handout.sh (tests/handout/CMakeLists.txt):
#
#   bash check_handout.sh --source SRC --work DIR --generator GEN --cxx CXX
#
# writes the handout of SRC's HEAD into DIR/handout and checks that
#   1. no file of it is a model solution (a path under chapters/*/exercises/solutions/);
#   2. no file of it holds a line of solution code: every line of the solutions (at HEAD)
#      that is code — not blank, not a comment, an #include or a lone brace — and that no
#      other tracked file holds (at least 20 such lines must exist, or the check is empty);
#      and no file opens a namespace `solution`;
#   3. every other file SRC tracks at HEAD is in it, byte for byte and with its mode, and
#      nothing else is: the handout is the commit minus the solutions;
#   4. its exercise stubs (chapters/*/exercises/*.hpp) are also byte for byte those of
#      SRC's working tree — the stubs this build compiled and the suite proves fail every
#      check ("every check fails on the untouched stubs") — and each still throws "is not
#      written yet";
#   5. it configures with CMake (KB_EXERCISES=ON, as a course configures it; no build), and
#      ctest then lists each chapter's "your solutions" test under its label exercises-NN
#      and no test of the model solutions.
# Exits non-zero, naming what is wrong, when any check fails.
set -euo pipefail
while [ $# -gt 0 ]; do
  case $1 in
    --source) src=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --generator) generator=$2; shift 2 ;;
    --cxx) cxx=$2; shift 2 ;;
    *) echo "check_handout.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
problems=0
problem() {
  echo "FAIL: $*" >&2
  problems=$((problems + 1))
}

rm -rf "$work"
mkdir -p "$work"
handout=$work/handout
bash "$src/docs/handout.sh" "$handout"

# What HEAD tracks: mode, blob and path of each file.
git -C "$src" ls-tree -r --full-tree HEAD | awk -F '\t' '{ split($1, a, " "); print a[1] " " a[3] "\t" $2 }' \
  > "$work/tracked.tsv"
grep -P '\tchapters/[^/]+/exercises/solutions/' "$work/tracked.tsv" | cut -f2 > "$work/solutions.txt" || true
n_solutions=$(wc -l < "$work/solutions.txt")
[ "$n_solutions" -gt 0 ] || problem "HEAD of $src has no file under chapters/*/exercises/solutions/: nothing to leave out (commit the solutions)"

# 1. No solution file.
(cd "$handout" && find . -type f | sed 's|^\./||' | sort) > "$work/handout.txt"
if leaked=$(grep '/exercises/solutions/' "$work/handout.txt"); then
  problem "the handout holds model solutions: $leaked"
fi

# 2. No solution code. The code lines of the solutions…
: > "$work/solution-lines.txt"
while read -r f; do
  git -C "$src" show "HEAD:$f" |
    sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' |
    grep -v -E '^($|//|#|[{}]+;?$|}[[:space:]]*//.*$)' >> "$work/solution-lines.txt" || true
done < "$work/solutions.txt"
sort -u -o "$work/solution-lines.txt" "$work/solution-lines.txt"
# …that no other tracked file holds (a line such as `return out;` is anybody's): every other
# blob of HEAD, read by one git process (its header lines, "<blob>", are no code line).
grep -v -P '\tchapters/[^/]+/exercises/solutions/' "$work/tracked.tsv" | cut -f1 | cut -d' ' -f2 |
  git -C "$src" cat-file --batch='%(objectname)' |
  sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' | sort -u > "$work/others.txt"
comm -23 "$work/solution-lines.txt" "$work/others.txt" > "$work/solution-only.txt"
n_lines=$(wc -l < "$work/solution-only.txt")
[ "$n_lines" -ge 20 ] || problem "only $n_lines lines of solution code are unique to the solutions: the search for solution text would find little"
while read -r f; do
  sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' "$handout/$f" 2>/dev/null
done < "$work/handout.txt" | sort -u > "$work/handout-lines.txt"
if found=$(comm -12 "$work/solution-only.txt" "$work/handout-lines.txt") && [ -n "$found" ]; then
  problem "the handout holds lines of the model solutions:"$'\n'"$found"
fi
if found=$(grep -rlE '^[[:space:]]*namespace[[:space:]]+solution\b' "$handout") && [ -n "$found" ]; then
  problem "the handout opens namespace solution in: $found"
fi

# 3. The commit minus the solutions, byte for byte, modes included.
grep -v -P '\tchapters/[^/]+/exercises/solutions/' "$work/tracked.tsv" | cut -f2 | sort > "$work/expected.txt"
if ! diff -u "$work/expected.txt" "$work/handout.txt" > "$work/files.diff"; then
  problem "the handout's files are not HEAD's files without the solutions (- missing, + extra):"$'\n'"$(grep '^[-+][^-+]' "$work/files.diff")"
fi
# The blob of every file of the handout, hashed by one git process, against HEAD's.
grep -v -P '\tchapters/[^/]+/exercises/solutions/' "$work/tracked.tsv" | sort -t$'\t' -k2 > "$work/expected.tsv"
while IFS=$'\t' read -r meta f; do
  [ -f "$handout/$f" ] && echo "$handout/$f"
done < "$work/expected.tsv" > "$work/present.txt"
git hash-object --no-filters --stdin-paths < "$work/present.txt" > "$work/hashes.txt"
while IFS=$'\t' read -r meta f; do
  [ -f "$handout/$f" ] || continue
  IFS= read -r hash <&3
  mode=${meta% *}
  [ "$hash" = "${meta#* }" ] || problem "$f differs from HEAD's"
  if [ "$mode" = 100755 ] && [ ! -x "$handout/$f" ]; then problem "$f lost its executable bit"; fi
  if [ "$mode" = 100644 ] && [ -x "$handout/$f" ]; then problem "$f became executable"; fi
done < "$work/expected.tsv" 3< "$work/hashes.txt"
n_files=$(wc -l < "$work/expected.txt")

# 4. The stubs: those this build checked, untouched.
n_stubs=0
for stub in "$handout"/chapters/*/exercises/*.hpp; do
  rel=${stub#"$handout"/}
  n_stubs=$((n_stubs + 1))
  cmp -s "$stub" "$src/$rel" || problem "the stub $rel of the handout differs from the working tree's, which the suite checked"
  grep -q 'not_written<' "$stub" || problem "the stub $rel does not throw \"is not written yet\""
done
n_tracked_stubs=$(grep -c -P '\tchapters/[^/]+/exercises/[^/]+\.hpp$' "$work/tracked.tsv" || true)
[ "$n_stubs" -gt 0 ] && [ "$n_stubs" -eq "$n_tracked_stubs" ] ||
  problem "the handout has $n_stubs exercise stubs, HEAD $n_tracked_stubs"

# 5. It configures, as a course configures it, and registers the students' checks only.
if ! cmake -S "$handout" -B "$work/build" -G "$generator" -DCMAKE_CXX_COMPILER="$cxx" -DKB_EXERCISES=ON \
     > "$work/configure.log" 2>&1; then
  problem "the handout does not configure:"$'\n'"$(tail -30 "$work/configure.log")"
else
  ctest --test-dir "$work/build" --show-only=json-v1 > "$work/tests.json"
  /usr/bin/python3 - "$work/tests.json" <<'PY' || problems=$((problems + 1))
import json, re, sys
tests = json.load(open(sys.argv[1]))["tests"]
def labels(t):
    for p in t.get("properties", []):
        if p["name"] == "LABELS":
            return p["value"]
    return []
bad = [t["name"] for t in tests if "model solution" in t["name"] or "handout:" in t["name"]]
if bad:
    print("FAIL: the handout registers tests that need the solutions: " + "; ".join(bad), file=sys.stderr)
    sys.exit(1)
yours = {t["name"]: labels(t) for t in tests if t["name"].endswith(": exercises: your solutions")}
wrong = [f"{n} (labels {l})" for n, l in yours.items() if f"exercises-{n[:2]}" not in l]
if len(yours) != 8 or wrong:
    print(f"FAIL: the handout registers {len(yours)} 'your solutions' tests, wanted 8 with labels exercises-NN; wrong: {wrong}",
          file=sys.stderr)
    sys.exit(1)
print(f"check_handout: the handout's ctest lists {len(tests)} tests before a build, each chapter's "
      "'your solutions' under its label exercises-NN, none of the model solutions")
PY
fi

if [ "$problems" -gt 0 ]; then
  echo "check_handout: $problems problem(s); the handout is in $handout" >&2
  exit 1
fi
echo "check_handout: $n_files files as committed, $n_stubs exercise stubs as checked, no model solution" \
     "($n_solutions files, $n_lines lines of code unique to them, none found in the handout); it configures"
rm -rf "$work/build"

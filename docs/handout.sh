#!/usr/bin/env bash
# The student handout of a course taught with the book:
#
#   bash docs/handout.sh OUT_DIR [COMMIT]
#
# writes into OUT_DIR (new, or empty) the files the repository tracks at COMMIT (HEAD by
# default), exactly as committed, except the model solutions of the programming exercises
# (every chapters/NN-topic/exercises/solutions/ folder). Everything else stays: the lessons,
# the library, the exercise stubs and their checks, the tests, the book's pages and the
# LICENSE (both licences ask that it goes with every copy). Without the solutions CMake
# defines no KB_MODEL_SOLUTIONS and registers no "model solutions" test, so the handout
# configures and builds as it is (see docs/instructors.md, the page `instructors`).
#
# Files are taken from the commit, not from the working tree: a stub an instructor has
# filled in locally, or any other uncommitted change, is not handed out (the script says
# so when the working tree differs from the commit). The handout is not a git repository;
# `git init` in it starts one for the students.
# Tested by tests/handout (ctest -L handout).
set -euo pipefail

fail() {
  echo "handout.sh: $*" >&2
  exit 1
}
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ -z "$1" ]; then
  echo "usage: bash docs/handout.sh OUT_DIR [COMMIT]   (writes a student handout: the repository at COMMIT, HEAD by default, without the exercises' model solutions)" >&2
  exit 2
fi
out=$1
commit=${2:-HEAD}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

command -v git >/dev/null || fail "git is needed (Debian: apt-get install git)"
command -v tar >/dev/null || fail "tar is needed (Debian: apt-get install tar)"
git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
  fail "$root is not a git checkout: the handout is made from the files the repository tracks; run it in a clone of kernelbook"
rev=$(git -C "$root" rev-parse --verify --quiet "$commit^{commit}") ||
  fail "'$commit' is not a commit of the repository in $root (give a commit, a branch or a tag, or nothing for HEAD)"
if [ -e "$out" ] && { [ ! -d "$out" ] || [ -n "$(ls -A "$out")" ]; }; then
  fail "$out exists and is not an empty folder: give a new folder, so that nothing of an earlier handout (a solution, say) stays in it"
fi

# The solutions: the folders exercises/solutions/ of the chapters, as the commit holds them.
mapfile -t solutions < <(git -C "$root" ls-tree -r --name-only "$rev" -- chapters |
                         sed -n 's|^\(chapters/[^/]*/exercises/solutions\)/.*|\1|p' | sort -u)

mkdir -p "$out"
# git archive writes the commit's files with their modes; the pathspec leaves the solutions out.
git -C "$root" archive --format=tar "$rev" -- . ':(exclude,glob)chapters/*/exercises/solutions/**' |
  tar -x -C "$out"

# A solution in the handout would end the exercise: make sure none is there.
if leaked=$(cd "$out" && find . -path '*/exercises/solutions*' -print -quit) && [ -n "$leaked" ]; then
  fail "the handout in $out holds $leaked, a model solution; it must not be handed out (remove $out)"
fi

files=$(cd "$out" && find . -type f | wc -l)
echo "handout.sh: the student handout of $(git -C "$root" log -1 --format='%h (%s)' "$rev" | cut -c1-100)"
echo "handout.sh: $files files in $out"
if [ ${#solutions[@]} -gt 0 ]; then
  echo "handout.sh: left out, the model solutions: ${solutions[*]}"
else
  echo "handout.sh: this commit has no model solutions; nothing was left out"
fi
if [ "$(git -C "$root" rev-parse HEAD)" = "$rev" ] && [ -n "$(git -C "$root" status --porcelain --untracked-files=no)" ]; then
  echo "handout.sh: note: the working tree has uncommitted changes; the handout holds the files as committed"
fi
echo "handout.sh: students build it with the README's commands, and check one chapter's exercises with"
echo "    cmake -S . -B build -DKB_EXERCISES=ON && cmake --build build && ctest --test-dir build -L exercises-NN"

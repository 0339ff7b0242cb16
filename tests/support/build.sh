# Sourced by the README's two commands (docs/book.sh, tests/run.sh) with the package set as
# its argument (book or test): installs what is missing (tests/support/packages.sh),
# configures and builds. Sets root, build and jobs for the caller. Build directory:
# $KB_BUILD_DIR, default ./build; a new one is configured with clang++ (or $CXX), an
# existing one keeps its compiler.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bash "$root/tests/support/packages.sh" "$1"
build=${KB_BUILD_DIR:-$root/build}
jobs=$(nproc)
compiler=()
[ -f "$build/CMakeCache.txt" ] || compiler=(-DCMAKE_CXX_COMPILER="${CXX:-clang++}")
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release "${compiler[@]}" >/dev/null
cmake --build "$build" -j"$jobs"

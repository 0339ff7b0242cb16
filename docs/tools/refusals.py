#!/usr/bin/python3
"""Writes the book's catalogue of refusals (the page `refusals`) from the test suite.

    refusals.py --root SRC --out FILE --ctest CTEST --build-dir BUILD [--min N]
    refusals.py --root SRC --out FILE --no-tests
    refusals.py --self-test

Every refusal the tests check is on the page: each bad input, the function or command
that refuses it, the whole message the reader gets, and the test that checks it. Nothing
on the page is written by hand: the test executables print it.

How. ctest's list (`ctest --show-only=json-v1`) names each doctest executable and its
test cases; each executable's listing (--list-test-cases --reporters=xml, as bookpages.py
reads it) gives each test case's file and line. A test case is run if its source lines
hold a refusal check: CHECK_THROWS_WITH_AS / REQUIRE_THROWS_WITH_AS, or a refusal noted
with KB_RECORD_REFUSAL (the command's tests note theirs through NOTE_REFUSAL). Those test
cases run once more, with the reporter kb-refusals (tests/support/refusals.hpp), which
prints one JSON line per refusal that passed: the expression (the bad input), the
exception's whole message, the fragment the test requires, the test case, file and line.

A refusal is one (file, line, message): a check in a loop over several bad inputs gives
one row per input. A check inside a property (many random inputs) gives at most
SAME_LINE_ROWS rows and says how many more it checked. Temporary directories are cut
from the messages (a test writes its bad files there; one named alone becomes TMPDIR),
so the page is the same on every run.

It FAILS (exit 1) when ctest's list cannot be read, an executable fails or prints no
record, or fewer than --min distinct refusals are found.

Python 3 standard library only; run with /usr/bin/python3.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bookpages import DataError, code, ctest_list, doctest_listing, output_of, shorten, source_dirs  # noqa: E402

REFUSAL_RE = re.compile(r"\b(?:CHECK|REQUIRE)_THROWS_WITH(?:_AS)?\s*\(|\b(?:KB_RECORD_REFUSAL|NOTE_REFUSAL)\s*\(")
SAME_LINE_ROWS = 50         # rows shown for one check line that refused many (random) inputs; a loop over
                            # listed bad inputs (the command's 28 wrong command lines) shows them all
MESSAGE_CHARS = 400         # a message longer than this is shortened on the page
INPUT_CHARS = 160


@dataclass
class Refusal:
    test: str
    file: str          # relative to the source tree
    line: int
    input: str
    message: str
    expected: str
    kind: str          # "throws" (a throws-with check) or "noted" (KB_RECORD_REFUSAL)

    @property
    def function(self) -> str:
        return function_of(self.input, self.kind)


def function_of(expr: str, kind: str) -> str:
    """The function or command an input goes to: `kernelbook pca` for a command line, the
    first kb:: name called in an expression (without kb::), else the first method or
    function called."""
    expr = " ".join(expr.split())
    if kind == "noted" or expr.startswith("kernelbook"):
        words = expr.split()
        sub = next((w for w in words[1:] if not w.startswith("-")), "")
        return "kernelbook " + sub if sub and re.match(r"^[a-z]+$", sub) else "kernelbook"
    m = re.search(r"\bkb::((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*)\s*(?:<[^()]*>)?\s*[({]", expr)
    if m:
        name = m.group(1)
        # kb::Pca<double>(…).transform(…): the method is what refuses.
        method = re.search(r"\)\s*\.\s*([A-Za-z_]\w*)\s*\(", expr[m.end():])
        return name + "::" + method.group(1) if method else name
    m = re.search(r"\.\s*([A-Za-z_]\w*)\s*\(", expr) or re.search(r"\b([A-Za-z_]\w*)\s*\(", expr)
    return m.group(1) if m else expr[:40]


def normalise(message: str, temp_dirs: list[str]) -> str:
    """Temporary directories cut from a message ('/tmp/kb-io-123/x.idx' → 'x.idx'); a
    temporary directory named alone becomes 'TMPDIR' (its name holds a process number)."""
    for t in temp_dirs:
        message = re.sub(re.escape(t.rstrip("/")) + r"/[^\s'/\":]+/", "", message)
        message = re.sub(re.escape(t.rstrip("/")) + r"/[^\s'/\":]+", "TMPDIR", message)
    return message


def refusal_lines(path: Path) -> list[int]:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [i for i, l in enumerate(text.splitlines(), 1) if REFUSAL_RE.search(l)]


def selected_test_cases(listing: dict[str, tuple[str, int]]) -> list[str]:
    """The test cases of one executable whose source lines hold a refusal check: those from
    the line of their TEST_CASE to the next test case of the same file."""
    by_file: dict[str, list[tuple[int, str]]] = {}
    for name, (file, line) in listing.items():
        by_file.setdefault(file, []).append((line, name))
    chosen = []
    for file, cases in by_file.items():
        cases.sort()
        lines = refusal_lines(Path(file))
        for k, (line, name) in enumerate(cases):
            end = cases[k + 1][0] if k + 1 < len(cases) else 10**9
            # Several test cases on one line (a TEST_CASE_TEMPLATE) share its range.
            if k + 1 < len(cases) and end == line:
                end = next((l for l, _ in cases[k + 1:] if l > line), 10**9)
            if any(line <= r < end for r in lines):
                chosen.append(name)
    return chosen


def doctest_filter(names: list[str]) -> str:
    """--test-case= for exactly these names: doctest splits at commas, '\\,' is a comma."""
    return "--test-case=" + ",".join(n.replace("\\", "\\\\").replace(",", "\\,") for n in names)


def run_refusals(ctest: str, build_dir: str, root: Path) -> list[Refusal]:
    runners: list[tuple[str, ...]] = []
    for _, args in ctest_list(ctest, build_dir):
        i = next((i for i, a in enumerate(args) if a.startswith("--test-case=")), 0)
        if i > 0 and tuple(args[:i]) not in runners:
            runners.append(tuple(args[:i]))
    sources = source_dirs(root, build_dir)
    temp_dirs = sorted({tempfile.gettempdir(), "/tmp"}, key=len, reverse=True)
    found: list[Refusal] = []
    for runner in runners:
        names = selected_test_cases(doctest_listing(list(runner), runner[-1], build_dir))
        if not names:
            continue
        out = output_of(list(runner) + ["--reporters=kb-refusals", doctest_filter(names)],
                        f"the refusals of {Path(runner[-1]).name}")
        records = [json.loads(l) for l in out.splitlines() if l.startswith("{")]
        if not records:
            raise DataError(f"{runner[-1]} ran {len(names)} test cases with refusal checks but printed no record: "
                            "is tests/support/refusals.cpp linked into it?")
        for r in records:
            file = next((r["file"][len(s):] for s in sources if r["file"].startswith(s)), r["file"])
            found.append(Refusal(r["test"], file, int(r["line"]), " ".join(r["input"].split()),
                                 normalise(r["message"], temp_dirs), r["expected"], r["kind"]))
    return found


def distinct(refusals: list[Refusal]) -> tuple[list[Refusal], dict[tuple[str, int], int]]:
    """One row per (file, line, message); at most SAME_LINE_ROWS per line, with the count of
    the others."""
    rows, seen, per_line, more = [], set(), {}, {}
    for r in refusals:
        key = (r.file, r.line, r.message)
        if key in seen:
            continue
        seen.add(key)
        n = per_line.get((r.file, r.line), 0)
        per_line[(r.file, r.line)] = n + 1
        if n < SAME_LINE_ROWS:
            rows.append(r)
        else:
            more[(r.file, r.line)] = more.get((r.file, r.line), 0) + 1
    rows.sort(key=lambda r: (r.file, r.line))
    return rows, more


def area(file: str) -> str:
    parts = Path(file).parts
    return "/".join(parts[:2]) if len(parts) > 2 else str(Path(file).parent)


def cell_code(text: str) -> str:
    # A '|' would end the table cell even inside a code span, where an entity (&#124;) is
    # shown as typed: it is shown as '∣' (U+2223), which the page's introduction says.
    return code(" ".join(text.split())).replace("|", "∣")


def page(refusals: list[Refusal] | None) -> str:
    head = ["# Refusals: every bad input the tests check {#refusals}", ""]
    if refusals is None:
        return "\n".join(head + ["This book was built without its tests (KB_BUILD_TESTS=OFF), so there is no "
                                 "catalogue of refusals: it is printed by the tests themselves.", ""])
    rows, more = distinct(refusals)
    functions = sorted({r.function for r in rows} | {r.function for r in refusals})
    tests = {r.test for r in refusals}
    total = len({(r.file, r.line, r.message) for r in refusals})
    out = head + [
        f"The tests check **{total} distinct refusals** of bad input by **{len(functions)} functions and commands**, "
        f"in {len(tests)} test cases. Each row below is one of them: the bad input (the expression a test evaluates, "
        "or the command line it runs), the function that refuses it, the **whole message** the reader gets "
        "(kb::error's text, or the command's standard error), and the test that checks the refusal, with its "
        "file and line.",
        "",
        "Nothing here is written by hand. `docs/tools/refusals.py` runs every test case that checks a refusal "
        "with the test reporter `kb-refusals` (tests/support/refusals.hpp), which prints each refusal that passed "
        "its check; a test names the part of the message it requires, and this page shows all of it. The page is "
        "rebuilt with the book (`cmake --build build --target docs`). Temporary directories are cut from file "
        "names in the messages (one named alone is shown as TMPDIR). A check inside a property, which refuses many random inputs, shows "
        f"{SAME_LINE_ROWS} of them. A vertical bar in a message is shown as ∣ (a bar would end the table's cell).",
        "",
        "The policy behind the messages: a message names the function, what is wrong with the input (the value, "
        "its position, the shape) and what to do instead; the bounds a refusal compares with are those of "
        "\\ref numerics.hpp. The command's exit codes are on the page \\ref using-kernelbook.",
        "",
    ]
    groups: dict[str, list[Refusal]] = {}
    for r in rows:
        groups.setdefault(area(r.file), []).append(r)
    number = 0
    for name in sorted(groups):
        rs = groups[name]
        out += [f"## {name}", "", "| # | function | bad input | message | test |", "|---|---|---|---|---|"]
        for r in rs:
            number += 1
            extra = more.get((r.file, r.line))
            msg = shorten(r.message, MESSAGE_CHARS)
            if extra and r is [x for x in rs if (x.file, x.line) == (r.file, r.line)][-1]:
                msg += f" (and {extra} more inputs of the same check)"
            where = f"{r.file}:{r.line}"
            out.append("| " + " | ".join([
                str(number), cell_code(r.function), cell_code(shorten(r.input, INPUT_CHARS)),
                cell_code(msg), cell_code(shorten(r.test, 120)) + " (" + cell_code(where) + ")"]) + " |")
        out.append("")
    return "\n".join(out)


def self_test() -> int:
    failures = []

    def expect(what, got, want):
        if got != want:
            failures.append(f"{what}: got {got!r}, want {want!r}")

    expect("a kb:: call", function_of("kb::Pca(Matrix<double>(0, 3), 1)", "throws"), "Pca")
    expect("a method after a construction", function_of("kb::Pca<double>(A, 2).transform(z)", "throws"), "Pca::transform")
    expect("a qualified name", function_of("kb::io::read_idx_images(tmp.path(\"x\"))", "throws"), "io::read_idx_images")
    expect("a method of an object", function_of("fit.transform(Z)", "throws"), "transform")
    expect("a command line", function_of("kernelbook kpca --kernel foo d.csv", "noted"), "kernelbook kpca")
    expect("a command line without a subcommand", function_of("kernelbook", "noted"), "kernelbook")
    expect("temporary directory cut", normalise("'/tmp/kb-io-12/x.idx' is short", ["/tmp"]), "'x.idx' is short")
    expect("a temporary directory alone", normalise("a: /tmp/kb-cli-9-0: cannot read it", ["/tmp"]),
           "a: TMPDIR: cannot read it")
    rs = [Refusal("t", "chapters/01-pca/bad_input.cpp", 10, "kb::f(x)", f"m{k}", "m", "throws")
          for k in range(SAME_LINE_ROWS + 2)]
    rs.append(Refusal("t", "chapters/01-pca/bad_input.cpp", 10, "kb::f(x)", "m0", "m", "throws"))
    rows, more = distinct(rs)
    expect("rows of one line", len(rows), SAME_LINE_ROWS)
    expect("the others counted", more, {("chapters/01-pca/bad_input.cpp", 10): 2})
    text = page(rs)
    expect("distinct refusals counted", f"**{SAME_LINE_ROWS + 2} distinct refusals**" in text, True)
    expect("the others said", "(and 2 more inputs of the same check)" in text, True)
    bar = page([Refusal("t", "tests/cli/x.cpp", 1, "kernelbook pca d.csv", "not by ';' or '|'", "", "noted")])
    expect("a bar shown as ∣ in a table", "'∣'" in bar and "'|'" not in bar, True)
    expect("a filter with a comma", doctest_filter(["a, b", "c"]), "--test-case=a\\, b,c")
    for f in failures:
        print("refusals.py self-test: FAILED: " + f, file=sys.stderr)
    if not failures:
        print("refusals.py self-test: all checks passed")
    return 1 if failures else 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", type=Path, help="the project's source directory")
    ap.add_argument("--out", type=Path, help="the page to write (refusals.md)")
    ap.add_argument("--ctest", help="the ctest executable")
    ap.add_argument("--build-dir", help="the build directory whose tests run")
    ap.add_argument("--no-tests", action="store_true", help="a build without tests: the page says so")
    ap.add_argument("--min", type=int, default=0, help="fail if fewer distinct refusals are found")
    ap.add_argument("--self-test", action="store_true", help="check this script's own rules and exit")
    a = ap.parse_args(argv)
    if a.self_test:
        return self_test()
    if not a.out or not a.root or (not a.no_tests and not (a.ctest and a.build_dir)):
        ap.error("give --root, --out and either --ctest with --build-dir or --no-tests")
    try:
        found = None if a.no_tests else run_refusals(a.ctest, a.build_dir, a.root)
    except (DataError, OSError, ValueError) as e:
        print(f"refusals: error: {e}", file=sys.stderr)
        return 1
    text = page(found)
    if not a.out.exists() or a.out.read_text(encoding="utf-8") != text:
        a.out.write_text(text, encoding="utf-8")
    if found is not None:
        n = len({(r.file, r.line, r.message) for r in found})
        print(f"refusals: {n} distinct refusals by {len({r.function for r in found})} functions and commands; "
              f"page {a.out}")
        if n < a.min:
            print(f"refusals: error: only {n} distinct refusals, fewer than the {a.min} the book promises; "
                  "did a test executable stop recording (tests/support/refusals.cpp)?", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""The chapter's summary: what a chapter's checks established, as a student reads it.

The test programs of the chapters record one tab-separated line per test case
(tests/support/summary.hpp): program, doctest suite, test case, status, scalar types,
properties, generated cases, assertions, bounded comparisons, exact comparisons, companions,
failed comparisons, worst error/bound ratio among the bounded comparisons that passed ("-"
when none), and what was compared there.

For a chapter's tests (kb-NN-topic-tests) the summary has one row per statement, by its label
(`zhu:thm2`, carried in the test names as "[zhu:thm2]"), in the order the chapter's lesson
(chapters/NN-topic/README.md) first names them, then the checks that carry no label: the test
cases, the scalar types, the generated cases of the properties, the comparisons of an error
with a bound (and the exact ones), the companions (wrong formulas shown to fail), the worst
error/bound ratio, and whether everything passed. For a chapter's exercises
(kb-NN-topic-exercises) it has one row per exercise and suite (your solutions, the library's
functions, the model solutions, the typical mistake).

    summary.py --records FILE --source DIR [--out DIR] [--page]
    summary.py --source DIR --check-page NN-topic PROGRAM

prints the tables of the programs in FILE (one line per group instead when more than two
groups ran: a whole suite) and, with --out, writes each as DIR/<group>.txt and .md. With --page
the table of each chapter's tests is also written into its checks page
(chapters/NN-topic/checks/CHECKS.md) between the lines `<!-- summary: begin -->` and
`<!-- summary: end -->`. Run by ctest after every run (tests/summary/CTestCustom.cmake.in) and
by a chapter's test program run on its own (tests/support/main.cpp). --check-page compares the
page's first two columns (statements, numbers of test cases) with the chapter's test program's
list of test cases (a ctest test of every chapter).

Python standard library only.
"""
from __future__ import annotations

import argparse
import math
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

FIELDS = ("program", "suite", "name", "status", "types", "properties", "cases", "assertions", "bounded",
          "exact", "companions", "worst")
TYPE_ORDER = ["double", "real50", "real100", "rational"]
LABEL = re.compile(r"\[([a-z]+:[^\]\s]+)\]")
README_LABEL = re.compile(r"`([a-z]+:[A-Za-z0-9.\-]+)`")
EXERCISE = re.compile(r"^exercise ([0-9]+\.[0-9]+[a-z]?)\b")
SUITE_NAMES = {"student": "your solution", "library": "the library's functions", "solution": "the model solution",
               "mistake": "a typical mistake"}
BEGIN, END = "<!-- summary: begin -->", "<!-- summary: end -->"


@dataclass
class Case:
    program: str
    suite: str
    name: str
    status: str
    types: list[str]
    properties: int
    cases: int
    assertions: int
    bounded: int
    exact: int
    companions: int
    worst: float | None

    @staticmethod
    def parse(line: str) -> "Case":
        f = line.rstrip("\n").split("\t")
        if len(f) != len(FIELDS):
            raise ValueError(f"a summary record has {len(f)} fields, not {len(FIELDS)}: {line[:120]!r}")
        worst = None if f[11] == "-" else float(f[11])
        types = [] if f[4] == "-" else f[4].split(",")
        return Case(f[0], f[1], f[2], f[3], types, *map(int, f[5:11]), worst)


@dataclass
class Row:
    """One row of a table: the test cases of one statement (or of one exercise and suite)."""
    key: str
    suite: str = ""   # exercises: whom the checks ran on
    labels: str = ""  # exercises: the statements of its laws
    names: set[str] = field(default_factory=set)
    types: set[str] = field(default_factory=set)
    properties: int = 0
    cases: int = 0
    bounded: int = 0
    exact: int = 0
    companions: int = 0
    assertions: int = 0
    worst: float | None = None
    statuses: dict[str, int] = field(default_factory=dict)

    def add(self, c: Case) -> None:
        self.names.add(c.name)
        self.types.update(c.types)
        self.properties += c.properties
        self.cases += c.cases
        self.bounded += c.bounded
        self.exact += c.exact
        self.companions += c.companions
        self.assertions += c.assertions
        if c.worst is not None and (self.worst is None or c.worst > self.worst):
            self.worst = c.worst
        self.statuses[c.status] = self.statuses.get(c.status, 0) + 1


def sorted_types(types: set[str]) -> str:
    known = [t for t in TYPE_ORDER if t in types]
    return ", ".join(known + sorted(types - set(known))) or "—"


def ratio_text(r: float | None) -> str:
    if r is None:
        return "—"
    if r == 0:
        return "0"
    if math.isinf(r):
        return "inf"
    if r < 1 and float(f"{r:.2g}") >= 1:
        return f"{r:.4f}"  # 0.9996, not a "1" that reads as the bound itself
    return f"{r:.2g}" if r >= 0.01 else f"{r:.1e}"


def status_text(statuses: dict[str, int]) -> str:
    order = ["FAILED", "not written", "passed", "rejected as expected"]
    parts = [f"{statuses[s]} {s}" if len(statuses) > 1 or statuses[s] > 1 else s for s in order if s in statuses]
    parts += [f"{n} {s}" for s, n in sorted(statuses.items()) if s not in order]
    return ", ".join(parts)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def group_of(program: str) -> tuple[str, str] | None:
    """kb-07-kernel-pca-tests → ('07-kernel-pca', 'tests'); …-exercises → 'exercises'."""
    m = re.fullmatch(r"kb-([0-9][0-9]-[a-z0-9-]+?)-(tests|exercises)", program)
    return (m.group(1), m.group(2)) if m else None


def chapter_label_order(source: Path, chapter: str) -> list[str]:
    readme = source / "chapters" / chapter / "README.md"
    order: list[str] = []
    if readme.is_file():
        for label in README_LABEL.findall(readme.read_text(encoding="utf-8")):
            if label not in order:
                order.append(label)
    return order


def statement_rows(cases: list[Case], order: list[str]) -> list[Row]:
    rows: dict[str, Row] = {}
    unlabelled = Row("(no label)")
    for c in cases:
        labels = list(dict.fromkeys(LABEL.findall(c.name)))
        if not labels:
            unlabelled.add(c)
        for label in labels:
            rows.setdefault(label, Row(label)).add(c)
    position = {label: i for i, label in enumerate(order)}
    ranked = sorted(rows.values(), key=lambda r: (position.get(r.key, len(order)), r.key))
    return ranked + ([unlabelled] if unlabelled.names else [])


def exercise_rows(cases: list[Case]) -> list[Row]:
    rows: dict[tuple[str, str], Row] = {}
    for c in cases:
        m = EXERCISE.match(c.name)
        number = m.group(1) if m else "(other)"
        suite = SUITE_NAMES.get(c.suite, c.suite or "(no suite)")
        labels = " ".join(dict.fromkeys(LABEL.findall(c.name)))
        rows.setdefault((number, suite), Row(number, suite, labels)).add(c)

    def key(item):
        (number, suite), _ = item
        parts = [int(x) if x.isdigit() else x for x in re.split(r"[.]", number)]
        return (parts, list(SUITE_NAMES.values()).index(suite) if suite in SUITE_NAMES.values() else 9)

    return [row for _, row in sorted(rows.items(), key=key)]


def table(headers: list[str], body: list[list[str]], markdown: bool) -> str:
    if markdown:
        out = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
        out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in body]
        return "\n".join(out) + "\n"
    widths = [max(len(h), *(len(r[i]) for r in body)) if body else len(h) for i, h in enumerate(headers)]
    line = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()
    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in body]) + "\n"


def render(chapter: str, kind: str, cases: list[Case], source: Path, markdown: bool) -> tuple[str, str, str]:
    """The title line of one group, its counts (the title after "Chapter NN-topic[, exercises]: ")
    and its table."""
    total = Row("all")
    for c in cases:
        total.add(c)
    if kind == "tests":
        rows = statement_rows(cases, chapter_label_order(source, chapter))
        headers = ["statement", "tests", "scalar types", "cases", "assertions", "comparisons", "companions",
                   "worst error/bound", "result"]
        body = [[f"`{r.key}`" if markdown and ":" in r.key else r.key, str(len(r.names)),
                 sorted_types(r.types), str(r.cases) if r.properties else "—", str(r.assertions),
                 str(r.bounded + r.exact), str(r.companions), ratio_text(r.worst), status_text(r.statuses)]
                for r in rows]
        labelled = sum(1 for r in rows if ":" in r.key)
        counts = (f"{plural(len(total.names), 'test case')}, {plural(labelled, 'statement')}, "
                  f"{total.cases} generated cases, worst error/bound {ratio_text(total.worst)} — "
                  f"{status_text(total.statuses)}")
        title = f"Chapter {chapter}: {counts}"
    else:
        rows = exercise_rows(cases)
        headers = ["exercise", "checked on", "statements", "scalar types", "cases", "assertions", "comparisons",
                   "worst error/bound", "result"]
        body = [[r.key, r.suite, r.labels or "—", sorted_types(r.types), str(r.cases) if r.properties else "—",
                 str(r.assertions), str(r.bounded + r.exact), ratio_text(r.worst), status_text(r.statuses)]
                for r in rows]
        counts = (f"{plural(len(total.names), 'test case')}, {plural(len({r.key for r in rows}), 'exercise')} — "
                  f"{status_text(total.statuses)}")
        title = f"Chapter {chapter}, exercises: {counts}"
    return title, counts, table(headers, body, markdown)


NOTE = ("tests: test cases (one per scalar type); cases: the random inputs of the properties (laws), up to the "
        "first failure; assertions: doctest's checks; comparisons: an error against its bound from the arithmetic, "
        "or exact equality; companions: a wrong formula shown to exceed the same bound; worst error/bound: the "
        "largest |error|/bound among the passing comparisons (a check passes at or below 1); (no label): refusals "
        "of bad input, conventions and the book's own examples, which no statement of the sources names.")
EXERCISE_NOTE = ("cases: the random inputs of the exercise's laws, up to the first failure; assertions: doctest's "
                 "checks; comparisons: an error against its bound from the arithmetic, or exact equality; worst "
                 "error/bound: the largest |error|/bound among the passing comparisons (a check passes at or below "
                 "1); not written: the exercise's function is still the stub.")


def update_page(page: Path, text: str) -> bool:
    if not page.is_file():
        return False
    content = page.read_text(encoding="utf-8")
    if BEGIN not in content or END not in content:
        return False
    head, rest = content.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    page.write_text(head + BEGIN + "\n" + text + END + tail, encoding="utf-8")
    return True


def page_rows(page: Path) -> list[tuple[str, int]] | None:
    """The statement and tests columns of the first table in the page's summary block."""
    content = page.read_text(encoding="utf-8")
    if BEGIN not in content or END not in content:
        return None
    block = content.split(BEGIN, 1)[1].split(END, 1)[0]
    rows: list[tuple[str, int]] = []
    for line in block.splitlines():
        if not line.startswith("| "):
            if rows:
                break
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if cells[0] in ("statement", "exercise"):
            if cells[0] == "exercise":
                break
            continue
        rows.append((cells[0].strip("`"), int(cells[1])))
    return rows


def check_page(source: Path, chapter: str, program: str) -> int:
    """The page's statements and their numbers of test cases against the test program's list."""
    listed = subprocess.run([program, "--list-test-cases", "--no-version"], capture_output=True, text=True, check=True)
    names = [line for line in listed.stdout.splitlines()
             if line.strip() and not line.startswith("[doctest]") and not line.startswith("=====")]
    cases = [Case(Path(program).name, "", n, "passed", [], 0, 0, 0, 0, 0, 0, None) for n in names]
    expected = [(r.key, len(r.names)) for r in statement_rows(cases, chapter_label_order(source, chapter))]
    page = source / "chapters" / chapter / "checks" / "CHECKS.md"
    found = page_rows(page)
    if found is None:
        print(f"{page}: no summary block ({BEGIN} … {END})")
        return 1
    if found != expected:
        print(f"{page}: the summary's statements and numbers of test cases are not the chapter's tests'.")
        print("On the page:   " + ", ".join(f"{k} {n}" for k, n in found))
        print("In the tests:  " + ", ".join(f"{k} {n}" for k, n in expected))
        print("Run the chapter's checks and then: python3 tests/summary.py --records build/summaries/records.tsv "
              "--source . --page")
        return 1
    print(f"{page}: the summary names the chapter's {len(expected)} statements (and unlabelled checks) and its "
          f"{len(names)} test cases, in the chapter's order")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=Path)
    ap.add_argument("--source", required=True, type=Path)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--page", action="store_true", help="write each chapter's table into its checks page")
    ap.add_argument("--check-page", nargs=2, metavar=("CHAPTER", "PROGRAM"),
                    help="check the chapter's page against its test program's list of test cases")
    args = ap.parse_args()
    if args.check_page:
        return check_page(args.source, *args.check_page)
    if args.records is None:
        ap.error("--records is required")

    groups: dict[tuple[str, str], list[Case]] = {}
    seen: set[tuple[str, str, str]] = set()
    for line in args.records.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        c = Case.parse(line)
        g = group_of(c.program)
        if g is None:
            continue
        # A test case run twice in one ctest run (`ctest --repeat`) counts once.
        if (c.program, c.suite, c.name) in seen:
            continue
        seen.add((c.program, c.suite, c.name))
        groups.setdefault(g, []).append(c)
    if not groups:
        return 0

    ordered = sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1] != "tests"))
    brief = len(ordered) > 2
    print()
    print("What the chapters' checks established" if brief else "What was established")
    for (chapter, kind), cases in ordered:
        title, _, text = render(chapter, kind, cases, args.source, markdown=False)
        _, counts, md = render(chapter, kind, cases, args.source, markdown=True)
        name = chapter if kind == "tests" else f"{chapter}-exercises"
        where = ""
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            note = NOTE if kind == "tests" else EXERCISE_NOTE
            (args.out / f"{name}.txt").write_text(title + "\n\n" + text + "\n" + textwrap.fill(note, 100) + "\n",
                                                 encoding="utf-8")
            (args.out / f"{name}.md").write_text(md, encoding="utf-8")
            where = f" (table: {args.out / (name + '.txt')})"
        if brief:
            print(f"  {title}{where}")
        else:
            print()
            print(title)
            print()
            print(text, end="")
        if args.page and kind == "tests":
            block = f"Chapter {chapter}: {counts}.\n\n{md}"
            if (chapter, "exercises") in groups:
                _, ex_counts, ex_md = render(chapter, "exercises", groups[(chapter, "exercises")], args.source, True)
                block += f"\nThe exercises' checks, per exercise — {ex_counts}.\n\n{ex_md}"
            page = args.source / "chapters" / chapter / "checks" / "CHECKS.md"
            if not update_page(page, block):
                print(f"summary.py: {page} has no {BEGIN} … {END} block", file=sys.stderr)
                return 1
    if not brief:
        kinds = {kind for _, kind in groups}
        for kind, note in (("tests", NOTE), ("exercises", EXERCISE_NOTE)):
            if kind in kinds:
                print()
                print(textwrap.fill(note, 100))
    return 0


if __name__ == "__main__":
    sys.exit(main())

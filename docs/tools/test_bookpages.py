#!/usr/bin/python3
"""Tests of bookpages.py on the small fixture project in docs/tools/fixture.

    test_bookpages.py --generator bookpages.py --fixture DIR CASE
    test_bookpages.py --generator bookpages.py --root SRC --index INDEX.md check-index

Each CASE copies the fixture to a temporary directory, changes what the case is about,
runs the generator and checks its exit code and what it wrote or printed. Exit 0: the
case passed; 1: it failed (every failed expectation printed); 77: skipped (check-index
without an INDEX.md).

The fixture: chapters 01-alpha (present, with a README and an Errata section) and 02-beta
(absent); labels toy:thm1 (a template test in three types, a plain test, an erratum,
mentioned in the README and in src/kernelbook/toy.hpp), toy:lem2 (five test cases: one
whose name, with a comma, is split over source lines, two of the shared tests' executable,
one of them a TEST_CASE_TEMPLATE_DEFINE and one with the name of a chapter test, and a
test that is not doctest's; an erratum; named by no header) and toy:ex3 (no test, chapter
02-beta absent: pending). The README mentions the labels in prose, HTML, a table, a
heading and in verbatim blocks (chapter-links).

The generator reads the tests as in a build: build/ctest stands in for ctest (it prints
build/tests.json), and the two doctest executables of build/ (stand-ins run by
build/doctest_stub.py) list their test cases from the XML beside them. tests.txt holds
the same names for --tests.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

failures: list[str] = []


def expect(cond: bool, what: str, detail: str = "") -> None:
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)
        if detail:
            print("     " + detail.replace("\n", "\n     ")[:3000])


class Run:
    def __init__(self, gen: Path, root: Path, *extra: str, tests: str = "ctest"):
        """Runs the generator on the fixture at `root`; tests: "ctest" (the fixture's build),
        "file" (--tests tests.txt) or "none" (--no-tests)."""
        self.out = root / "out"
        args = [sys.executable, str(gen), "--root", str(root), "--out", str(self.out)]
        args += {"ctest": ["--ctest", str(root / "build/ctest"), "--build-dir", str(root / "build")],
                 "file": ["--tests", str(root / "tests.txt")], "none": ["--no-tests"]}[tests]
        p = subprocess.run(args + list(extra), capture_output=True, text=True)
        self.rc, self.stdout, self.stderr = p.returncode, p.stdout, p.stderr

    def page(self, name: str) -> str:
        f = self.out / name
        return f.read_text(encoding="utf-8") if f.exists() else ""

    def log(self) -> str:
        return f"exit {self.rc}\nstdout:\n{self.stdout}\nstderr:\n{self.stderr}"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture edit: '{old}' not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def remove_tests(root: Path, part: str) -> None:
    """Removes the tests whose names contain `part` from the fixture's test lists."""
    listing = root / "build/tests.json"
    data = json.loads(listing.read_text(encoding="utf-8"))
    data["tests"] = [t for t in data["tests"] if part not in t["name"]]
    listing.write_text(json.dumps(data), encoding="utf-8")
    tests = root / "tests.txt"
    tests.write_text("".join(l for l in tests.read_text(encoding="utf-8").splitlines(True) if part not in l),
                     encoding="utf-8")


def case_index(gen: Path, root: Path) -> None:
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 0, "the generator succeeds with one pending label", r.log())
    p = r.page("theorem-index.md")
    expect(p.startswith("# Theorem index {#theorem-index}"), "the page is `theorem-index`", p[:200])
    expect("### toy:thm1 {#idx-toy-thm1}" in p, "each label has its anchored section")
    expect("A sum of squares is non-negative: \\f$\\sum_i x_i^2 \\ge 0\\f$." in p, "the statement is shown, formula intact")
    expect("**Checked by** 2 test cases:" in p, "a template test case counts once: toy:thm1 has 2 test cases", p)
    expect("`` 01-alpha:sum of squares is non-negative [toy:thm1] `` in double, real50, real100" in p,
           "a template test case is one line with its scalar types", p)
    expect("chapters/01-alpha/properties.cpp`, line 2" in p, "the test's source file and line are given")
    expect("- **Discussed in:** \\ref ch01-alpha" in p, "the chapter page that names the label is linked")
    expect("- **Implemented in:** \\ref toy.hpp (line 5)" in p, "the header that names the label is linked, with its line")
    expect("\\ref erratum-toy-thm1-constant" in p, "the label links its erratum")
    expect("- **Remarks:** \\ref remark-toy-lem2-bound" in p, "the label links its remark", p)
    lem2 = p.split("### toy:lem2", 1)[1].split("###", 1)[0]
    expect("**Checked by** 5 test cases:" in lem2, "toy:lem2 has its five test cases (three in 01-alpha, two in shared)", lem2)
    expect("toy.hpp" not in lem2 and "- **Implemented in:** *not named*" in lem2,
           "`toy:lem22` in the README and nothing in the header: no false mention, the label is marked not named", lem2)
    ex3 = p.split("### toy:ex3", 1)[1]
    expect("pending" in ex3 and "`chapters/02-beta` is not in this build" in ex3, "toy:ex3 is listed as pending", ex3)
    expect("chapter 2, Beta (not in this build yet)" in ex3, "an absent chapter is named, not linked", ex3)
    expect("[toy:nope]" in p and "not a label" in p, "a tag that is not a label is listed as a warning")
    expect("| **all** | 3 | 2 | 1 | 0 |" in p, "the summary counts 3 labels: 2 checked, 1 pending, 0 missing", p)
    expect("1 labels pending" in r.stderr and "toy:ex3" in r.stderr, "the build log names the pending label", r.stderr)


def case_pages(gen: Path, root: Path) -> None:
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 0, "the generator succeeds", r.log())
    e = r.page("errata.md")
    expect(e.startswith("# Errata and remarks on the source documents {#errata}"), "the page is `errata`")
    expect("### toy-thm1-constant {#erratum-toy-thm1-constant}" in e, "each erratum has its anchored section", e)
    expect("### toy-lem2-bound {#remark-toy-lem2-bound}" in e, "each remark has its anchored section", e)
    expect(e.index("## Errata {#errata-errata}") < e.index("{#erratum-toy-thm1-constant}")
           < e.index("## Remarks {#errata-remarks}") < e.index("{#remark-toy-lem2-bound}"),
           "the errata come first, then the remarks, each part under its heading", e)
    expect("**1 erratum**" in e and "**1 remark**" in e, "the page's head gives both counts", e)
    expect("- **Label:** `` toy:lem2 `` — a remark (wording), Lemma 2" in e and
           "- **Remark:** the bound holds without the 1" in e, "a remark says what kind it is and what the book adds", e)
    expect("- **The source says:** the constant is printed as 3" in e, "the source's text is shown")
    expect("- **Correct:** it is 2, as the test shows in every precision" in e, "the correction, continuation line joined", e)
    expect("- **Demonstrated by:** `` 01-alpha:the printed constant of Theorem 1 is wrong [toy:thm1] ``" in e, "the demonstrating test is named")
    expect("a wrong number, Theorem 1" in e and "\\ref ch01-alpha" in e, "kind, place and chapter are given")
    m = r.page("mainpage.md")
    expect("<!--" not in m, "the markers of docs/mainpage.md are replaced", m)
    expect("| 1 | \\ref ch01-alpha \"Alpha\" | the first toy chapter | \\ref ref-toy \"toy\" §1 | — | `` ctest -R 01-alpha `` |" in m,
           "a present chapter is linked, with its sources and the command that runs its checks", m)
    expect("| 2 | Beta <em>(not in this build yet)</em> | the second toy chapter, not written yet | \\ref ref-toy \"toy\" §2 | 1 | — |" in m,
           "an absent chapter is named, with what it builds on", m)
    expect("**2 of the 3 labelled statements**" in m and "1 erratum is recorded, with 1 remark on" in m,
           "the status line counts the errata and the remarks", m)
    row = next((l for l in e.splitlines() if l.startswith("| \\ref erratum-toy-thm1-constant")), "")
    expect(row == '| \\ref erratum-toy-thm1-constant "toy-thm1-constant" | \\ref idx-toy-thm1 "toy:thm1" | '
                  '**number**, Theorem 1: the constant is printed as 3 | 1 |',
           "the summary table says what is wrong: kind, place and what the source says", row)
    row = next((l for l in e.splitlines() if l.startswith("| \\ref remark-toy-lem2-bound")), "")
    cell = row.split(" | ")[2] if row.count(" | ") >= 3 else ""
    expect(cell == "**wording**, Lemma 2, the bound \\f$\\vert x\\vert \\f$: the lemma is stated with a constant "
                   "that no proof of the triangle inequality needs, in …",
           "a long text is cut at a word with '…', a formula that would cross the limit is left out whole, "
           "and '|' in a formula becomes \\vert (a bare '|' would end the table cell)", row)
    expect(row.count("|") == 5, "the row has its four cells and no stray '|'", row)


def case_no_errata(gen: Path, root: Path) -> None:
    errata = root / "docs/errata.md"
    errata.write_text(errata.read_text(encoding="utf-8").split("### ")[0], encoding="utf-8")
    edit(root / "chapters/01-alpha/README.md", '(test: "the printed constant of Theorem 1 is wrong [toy:thm1]")', "")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 0, "an empty errata list is fine", r.log())
    expect("**No erratum or remark has been recorded yet.**" in r.page("errata.md"), "the page says there is none yet",
           r.page("errata.md"))
    expect("0 errata are recorded, with 0 remarks" in r.page("mainpage.md"), "the main page says 0 errata and 0 remarks")


def case_missing_label(gen: Path, root: Path) -> None:
    remove_tests(root, "[toy:lem2]")
    edit(root / "docs/errata.md", "- label: toy:lem2", "- label: toy:thm1")
    edit(root / "docs/errata.md", "- test: 01-alpha:lemma two holds exactly [toy:lem2]",
         "- test: 01-alpha:the printed constant of Theorem 1 is wrong [toy:thm1]")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1, "a label without a test in a chapter that exists fails the build", r.log())
    expect("MISSING: no test name carries [toy:lem2]" in r.stderr, "the error names the label", r.stderr)
    expect("**MISSING**" in r.page("theorem-index.md"), "the page (written for inspection) shows MISSING")


def case_strict(gen: Path, root: Path) -> None:
    r = Run(gen, root)
    expect(r.rc == 1, "without --allow-pending-chapters a pending label is an error", r.log())
    expect("MISSING: no test name carries [toy:ex3]" in r.stderr, "the error names toy:ex3", r.stderr)
    (root / "chapters/02-beta").mkdir()
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1, "once chapters/02-beta exists the switch no longer excuses toy:ex3", r.log())
    expect("MISSING: no test name carries [toy:ex3]" in r.stderr, "the error names toy:ex3", r.stderr)


def case_erratum_without_test(gen: Path, root: Path) -> None:
    edit(root / "docs/errata.md", "- test: 01-alpha:the printed constant of Theorem 1 is wrong [toy:thm1]",
         "- test: 01-alpha:the printed constant of Theorem 1 is wrongly printed [toy:thm1]")
    edit(root / "chapters/01-alpha/README.md", '(test: "the printed constant of Theorem 1 is wrong [toy:thm1]")', "")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1, "an erratum whose test does not exist fails the build", r.log())
    expect("its test '01-alpha:the printed constant of Theorem 1 is wrongly printed [toy:thm1]' does not exist" in r.stderr
           and "did you mean '01-alpha:the printed constant of Theorem 1 is wrong [toy:thm1]'" in r.stderr,
           "the error names the test and suggests the closest one", r.stderr)


def case_erratum_unknown_label(gen: Path, root: Path) -> None:
    edit(root / "docs/errata.md", "- label: toy:thm1", "- label: toy:thm9")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1 and "unknown label 'toy:thm9'" in r.stderr, "an erratum with an unknown label fails", r.log())


def case_uncollected_erratum(gen: Path, root: Path) -> None:
    errata = root / "docs/errata.md"
    errata.write_text(errata.read_text(encoding="utf-8").split("### ")[0], encoding="utf-8")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1, "a test cited in a chapter's Errata section but in no erratum fails the build", r.log())
    expect("chapters/01-alpha/README.md: its Errata section cites the test '01-alpha:the printed constant of Theorem 1 is wrong [toy:thm1]'"
           in r.stderr, "the error names the chapter and the test", r.stderr)


def case_malformed(gen: Path, root: Path) -> None:
    labels = root / "docs/labels.tsv"
    saved = labels.read_text(encoding="utf-8")
    labels.write_text(saved + "toy:ex4\ttoy\tan example without its chapters column\n", encoding="utf-8")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1 and "expected 4 tab-separated columns" in r.stderr, "a row with a missing column fails", r.log())
    labels.write_text(saved + "toy:thm1\ttoy\t01-alpha\tthe same label twice\n", encoding="utf-8")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1 and "listed twice" in r.stderr, "a duplicate label fails", r.log())
    labels.write_text(saved, encoding="utf-8")
    edit(root / "docs/errata.md", "- kind: number", "- kind: typo")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1 and "kind must be one of" in r.stderr, "an erratum of an unknown kind fails", r.log())
    edit(root / "docs/errata.md", "- kind: typo", "- kind: number")
    edit(root / "docs/errata.md", "- kind: wording", "- kind: formula")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1 and "remark 'toy-lem2-bound': kind must be one of omission, proof, wording, notation" in r.stderr,
           "a remark of an erratum's kind fails: a remark says nothing printed is wrong", r.log())
    edit(root / "docs/errata.md", "- kind: formula", "- kind: wording")
    edit(root / "docs/errata.md", "## Remarks", "## Errata")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1 and "'## Errata' again" in r.stderr, "a second '## Errata' section fails", r.log())
    edit(root / "docs/errata.md", "## Errata\n", "## Entries\n")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1 and "no '## Errata' line" in r.stderr, "a data file without its '## Errata' line fails", r.log())


def case_sources(gen: Path, root: Path) -> None:
    tsv = root / "docs/chapters.tsv"
    edit(tsv, '\\ref ref-toy "toy" §1', "`toy` §1")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1 and "the sources of 01-alpha" in r.stderr and "(`toy`)" in r.stderr,
           "a source cited by its short name alone fails, naming the chapter and the citation", r.log())
    edit(tsv, "`toy` §1", "toy §1")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1 and "the sources of 01-alpha" in r.stderr and "ref ref-zhu" in r.stderr,
           "sources without a link to the references page fail, saying how to link them", r.log())
    edit(tsv, "toy §1", '\\ref ref-toy "toy" §1')
    references = root / "docs/references.md"
    references.write_text("# References {#references}\n\n\\anchor ref-other\nAnother work.\n", encoding="utf-8")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1 and "link ref-toy, which docs/references.md does not define" in r.stderr,
           "a link to an entry the references page does not have fails", r.log())
    references.write_text("# References {#references}\n\n\\anchor ref-toy\nThe toy source.\n", encoding="utf-8")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 0, "sources linked to entries of the references page pass", r.log())


def case_index_compare(gen: Path, root: Path) -> None:
    def run():
        p = subprocess.run([sys.executable, str(gen), "--root", str(root), "--check-index", str(root / "INDEX.md")],
                           capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr
    rc, out = run()
    expect(rc == 0, "labels.tsv and an INDEX.md with the same labels agree", out)
    edit(root / "INDEX.md", "`toy:ex3` example three", "example three")
    rc, out = run()
    expect(rc == 1 and "docs/labels.tsv has the label toy:ex3" in out, "a label INDEX.md lacks is reported", out)


def located(page: str) -> dict[str, str]:
    """The theorem index's test lines: test name → line."""
    return {l.split("``")[1].strip(): l for l in page.splitlines() if l.startswith("  - ``")}


def case_test_locations(gen: Path, root: Path) -> None:
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 0, "the generator succeeds", r.log())
    lines = located(r.page("theorem-index.md"))

    def at(name: str, where: str) -> None:
        line = lines.get(name, "")
        expect(line.endswith(where), f"'{name}' is located at {where}", line or "\n".join(lines))
    at("01-alpha:sum of squares is non-negative [toy:thm1]", "`chapters/01-alpha/properties.cpp`, line 2")
    at('01-alpha:lemma two, a name split over two lines: "quoted" [toy:lem2]',
       "`chapters/01-alpha/properties.cpp`, line 10")
    at("shared: lemma two in a shared template test [toy:lem2]", "`tests/shared/shared_tests.cpp`, line 4")
    at("01-alpha:lemma two holds exactly [toy:lem2]", "`chapters/01-alpha/properties.cpp`, line 5")
    at("shared: lemma two holds exactly [toy:lem2]", "`tests/shared/shared_tests.hpp`, line 8")
    script = lines.get("01-alpha: a script checks lemma two [toy:lem2]", "")
    expect(script.endswith("``") and ", line " not in script, "a test that runs no doctest executable has no location", script)
    missing = [n for n, l in lines.items() if ", line " not in l and "a script" not in n]
    expect(not missing, "every doctest test case listed has its file and line", "\n".join(missing))
    # A build configured from another checkout of the same sources: its executables name
    # that checkout's files, which are shown relative to it (CMakeCache.txt says where it is).
    elsewhere = root.parent / "another-checkout"
    (root / "build/CMakeCache.txt").write_text(f"CMAKE_HOME_DIRECTORY:INTERNAL={elsewhere}\n", encoding="utf-8")
    r2 = Run(gen, root, "--allow-pending-chapters")
    expect(r2.rc == 0 and located(r2.page("theorem-index.md")) == lines,
           "files of the source tree the build was configured from are shown relative to it", r2.log())


def case_test_listings(gen: Path, root: Path) -> None:
    exe = root / "build/chapters/01-alpha/kb-01-alpha-tests"
    listing = exe.with_name(exe.name + ".xml")
    saved = listing.read_text(encoding="utf-8")

    def fails(what: str, *needles: str) -> None:
        r = Run(gen, root, "--allow-pending-chapters")
        expect(r.rc == 1 and all(n in r.stderr for n in needles), what, r.log())
    listing.write_text("kb-01-alpha-tests: unknown option --reporters=xml\n", encoding="utf-8")
    fails("an executable whose listing is not XML fails, naming it", "kb-01-alpha-tests --list-test-cases --reporters=xml",
          "printed no XML", "unknown option")
    listing.write_text('<?xml version="1.0"?>\n<testsuites name="kb-01-alpha-tests"/>\n', encoding="utf-8")
    fails("an executable whose XML is not doctest's listing fails", "printed <testsuites>, not doctest's XML listing")
    listing.write_text(saved.replace(' line="5"', ""), encoding="utf-8")
    fails("a listed test case without its line fails", "the listing of", "kb-01-alpha-tests has a TestCase without its name, "
          "filename or line", "lemma two holds exactly")
    listing.unlink()
    fails("an executable that cannot list its test cases fails with what it said",
          "kb-01-alpha-tests --list-test-cases --reporters=xml", "exited with 1", "kb-01-alpha-tests.xml is missing")
    listing.write_text(saved, encoding="utf-8")
    shared = root / "build/tests/shared/kb-shared-tests"
    shared.unlink()
    fails("a test executable ctest names but that does not exist fails, saying to build the tests",
          "runs " + str(shared) + ", which does not exist", "cmake --build")
    ctest = root / "build/ctest"
    ctest.write_text("#!/bin/sh\necho 'Test project /nowhere'\n", encoding="utf-8")
    fails("a test list that is not ctest's JSON fails", "did not print ctest's JSON test list")
    ctest.write_text("#!/bin/sh\necho 'CMake Error: unknown argument' >&2\nexit 1\n", encoding="utf-8")
    fails("a ctest that fails fails the generator, with its message", "exited with 1", "CMake Error: unknown argument")
    r = Run(gen, root, "--allow-pending-chapters", tests="file")
    expect(r.rc == 0, "--tests does not ask the executables", r.log())


def case_tests_file(gen: Path, root: Path) -> None:
    r = Run(gen, root, "--allow-pending-chapters", tests="file")
    expect(r.rc == 0, "the generator succeeds with --tests", r.log())
    p = r.page("theorem-index.md")
    expect("| **all** | 3 | 2 | 1 | 0 |" in p, "the same labels are checked as with ctest", p)
    lines = located(p)
    expect(len(lines) == 7 and not any(", line " in l for l in lines.values()),
           "the 7 labelled test cases are listed, without a file and line (no executable is asked)", "\n".join(lines.values()))
    remove_tests(root, "the printed constant of Theorem 1")
    r = Run(gen, root, "--allow-pending-chapters", tests="file")
    expect(r.rc == 1 and "its test '01-alpha:the printed constant of Theorem 1 is wrong [toy:thm1]' does not exist" in r.stderr,
           "an erratum's test is checked against the list of --tests", r.log())
    r = Run(gen, root, "--allow-pending-chapters", tests="none")
    expect(r.rc == 0, "the generator succeeds with --no-tests", r.log())
    p = r.page("theorem-index.md")
    expect("no test list was available" in p and "- **Checked by:** not collected (built without tests)." in p
           and "| **all** | 3 | 0 | 0 | 0 |" in p, "the index says no test list was available", p)
    expect("the tests named below were not checked to exist" in r.page("errata.md"), "so does the errata page")
    expect("configured without tests" in r.page("mainpage.md"), "and the main page's status line", r.page("mainpage.md"))


def case_templates(gen: Path, root: Path) -> None:
    """The page text comes from the templates beside the generator: a copy of both is run."""
    tools = root / "tools"
    shutil.copytree(gen.parent / "templates", tools / "templates")
    shutil.copy(gen, tools / gen.name)
    gen = tools / gen.name
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 0 and "- **Implemented in:** \\ref toy.hpp (line 5)" in r.page("theorem-index.md"),
           "the copy writes the pages", r.log())
    index = tools / "templates/theorem-index.md"
    edit(index, "%% implemented-in-lines/1\nline $numbers", "%% implemented-in-lines/1\nat line $numbers")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 0 and "- **Implemented in:** \\ref toy.hpp (at line 5)" in r.page("theorem-index.md"),
           "a changed template block changes the page; its singular variant is used for one line", r.page("theorem-index.md"))
    edit(index, "- **Checked by** $n test cases:", "- **Checked by** $n test cases ($tests):")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1 and "theorem-index.md, block 'checked-by': $tests is not a value the generator gives there" in r.stderr,
           "a block asking for a value the generator does not give fails, naming the file, block and value", r.log())
    edit(index, "- **Checked by** $n test cases ($tests):", "- **Checked by** $n test cases:")
    edit(index, "%% label-errata\n", "%% label-erratas\n")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1 and "no template block 'label-errata'" in r.stderr, "a missing block fails, naming it", r.log())
    edit(index, "%% label-erratas\n", "%% label-errata\n%% chapter-linked\n")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 1 and "the template block 'chapter-linked' is defined twice" in r.stderr,
           "a block defined twice fails", r.log())


def case_unimplemented(gen: Path, root: Path) -> None:
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 0, "labels no header names do not fail the build", r.log())
    p = r.page("theorem-index.md")
    expect("\\warning 2 labels of 3 have no implementation location" in p,
           "the top of the index warns, with the count", p[:1500])
    sec = p.split("{#idx-unimplemented}", 1)[1] if "{#idx-unimplemented}" in p else ""
    expect('\\ref idx-toy-lem2 "toy:lem2" — Lemma two holds. (chapter 1)' in sec
           and '\\ref idx-toy-ex3 "toy:ex3"' in sec and "idx-toy-thm1" not in sec,
           "the warning section lists toy:lem2 and toy:ex3, not toy:thm1 (named in toy.hpp)", sec)
    expect("2 of 3 labels are named by no header" in r.stderr and "toy:lem2 toy:ex3" in r.stderr,
           "the build log names them as a warning", r.stderr)
    edit(root / "src/kernelbook/toy.hpp", "int sum_of_squares();",
         "int sum_of_squares();\n/// \\brief Lemma two (`toy:lem2`) and example three (`toy:ex3`).\nint lemma_two();")
    r = Run(gen, root, "--allow-pending-chapters")
    p = r.page("theorem-index.md")
    expect(r.rc == 0 and "idx-unimplemented" not in p and "no header" not in r.stderr,
           "once a header names every label, the warning is gone", r.log())


def case_chapter_links(gen: Path, root: Path) -> None:
    readme = (root / "chapters/01-alpha/README.md").read_text(encoding="utf-8")
    (root / "out/chapters").mkdir(parents=True)
    (root / "out/chapters/07-gone.md").write_text("# a chapter removed since the last run {#gone}\n", encoding="utf-8")
    r = Run(gen, root, "--allow-pending-chapters")
    expect(r.rc == 0, "the generator succeeds", r.log())
    c = r.page("chapters/01-alpha.md")
    expect(bool(c), "the chapter's copy is written to chapters/01-alpha.md", str(sorted((root / "out").rglob("*"))))
    ref = lambda label, anchor: f'<code>\\ref {anchor} "{label}"</code>'
    expect(c.startswith("# Chapter 1 — Alpha {#ch01-alpha}\n"), "the page id is kept", c[:200])
    expect(f"Theorem {ref('toy:thm1', 'idx-toy-thm1')} and lemma {ref('toy:lem2', 'idx-toy-lem2')} are discussed here; "
           "`toy:lem22` is not a label." in c, "a label span links to the index entry; a non-label span stays code", c)
    expect(f"<b>Lemma ({ref('toy:lem2', 'idx-toy-lem2')}).</b> A paragraph over two lines: the label at its end, "
           f"{ref('toy:thm1', 'idx-toy-thm1')},\nand ``toy:thm1`` in a double-backtick span; `ctest -R toy:thm1` holds "
           "more than a label,\nand an escaped \\`toy:thm1\\` is no span." in c,
           "inside HTML and over several lines; double-backtick, longer and escaped spans untouched", c)
    expect(f"| {ref('toy:lem2', 'idx-toy-lem2')} | a table cell |" in c, "a label in a table cell links", c)
    expect("## Lemma two (`toy:lem2`) {#ch01-lemma-two}" in c, "a heading keeps its span and its anchor", c)
    for kept in ["\\code{.sh}\necho `toy:thm1`\n\\endcode", "```\n`toy:lem2` in a fenced block\n```",
                 "    `toy:thm1` in an indented block", "\\snippet 01-alpha/properties.cpp lemma-two",
                 '\\image html alpha.png "Lemma two (toy:lem2) as a figure"', "\\verbinclude 01-alpha.txt"]:
        expect(kept in c, "kept as it is: " + kept.split("\n")[0], c)
    expect(c.count("\\ref ") == 5, "five links in all", c)
    expect(len(c.splitlines()) == len(readme.splitlines()), "no line added or removed")
    anchors = re.findall(r"\{#([A-Za-z0-9_-]+)\}", c)
    expect(anchors == re.findall(r"\{#([A-Za-z0-9_-]+)\}", readme) and len(set(anchors)) == len(anchors),
           "the same anchors, each once", str(anchors))
    k = r.page("chapters/01-alpha-checks.md")
    expect(k.startswith("# How chapter 1 is checked {#ch01-alpha-checks}\n"),
           "the chapter's checks page (checks/CHECKS.md) is written to chapters/01-alpha-checks.md", k[:200])
    expect(f"The law of {ref('toy:thm1', 'idx-toy-thm1')} is checked" in k and "`toy:lem22` is not a label" in k
           and "\\snippet 01-alpha/properties.cpp lemma-two" in k,
           "the checks page links its label mentions and keeps the rest", k)
    expect(not (root / "out/chapters/07-gone.md").exists(), "the copy of a chapter no longer present is removed")
    expect(not (root / "out/chapters/02-beta.md").exists(), "an absent chapter has no page")


CASES = {
    "index": case_index, "pages": case_pages, "no-errata": case_no_errata,
    "missing-label": case_missing_label, "strict": case_strict,
    "erratum-without-test": case_erratum_without_test, "erratum-unknown-label": case_erratum_unknown_label,
    "uncollected-erratum": case_uncollected_erratum, "malformed": case_malformed,
    "index-compare": case_index_compare, "test-locations": case_test_locations,
    "unimplemented": case_unimplemented, "chapter-links": case_chapter_links,
    "test-listings": case_test_listings, "tests-file": case_tests_file, "templates": case_templates,
    "sources": case_sources,
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--generator", required=True, type=Path)
    ap.add_argument("--fixture", type=Path)
    ap.add_argument("case", choices=sorted(CASES))
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="kb-bookpages-") as tmp:
        root = Path(tmp) / "project"
        shutil.copytree(a.fixture, root)
        CASES[a.case](a.generator.resolve(), root)
    if failures:
        print(f"{len(failures)} expectation(s) failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

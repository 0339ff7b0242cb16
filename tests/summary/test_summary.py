#!/usr/bin/env python3
"""Tests of tests/summary.py, the chapter's summary, on records written here by hand: the
statements in the order the lesson names them (not alphabetical, not the order the tests ran),
the unlabelled checks last, the scalar types merged, the cases summed, the worst ratio the
largest over the statement's test cases, a failed test case shown as FAILED, a ratio just below
1 not printed as 1; and --check-page, which accepts a page that names the tests' statements and
rejects one whose count of test cases is stale. Standard library only; exit 0 when all hold."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SUMMARY = HERE.parent / "summary.py"
failures: list[str] = []


def expect(cond: bool, what: str, output: str = "") -> None:
    if not cond:
        failures.append(what + ("\n--- output ---\n" + output if output else ""))


def record(name, status="passed", types="double", props=1, cases=100, asserts=1, bounded=10, exact=0, comp=0,
           worst="0.25", program="kb-99-demo-tests", suite=""):
    return "\t".join(map(str, [program, suite, name, status, types, props, cases, asserts, bounded, exact, comp,
                              worst])) + "\n"


def run(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SUMMARY), *args], capture_output=True, text=True)


def row(output: str, first: str) -> list[str]:
    for line in output.splitlines():
        if line.split("  ")[0].strip() == first:
            return [c.strip() for c in line.split("  ") if c.strip()]
    return []


with tempfile.TemporaryDirectory() as tmp:
    root = Path(tmp)
    chapter = root / "chapters" / "99-demo"
    (chapter / "checks").mkdir(parents=True)
    readme = chapter / "README.md"
    readme.write_text("# Demo\nFirst `b:two`, then `a:one`; `b:two` again.\n", encoding="utf-8")
    records = root / "records.tsv"
    records.write_text(
        record("a law [a:one]<double>", worst="0.25")
        + record("a law [a:one]<kb::real50>", types="real50", cases=40, worst="0.5")
        + record("another law [b:two] [a:one]<double>", worst="0.125", comp=2)
        + record("a refusal", props=0, cases=0, bounded=0, worst="-")
        + record("a broken law [b:two]<kb::real100>", status="FAILED", types="real100", cases=3, worst="0.99963")
        + record("exercise 9.1: demo [a:one]<double>", program="kb-99-demo-exercises", suite="student", cases=7)
        + record("exercise 9.1 mistake [a:one]", program="kb-99-demo-exercises", suite="mistake",
                 status="rejected as expected", cases=1, worst="-", bounded=0),
        encoding="utf-8")
    out = run(["--records", str(records), "--source", str(root)])
    text = out.stdout
    expect(out.returncode == 0, f"summary.py exited {out.returncode}: {out.stderr}", text)
    lines = [l.split("  ")[0] for l in text.splitlines()]
    order = [l for l in lines if l in ("b:two", "a:one", "(no label)")]
    expect(order == ["b:two", "a:one", "(no label)"], f"statements in the lesson's order, unlabelled last: {order}",
           text)
    a = row(text, "a:one")
    expect(a[1:4] == ["3", "double, real50", "240"], f"a:one: 3 tests, double and real50, 100+40+100 cases: {a}", text)
    expect("0.5" in a and "3 passed" in a, f"a:one: worst 0.5 of 0.25, 0.5, 0.125; 3 passed: {a}", text)
    b = row(text, "b:two")
    expect("0.9996" in b, f"b:two: the worst ratio 0.99963 is shown as 0.9996, not 1: {b}", text)
    expect(any("FAILED" in c for c in b) and any("1 passed" in c for c in b), f"b:two: 1 FAILED, 1 passed: {b}", text)
    expect(row(text, "(no label)")[1:2] == ["1"], "one unlabelled test case", text)
    ex = row(text, "9.1")
    expect(bool(ex) and "your solution" in ex[1] and "7" in ex, f"exercise 9.1 on your solution, 7 cases: {ex}", text)
    expect("rejected as expected" in text, "the mistake is rejected as expected", text)

    # The companion of the order: the lesson naming a:one first puts it first.
    readme.write_text("# Demo\n`a:one` and then `b:two`.\n", encoding="utf-8")
    text2 = run(["--records", str(records), "--source", str(root)]).stdout
    order2 = [l.split("  ")[0] for l in text2.splitlines() if l.split("  ")[0] in ("b:two", "a:one")]
    expect(order2 == ["a:one", "b:two"], f"the order follows the lesson: {order2}", text2)

    # --page writes the table into the checks page; --check-page accepts it against a program
    # that lists the same test cases, and rejects it when a test case is added.
    page = chapter / "checks" / "CHECKS.md"
    page.write_text("# Checks\n\n<!-- summary: begin -->\n<!-- summary: end -->\n\nafter\n", encoding="utf-8")
    out = run(["--records", str(records), "--source", str(root), "--page"])
    content = page.read_text(encoding="utf-8")
    expect(out.returncode == 0 and "| `a:one` | 3 |" in content and content.endswith("after\n"),
           "--page writes the table between the markers and keeps the rest", content)
    names = ["a law [a:one]<double>", "a law [a:one]<kb::real50>", "another law [b:two] [a:one]<double>",
             "a refusal", "a broken law [b:two]<kb::real100>"]
    program = root / "kb-99-demo-tests"
    for extra, verdict in ((None, 0), ("one more law [b:two]<double>", 1)):
        listed = names + ([extra] if extra else [])
        program.write_text("#!/bin/sh\ncat <<'END'\n[doctest] listing\n" + "\n".join(listed) + "\n=====\nEND\n",
                           encoding="utf-8")
        os.chmod(program, 0o755)
        res = run(["--source", str(root), "--check-page", "99-demo", str(program)])
        expect(res.returncode == verdict,
               f"--check-page with {'an added test case' if extra else 'the same test cases'} exits {verdict}",
               res.stdout + res.stderr)

if failures:
    print("tests/summary.py does not do what its tests say:")
    for f in failures:
        print(" - " + f)
    sys.exit(1)
print("tests/summary.py: order, types, cases, worst ratio, FAILED, 0.9996, the page and its check: all hold")

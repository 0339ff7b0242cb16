#!/usr/bin/env python3
"""Helper of tests/mutation/run.sh: reads mutants.tsv, applies one mutant, records the
outcome of a run in results.tsv and writes TABLE.md. Standard library only.

  mutants.py ids [ID…]                 the ids to run (all when none are given; checks they exist)
  mutants.py check                     every original text occurs exactly once in its file
  mutants.py apply ID BACKUP           writes the mutated file, the original to BACKUP; prints the path
  mutants.py failures JUNIT            names of the failed tests of a ctest --output-junit file
  mutants.py record ID STATUS BUILD_S TEST_S FAILED BASELINE [NOTE]
                                       adds/replaces the mutant's row of results.tsv
  mutants.py table                     writes TABLE.md from mutants.tsv and results.tsv
  mutants.py hashes BUILD OUT          the content hash of every build file a test runs (JSON)
  mutants.py select BUILD BASELINE     ctest's -I list of the tests that run a build file whose
                                       content differs from BASELINE (or that run none: always)
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SRC = os.path.join(ROOT, "src", "kernelbook")
CLI = os.path.join(ROOT, "src", "cli")


def source_path(file):
    """A mutant's file: relative to src/kernelbook, or to src/cli when it begins with `cli/`."""
    return os.path.join(CLI, file[len("cli/"):]) if file.startswith("cli/") else os.path.join(SRC, file)


def source_name(file):
    """The file as the messages name it, from the repository's root."""
    return "src/" + file if file.startswith("cli/") else "src/kernelbook/" + file
MUTANTS = os.path.join(HERE, "mutants.tsv")
RESULTS = os.path.join(HERE, "results.tsv")
TABLE = os.path.join(HERE, "TABLE.md")
FIELDS = ["id", "file", "original", "replacement", "description", "equivalent"]
RESULT_FIELDS = ["id", "file", "status", "killing_tests", "build_seconds", "test_seconds", "killed_by", "note"]


def die(message):
    sys.stderr.write("mutants.py: " + message + "\n")
    sys.exit(2)


def load_mutants():
    mutants = []
    with open(MUTANTS, encoding="utf-8") as f:
        header = None
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cells = line.split("\t")
            if header is None:
                header = cells
                if header != FIELDS:
                    die(f"{MUTANTS}:{number}: the header must be {FIELDS}")
                continue
            if len(cells) == len(FIELDS) - 1:
                cells.append("")
            if len(cells) != len(FIELDS):
                die(f"{MUTANTS}:{number}: {len(cells)} tab-separated cells, expected {len(FIELDS)}")
            mutants.append(dict(zip(FIELDS, cells)))
    ids = [m["id"] for m in mutants]
    if len(set(ids)) != len(ids):
        die("duplicate mutant ids in mutants.tsv")
    return mutants


def by_id(mutants, mid):
    for m in mutants:
        if m["id"] == mid:
            return m
    die(f"no mutant {mid} in mutants.tsv")


def load_results():
    rows = {}
    if os.path.exists(RESULTS):
        with open(RESULTS, encoding="utf-8") as f:
            lines = [l.rstrip("\n") for l in f if l.strip()]
        for line in lines[1:]:
            cells = line.split("\t")
            cells += [""] * (len(RESULT_FIELDS) - len(cells))
            rows[cells[0]] = dict(zip(RESULT_FIELDS, cells))
    return rows


def cmd_ids(args):
    mutants = load_mutants()
    if not args:
        print("\n".join(m["id"] for m in mutants))
        return
    for a in args:
        by_id(mutants, a)
    print("\n".join(args))


def cmd_check(_):
    bad = 0
    for m in load_mutants():
        path = source_path(m["file"])
        if not os.path.exists(path):
            print(f"{m['id']}: no file {source_name(m['file'])}")
            bad += 1
            continue
        count = open(path, encoding="utf-8").read().count(m["original"])
        if count != 1:
            print(f"{m['id']}: the original text occurs {count} times in {source_name(m['file'])} (must be once)")
            bad += 1
        if m["original"] == m["replacement"]:
            print(f"{m['id']}: the replacement equals the original")
            bad += 1
    print(f"{len(load_mutants())} mutants, {bad} problems")
    sys.exit(1 if bad else 0)


def cmd_apply(args):
    mid, backup = args
    m = by_id(load_mutants(), mid)
    path = source_path(m["file"])
    text = open(path, encoding="utf-8").read()
    count = text.count(m["original"])
    if count != 1:
        die(f"{mid}: the original text occurs {count} times in {source_name(m['file'])} (must be once)")
    with open(backup, "w", encoding="utf-8") as f:
        f.write(text)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(m["original"], m["replacement"], 1))
    print(path)


def cmd_failures(args):
    (junit,) = args
    failed = []
    for case in ET.parse(junit).getroot().iter("testcase"):
        if case.get("status") == "fail" or case.find("failure") is not None or case.find("error") is not None:
            failed.append(case.get("name"))
    if failed:
        print("\n".join(failed))


def read_lines(path):
    if not path or not os.path.exists(path):
        return []
    return [l.rstrip("\n") for l in open(path, encoding="utf-8") if l.strip()]


def cmd_record(args):
    mid, status, build_s, test_s, failed_file, baseline_file = args[:6]
    note = args[6] if len(args) > 6 else ""
    m = by_id(load_mutants(), mid)
    baseline = set(read_lines(baseline_file))
    killers = [t for t in read_lines(failed_file) if t not in baseline]
    if status == "tested":
        status = "killed" if killers else "SURVIVED"
    rows = load_results()
    rows[mid] = {"id": mid, "file": m["file"], "status": status, "killing_tests": str(len(killers)),
                 "build_seconds": build_s, "test_seconds": test_s, "killed_by": " | ".join(killers),
                 "note": note.replace("\t", " ").replace("\n", " ")}
    order = [x["id"] for x in load_mutants()]
    with open(RESULTS, "w", encoding="utf-8") as f:
        f.write("\t".join(RESULT_FIELDS) + "\n")
        for i in order:
            if i in rows:
                f.write("\t".join(rows[i][k] for k in RESULT_FIELDS) + "\n")
    print(status + (f" by {len(killers)} tests" if killers else ""))


def ctest_tests(build):
    """The tests of the build directory in ctest's order (test number = index + 1), each with
    the build files its command runs: the executables and scripts named by an argument or by
    the value of a -DNAME=value argument."""
    out = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"], check=True,
                         capture_output=True, text=True).stdout
    build = os.path.realpath(build) + os.sep
    tests = []
    for number, t in enumerate(json.loads(out)["tests"], 1):
        files = set()
        for arg in t.get("command", []):
            for cand in [arg] + arg.split("=", 1)[1:]:
                path = os.path.realpath(cand) if os.path.isabs(cand) else None
                if path and path.startswith(build) and os.path.isfile(path):
                    files.add(path)
        tests.append((number, t["name"], sorted(files)))
    return tests


def file_hash(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def cmd_hashes(args):
    build, out = args
    files = {f for _, _, fs in ctest_tests(build) for f in fs}
    with open(out, "w", encoding="utf-8") as f:
        json.dump({p: file_hash(p) for p in sorted(files)}, f, indent=0)


def cmd_select(args):
    """A mutant can only change what a test does through the build files the test runs: a
    test whose executables are byte-identical to the unmutated build behaves identically, so
    it is not run again. A test that runs no build file (a script of the source tree) is
    always run."""
    build, baseline = args
    before = json.load(open(baseline, encoding="utf-8"))
    changed = {}
    chosen = []
    for number, _, files in ctest_tests(build):
        for p in files:
            if p not in changed:
                changed[p] = file_hash(p) != before.get(p)
        if not files or any(changed[p] for p in files):
            chosen.append(str(number))
    print(",".join(["0", "0", "0"] + chosen) if chosen else "")


def md(text):
    return text.replace("|", "\\|")


def test_name(name):
    """A ctest name for the book page: the template argument of a typed test case
    ("…<kb::real50>") becomes " (real50)", and a pair <f f> in the name (an inner product)
    becomes ⟨f f⟩, so that no angle brackets that Doxygen could read as an HTML tag reach
    the page (in a table cell it reads them even inside a code span)."""
    m = re.match(r"^(.*)<(?:kb::)?(\w+)>$", name)
    name = f"{m.group(1)} ({m.group(2)})" if m else name
    return re.sub(r"<([A-Za-z][^<>]*)>", r"⟨\1⟩", name)


def cmd_table(_):
    mutants = load_mutants()
    rows = load_results()
    counts = {}
    lines = []
    for m in mutants:
        r = rows.get(m["id"])
        status = r["status"] if r else "not run"
        if status == "SURVIVED" and m["equivalent"]:
            status = "equivalent"
        counts[status] = counts.get(status, 0) + 1
        killers = r["killed_by"].split(" | ") if r and r["killed_by"] else []
        shown = "<br>".join("`" + md(test_name(k)) + "`" for k in killers[:3])
        if len(killers) > 3:
            shown += f"<br>… {len(killers) - 3} more"
        remark = m["equivalent"] or (r["note"] if r else "")
        lines.append(f"| {m['id']} | {m['file']} | {md(m['description'])} | {status} | "
                     f"{r['killing_tests'] if r else ''} | {shown} | {md(remark)} |")
    summary = ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
    with open(TABLE, "w", encoding="utf-8") as f:
        f.write("# Mutation table {#mutation}\n\n")
        f.write("Every curated mutant of `src/kernelbook` and of the command in `src/cli` (files `cli/…`; "
                "tests/mutation/mutants.tsv), and the tests that kill it "
                "when the mathematics (`ctest -LE docs`) runs against the mutated source; the note of a row "
                "names the commit it was run at. "
                "Written by `bash tests/mutation/run.sh`; see tests/mutation/README.md.\n\n")
        f.write(f"{len(mutants)} mutants: {summary}.\n\n")
        f.write("| id | file | mathematical error | status | killing tests | killed by (up to 3) | equivalent / note |\n")
        f.write("|---|---|---|---|---|---|---|\n")
        f.write("\n".join(lines) + "\n")
    print(f"{TABLE}: {summary}")


COMMANDS = {"ids": cmd_ids, "check": cmd_check, "apply": cmd_apply, "failures": cmd_failures,
            "record": cmd_record, "table": cmd_table, "hashes": cmd_hashes, "select": cmd_select}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        die("usage: mutants.py {" + ",".join(COMMANDS) + "} …")
    COMMANDS[sys.argv[1]](sys.argv[2:])

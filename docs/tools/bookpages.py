#!/usr/bin/python3
"""Generates the book's generated pages from the project's data and the test suite.

    bookpages.py --root SRC --out DIR (--ctest CTEST --build-dir BUILD | --tests FILE | --no-tests)
                 [--allow-pending-chapters]
    bookpages.py --root SRC --check-index INDEX.md

writes into DIR
  mainpage.md       docs/mainpage.md with its chapter table and status line filled in
                    (from docs/chapters.tsv and the chapter folders present);
  theorem-index.md  the page `theorem-index`: every label of docs/labels.tsv with its
                    statement, the tests whose names carry `[label]` (with the file and
                    line of each), the chapter pages that discuss it and the library
                    headers that mention it;
  errata.md         the page `errata` (errata and remarks), from docs/errata.md;
  chapters/NN-topic.md  each chapter's README.md as Doxygen reads it: the same text with
                    every label mentioned as a code span (`zhu:thm2`) made a link to its
                    entry on the theorem index (Doxyfile.in takes these copies, not the
                    READMEs, which stay plain markdown for reading in the source tree).
Their wording is in docs/tools/templates/ (its README.md gives the format).

The tests: `ctest --show-only=json-v1` gives their names and commands. A test that runs a
doctest executable with --test-case=<name> (as doctest_discover_tests registers them) is
located by that executable: each is run once with --list-test-cases --reporters=xml, and
its TestCase elements give the file (shown relative to SRC, or to the source tree BUILD
was configured from) and line. Other tests (chapter programs, cmake -P scripts, Python
tests), and a --test-case that names no listed test case, are shown without a location;
so are all tests of --tests FILE (one ctest name per line, '#' lines skipped). With
--no-tests (a build without tests) the pages say that no test list was available.

It FAILS (exit 1, every problem listed) when
  - a label has no test (MISSING) — except, with --allow-pending-chapters, a label one of
    whose chapters (docs/labels.tsv, column `chapters`) has no folder chapters/<folder>
    yet: that label is listed as pending. Once every chapter folder exists nothing is
    pending, so the check is strict again by itself;
  - an erratum or a remark names a test that is not in the test list, an unknown label or
    chapter;
  - a chapter README's Errata or Remarks section cites a test (by its name) that no entry
    of docs/errata.md lists;
  - the data files or the templates are malformed (wrong columns, duplicate or malformed
    labels, a template block or value missing);
  - ctest's list cannot be read, or a doctest executable it names is missing, fails or
    prints no doctest listing, or its listing lacks a test case's name, file or line.
It WARNS (the theorem index lists them, the build goes on) about labels that no library
header names (no "Implemented in" line) and test tags that are not labels.

--check-index compares docs/labels.tsv with the label list of the seeds' INDEX.md.

Python 3 standard library only; run with /usr/bin/python3.
"""

from __future__ import annotations

import argparse
import difflib
import functools
import json
import os
import re
import string
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

LABEL_RE = re.compile(r"^[a-z]+:[A-Za-z0-9][A-Za-z0-9.\-]*$")
TAG_RE = re.compile(r"\[([a-z]+:[^\[\]\s]+)\]")
TEMPLATE_RE = re.compile(r"^(.*)<([^<>]+)>$")
ERRATA_KINDS = ("formula", "number", "label", "proof", "statement")   # what is wrong
REMARK_KINDS = ("omission", "proof", "wording", "notation")            # what is missing or unclear
SECTIONS = {"## Errata": False, "## Remarks": True}                     # heading → entries are remarks
TEMPLATES = Path(__file__).resolve().parent / "templates"
TEMPLATE_FILES = ("common.md", "mainpage.md", "theorem-index.md", "errata.md")


class DataError(Exception):
    """Malformed input (a data file, a template, the test list or a test executable's
    listing): the message names it, what is wrong and, where it helps, what to do."""


# --------------------------------------------------------------------------- data files

def read_tsv(path: Path, columns: list[str]) -> list[dict]:
    """Rows of a tab-separated file with a header line; '#' lines and blank lines skipped."""
    rows, header = [], None
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = [c.strip() for c in line.split("\t")]
        if header is None:
            if cells != columns:
                raise DataError(f"{path}:{n}: the header must be the tab-separated columns {columns}, found {cells}")
            header = cells
            continue
        if len(cells) != len(columns):
            raise DataError(f"{path}:{n}: expected {len(columns)} tab-separated columns ({', '.join(columns)}), found {len(cells)}")
        row = dict(zip(columns, cells))
        row["where"] = f"{path.name}:{n}"
        rows.append(row)
    if header is None:
        raise DataError(f"{path}: no header line")
    return rows


@dataclass
class Chapter:
    folder: str
    number: int
    title: str
    summary: str
    sources: str
    builds_on: list[str]
    present: bool = False          # chapters/<folder> exists
    page: str | None = None        # the Doxygen page id of its README, if any
    readme: str = ""
    checks: str = ""               # its checks/CHECKS.md: how the chapter is checked (a child page)
    checks_page: str | None = None # the Doxygen page id of CHECKS.md, if any


@dataclass
class Label:
    label: str
    source: str
    chapters: list[str]
    statement: str
    tests: list["TestGroup"] = field(default_factory=list)
    pages: list[str] = field(default_factory=list)          # chapter folders whose README mentions it
    code: list[tuple[str, list[int]]] = field(default_factory=list)
    errata: list[str] = field(default_factory=list)
    remarks: list[str] = field(default_factory=list)
    status: str = ""               # checked | pending | missing | unknown

    @property
    def anchor(self) -> str:
        return "idx-" + re.sub(r"[^A-Za-z0-9]+", "-", self.label).strip("-")


@dataclass
class TestGroup:
    """One test case; a template test case is one group with several scalar types."""
    prefix: str                    # e.g. "03-eckart-young" (ctest's TEST_PREFIX), or ""
    sep: str                       # what follows the prefix's colon in the ctest name ("" or " ")
    base: str                      # the doctest name without the <type> suffix
    types: list[str] = field(default_factory=list)
    where: tuple[str, int] | None = None                    # its file and line, if known

    @property
    def display(self) -> str:
        """The ctest name without the <type> suffix."""
        return f"{self.prefix}:{self.sep}{self.base}" if self.prefix else self.base


@dataclass
class Erratum:
    id: str
    labels: list[str]
    chapter: str
    kind: str
    where: str
    seed: str
    correction: str
    tests: list[str]
    line: int
    remark: bool = False           # a remark (omission, missing proof, wording, notation), not an error

    @property
    def anchor(self) -> str:
        return ("remark-" if self.remark else "erratum-") + self.id


def chapter_page_id(readme: Path) -> str | None:
    first = readme.read_text(encoding="utf-8").splitlines()[:1]
    m = re.match(r"^#\s+.*\{#([A-Za-z0-9_-]+)\}\s*$", first[0]) if first else None
    return m.group(1) if m else None


def load_chapters(root: Path) -> list[Chapter]:
    chapters = []
    for row in read_tsv(root / "docs/chapters.tsv", ["folder", "title", "summary", "sources", "builds_on"]):
        m = re.match(r"^(\d\d)-[a-z0-9-]+$", row["folder"])
        if not m:
            raise DataError(f"{row['where']}: chapter folder '{row['folder']}' must look like NN-topic")
        c = Chapter(row["folder"], int(m.group(1)), row["title"], row["summary"], row["sources"],
                    [] if row["builds_on"] == "-" else row["builds_on"].split())
        folder = root / "chapters" / c.folder
        c.present = folder.is_dir()
        readme = folder / "README.md"
        if readme.is_file():
            c.readme = readme.read_text(encoding="utf-8")
            c.page = chapter_page_id(readme)
        checks = folder / "checks" / "CHECKS.md"
        if checks.is_file():
            c.checks = checks.read_text(encoding="utf-8")
            c.checks_page = chapter_page_id(checks)
        chapters.append(c)
    folders = [c.folder for c in chapters]
    for c in chapters:
        for dep in c.builds_on:
            if dep not in folders:
                raise DataError(f"chapters.tsv: {c.folder} builds on unknown chapter '{dep}'")
    return chapters


SOURCE_REF_RE = re.compile(r'\\ref\s+(ref-[A-Za-z0-9_-]+)\s+"[^"]*"')


def check_chapter_sources(root: Path, chapters: list[Chapter], sources: list[dict]) -> None:
    """Every chapter's sources (chapters.tsv) link to the bibliography, docs/references.md
    (`\\ref ref-zhu "zhu" §2.3`): a source cited by its short name alone (`zhu`) is one a
    student cannot find. Where docs/references.md exists, each `ref-…` must be one of its anchors."""
    shorts = {s["short"] for s in sources}
    references = root / "docs/references.md"
    anchors = (set(re.findall(r"\\anchor\s+(ref-[A-Za-z0-9_-]+)", references.read_text(encoding="utf-8")))
               if references.is_file() else None)
    for c in chapters:
        refs = SOURCE_REF_RE.findall(c.sources)
        bare = [m for m in re.findall(r"`([^`]+)`", c.sources) if m in shorts]
        if not refs or bare:
            raise DataError(f"chapters.tsv: the sources of {c.folder} ('{c.sources}') must link each source to "
                            "the references page, e.g. \\ref ref-zhu \"zhu\" §2.3, not cite it by its short name "
                            f"alone{' (' + ', '.join('`' + b + '`' for b in bare) + ')' if bare else ''}")
        if anchors is not None:
            unknown = [r for r in refs if r not in anchors]
            if unknown:
                raise DataError(f"chapters.tsv: the sources of {c.folder} link {', '.join(unknown)}, which "
                                "docs/references.md does not define (\\anchor ref-…)")


def load_sources(root: Path) -> list[dict]:
    return read_tsv(root / "docs/sources.tsv", ["short", "title", "kind", "seed_file"])


def load_labels(root: Path, sources: list[dict], chapters: list[Chapter]) -> list[Label]:
    known_sources = {s["short"] for s in sources}
    known_chapters = {c.folder for c in chapters}
    labels, seen = [], set()
    for row in read_tsv(root / "docs/labels.tsv", ["label", "source", "chapters", "statement"]):
        where, label = row["where"], row["label"]
        if not LABEL_RE.match(label):
            raise DataError(f"{where}: malformed label '{label}' (expected source:name)")
        if label in seen:
            raise DataError(f"{where}: label '{label}' listed twice")
        seen.add(label)
        if row["source"] not in known_sources or not label.startswith(row["source"] + ":"):
            raise DataError(f"{where}: label '{label}' has source '{row['source']}', which is not its prefix or not in sources.tsv")
        chs = row["chapters"].split()
        if not chs or any(c not in known_chapters for c in chs):
            raise DataError(f"{where}: label '{label}': chapters '{row['chapters']}' must be folders of chapters.tsv")
        if not row["statement"]:
            raise DataError(f"{where}: label '{label}' has no statement")
        labels.append(Label(label, row["source"], chs, row["statement"]))
    anchors = [lb.anchor for lb in labels]
    if len(set(anchors)) != len(anchors):
        raise DataError("labels.tsv: two labels map to the same page anchor")
    return labels


def load_errata(path: Path) -> list[Erratum]:
    """Entries of docs/errata.md: after the line '## Errata' the errata, after the line
    '## Remarks' (optional, after the errata) the remarks; one '### <id>' heading per entry
    followed by '- key: value' lines (a value continues on lines indented by two or more
    spaces). Everything before '## Errata' is documentation."""
    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        start = next(i for i, l in enumerate(lines) if l.strip() == "## Errata")
    except StopIteration:
        raise DataError(f"{path}: no '## Errata' line (the errata follow it, then '## Remarks' and the remarks)")
    raw: list[tuple[str, int, bool, dict[str, list[str]]]] = []
    key = None
    in_comment = False
    remark = False
    for i in range(start + 1, len(lines)):
        line, n = lines[i], i + 1
        if in_comment:
            in_comment = "-->" not in line
            continue
        if line.lstrip().startswith("<!--"):
            in_comment = "-->" not in line
            continue
        if not line.strip():
            key = None
            continue
        if line.strip() in SECTIONS:
            if SECTIONS[line.strip()] is not True or remark:
                raise DataError(f"{path}:{n}: '{line.strip()}' again: the file has one '## Errata' and then at most "
                                "one '## Remarks' section")
            remark, key = True, None
            continue
        m = re.match(r"^###\s+(\S+)\s*$", line)
        if m:
            raw.append((m.group(1), n, remark, {}))
            key = None
            continue
        if line.startswith("#"):
            raise DataError(f"{path}:{n}: only '### <id>' headings and one '## Remarks' may follow '## Errata'")
        if not raw or raw[-1][2] != remark:
            raise DataError(f"{path}:{n}: text before the first '### <id>' entry of its section")
        m = re.match(r"^- ([a-z]+):\s*(.*)$", line)
        if m:
            key = m.group(1)
            raw[-1][3].setdefault(key, []).append(m.group(2).strip())
            continue
        if key and re.match(r"^\s{2,}\S", line):
            fields = raw[-1][3][key]
            fields[-1] = (fields[-1] + " " + line.strip()).strip()
            continue
        raise DataError(f"{path}:{n}: expected '- key: value' (keys: label, chapter, kind, where, seed, correction, test) or an indented continuation")
    errata, seen = [], set()
    for eid, n, is_remark, f in raw:
        where, what = f"{path}:{n}", "remark" if is_remark else "erratum"
        if not re.match(r"^[a-z0-9][a-z0-9-]*$", eid):
            raise DataError(f"{where}: {what} id '{eid}' must be lower-case letters, digits and '-'")
        if eid in seen:
            raise DataError(f"{where}: {what} id '{eid}' used twice (ids are unique across errata and remarks)")
        seen.add(eid)
        unknown = set(f) - {"label", "chapter", "kind", "where", "seed", "correction", "test"}
        if unknown:
            raise DataError(f"{where}: unknown field(s) {sorted(unknown)}")
        for k in ("label", "chapter", "kind", "seed", "correction", "test"):
            if not f.get(k) or not all(f[k]):
                raise DataError(f"{where}: {what} '{eid}' needs '- {k}: …'")
        for k in ("label", "chapter", "kind", "where", "seed", "correction"):
            if len(f.get(k, [])) > 1:
                raise DataError(f"{where}: {what} '{eid}' has '- {k}:' twice (only 'test' may repeat)")
        kinds = REMARK_KINDS if is_remark else ERRATA_KINDS
        if f["kind"][0] not in kinds:
            raise DataError(f"{where}: {what} '{eid}': kind must be one of {', '.join(kinds)}")
        errata.append(Erratum(eid, f["label"][0].split(), f["chapter"][0], f["kind"][0],
                              f.get("where", [""])[0], f["seed"][0], f["correction"][0], f["test"], n, is_remark))
    return errata


# --------------------------------------------------------------------------- the tests

Test = tuple[str, tuple[str, int] | None]   # a ctest name, and the file and line of its test case


def output_of(command: list[str], what: str) -> str:
    """What `command` prints; a DataError that names it and what it was for if it fails."""
    shown = "`" + " ".join(command) + "`"
    try:
        p = subprocess.run(command, capture_output=True, text=True)
    except OSError as e:
        raise DataError(f"{shown} ({what}) could not run: {e}")
    if p.returncode != 0:
        raise DataError(f"{shown} ({what}) exited with {p.returncode}: {p.stderr.strip()[-600:] or 'no message'}")
    return p.stdout


def ctest_list(ctest: str, build_dir: str) -> list[tuple[str, list[str]]]:
    """ctest's JSON list of the tests of `build_dir`: (name, command) of each, in its order."""
    command = [ctest, "--test-dir", build_dir, "--show-only=json-v1"]
    try:
        listed = [(t["name"], t.get("command") or []) for t in json.loads(output_of(command, "the test list"))["tests"]]
    except (ValueError, KeyError, TypeError) as e:
        raise DataError(f"`{' '.join(command)}` did not print ctest's JSON test list ({e!r}); CMake 3.14 or later prints it")
    if not listed:
        raise DataError(f"`{' '.join(command)}` listed no test: build the tests first (cmake --build {build_dir})")
    return listed


def source_dirs(root: Path, build_dir: str) -> list[str]:
    """Where the compiled files are: `root` and the source tree `build_dir` was configured
    from, each as a real path ending in the separator."""
    cache = Path(build_dir, "CMakeCache.txt")
    configured = re.findall(r"^CMAKE_HOME_DIRECTORY:INTERNAL=(.+)$",
                            cache.read_text(encoding="utf-8", errors="replace") if cache.is_file() else "", re.M)
    return [os.path.realpath(d) + os.sep for d in [root, *configured]]


def tests_from_ctest(ctest: str, build_dir: str, root: Path) -> list[Test]:
    """Every test of ctest's JSON list, in its order, each doctest test case located by the
    executable that runs it (see the module's docstring)."""
    listed = ctest_list(ctest, build_dir)
    sources = source_dirs(root, build_dir)
    listings: dict[tuple[str, ...], dict[str, tuple[str, int]]] = {}
    tests = []
    for name, args in listed:
        # doctest_discover_tests registers [executor…] executable --test-case=<name>, each
        # comma of the name escaped as "\,".
        i = next((i for i, a in enumerate(args) if a.startswith("--test-case=")), 0)
        found = None
        if i > 0:
            runner = tuple(args[:i])
            if runner not in listings:
                listings[runner] = doctest_listing(list(runner), name, build_dir)
            found = listings[runner].get(args[i].removeprefix("--test-case=").replace("\\,", ","))
        if found:
            real = os.path.realpath(found[0])
            found = (next((real[len(s):] for s in sources if real.startswith(s)), os.path.normpath(found[0])), found[1])
        tests.append((name, found))
    return tests


def doctest_listing(runner: list[str], test: str, build_dir: str) -> dict[str, tuple[str, int]]:
    """A doctest executable's own list of its test cases: name → (file as compiled, line)."""
    exe, command = runner[-1], runner + ["--list-test-cases", "--reporters=xml"]
    shown, rebuild = "`" + " ".join(command) + "`", f"build the tests (cmake --build {build_dir}) and run this again"
    if not Path(exe).is_file():
        raise DataError(f"ctest's test '{test}' runs {exe}, which does not exist: {rebuild}")
    out = output_of(command, f"the test cases of ctest's test '{test}'")
    try:
        listing = ET.fromstring(out)
    except ET.ParseError as e:
        raise DataError(f"{shown} printed no XML ({e}): is it a doctest executable? It printed {out.strip()[:300]!r}")
    if listing.tag != "doctest":
        raise DataError(f"{shown} printed <{listing.tag}>, not doctest's XML listing (<doctest> with a <TestCase> "
                        f"per test case): is it a doctest executable?")
    found: dict[str, tuple[str, int]] = {}
    for case in listing.iter("TestCase"):
        name, file, line = case.get("name"), case.get("filename"), case.get("line", "")
        if name is None or not file or not line.isdigit():
            raise DataError(f"the listing of {exe} has a TestCase without its name, filename or line "
                            f"({ET.tostring(case, encoding='unicode').strip()}): {rebuild}")
        found.setdefault(name, (file, int(line)))
    return found


def tests_from_file(path: Path) -> list[Test]:
    return [(l.rstrip(), None) for l in path.read_text(encoding="utf-8").splitlines()
            if l.strip() and not l.startswith("#")]


def split_test_name(name: str) -> tuple[str, str, str, str | None]:
    """A ctest name → (prefix, separator, doctest name without <type>, type or None).
    kb_add_chapter's prefix is "NN-topic: "; CMake's doctest discovery drops the space,
    so both "03-eckart-young:name" and "03-eckart-young: name" are understood."""
    m = re.match(r"^([A-Za-z0-9_-]+):( ?)(.*)$", name)
    prefix, sep, rest = (m.group(1), m.group(2), m.group(3)) if m else ("", "", name)
    t = TEMPLATE_RE.match(rest)
    return (prefix, sep, t.group(1), t.group(2)) if t else (prefix, sep, rest, None)


def test_key(name: str) -> tuple[str, str]:
    """What identifies a test case whatever the spacing and scalar type: (prefix, base)."""
    prefix, _, base, _ = split_test_name(name.strip())
    return prefix, base.strip()


def group_tests(tests: list[Test]) -> list[TestGroup]:
    groups: dict[tuple[str, str], TestGroup] = {}
    for name, where in tests:
        prefix, sep, base, typ = split_test_name(name)
        g = groups.setdefault((prefix, base), TestGroup(prefix, sep, base))
        g.where = g.where or where
        if typ:
            g.types.append(typ.replace("kb::", ""))
    return list(groups.values())


# --------------------------------------------------------------------------- the pages' text

@functools.cache
def templates() -> dict[str, tuple[Path, str]]:
    """Every block of the templates (docs/tools/templates/README.md): name → (file, text)."""
    blocks: dict[str, tuple[Path, list[str]]] = {}
    for f in (TEMPLATES / name for name in TEMPLATE_FILES):
        lines = None
        for line in f.read_text(encoding="utf-8").removesuffix("\n").split("\n"):
            m = re.match(r"^%% (\S+)\s*$", line)
            if m and m.group(1) in blocks:
                raise DataError(f"{f}: the template block '{m.group(1)}' is defined twice (also in {blocks[m.group(1)][0]})")
            if m:
                blocks[m.group(1)] = (f, lines := [])
            elif lines is not None:
                lines.append(line)
    return {name: (f, "\n".join(lines)) for name, (f, lines) in blocks.items()}


def prose(block: str, n: int | None = None, **values) -> str:
    """The template block `block` filled in with `values` (and $n); its variant `block/1`
    instead, where there is one, when n == 1."""
    key = block + "/1" if n == 1 and block + "/1" in templates() else block
    if key not in templates():
        raise DataError(f"no template block '{key}' in {TEMPLATES} (a line '%% {key}' of {', '.join(TEMPLATE_FILES)})")
    f, body = templates()[key]
    if n is not None:
        values["n"] = n
    try:
        return string.Template(body).substitute(values)
    except (KeyError, ValueError) as e:
        what = f"${e.args[0]} is not a value the generator gives there" if isinstance(e, KeyError) else str(e)
        raise DataError(f"{f}, block '{key}': {what} (it gives {', '.join('$' + v for v in sorted(values)) or 'none'}; "
                        "$$ is a dollar sign)")


# --------------------------------------------------------------------------- helpers

def mentions(text: str, label: str) -> list[int]:
    """Line numbers of `text` where `label` occurs as a whole token."""
    pat = re.compile(r"(?<![A-Za-z0-9_:.\-])" + re.escape(label) + r"(?![A-Za-z0-9_\-]|\.[A-Za-z0-9])")
    return [i for i, line in enumerate(text.splitlines(), 1) if pat.search(line)]


def code(s: str) -> str:
    """A Doxygen markdown code span (test names are shown verbatim)."""
    # Double backticks: in a single-backtick span Doxygen 1.9.4 takes a quote followed by
    # a non-letter (as in "seeds' ") for the end of a `quoted' phrase.
    return "`` " + s.replace("`", "'") + " ``"


def section(text: str, title_re: str) -> str:
    """The body of the first markdown section whose heading matches `title_re`."""
    lines = text.splitlines()
    for i, l in enumerate(lines):
        m = re.match(r"^(#{1,6})\s+(.*?)\s*(\{#[^}]*\})?\s*$", l)
        # A numbered heading ("## 6. Errata") counts as well.
        if m and re.match(title_re, re.sub(r"^\d+(\.\d+)*\.?\s+", "", m.group(2)), re.I):
            level, body = len(m.group(1)), []
            for l2 in lines[i + 1:]:
                m2 = re.match(r"^(#{1,6})\s", l2)
                if m2 and len(m2.group(1)) <= level:
                    break
                body.append(l2)
            return "\n".join(body)
    return ""


# Doxygen markup a cell text may hold as a whole: an inline formula, a code span, a quoted
# string (in \ref … "text").
INLINE_UNIT_RE = re.compile(r"\\f\$.*?\\f\$|``.*?``|`[^`]*`")
SEED_CHARS = 90   # the errata summary shows at most this much of what the source says


def close_quotes(text: str) -> str:
    """Closes a typographic quotation left open by shortening."""
    return text + "”" if text.count("“") > text.count("”") else text


def shorten(text: str, limit: int) -> str:
    """`text` cut to about `limit` visible characters at a word boundary, with '…' if cut.
    A formula or code span is never cut in two: one that would cross the limit is dropped
    whole (so the cell never holds half a \\f$ … \\f$, which Doxygen would reject)."""
    if len(text) <= limit:
        return text
    out, length = "", 0
    pos = 0
    for m in list(INLINE_UNIT_RE.finditer(text)) + [None]:
        plain = text[pos:m.start()] if m else text[pos:]
        if length + len(plain) > limit:
            cut = plain[:max(0, limit - length)]
            cut = cut[:cut.rfind(" ")] if " " in cut else ""
            return close_quotes((out + cut).rstrip(" ,;:(") + " …")
        out, length = out + plain, length + len(plain)
        if m is None:
            return out
        unit = m.group(0)
        visible = len(re.sub(r"\\[A-Za-z]+|[{}$^_\\`]", "", unit))  # roughly what the reader sees
        if length + visible > limit:
            return close_quotes(out.rstrip(" ,;:(") + " …")
        out, length, pos = out + unit, length + visible, m.end()
    return out


def table_cell(text: str) -> str:
    """`text` made safe for one cell of a markdown table: one line, and a '|' (which would
    end the cell) written \\vert inside a formula and as the entity &#124; elsewhere."""
    text = " ".join(text.split())
    out, pos = [], 0
    for m in re.finditer(r"\\f\$.*?\\f\$", text):
        out.append(text[pos:m.start()].replace("|", "&#124;"))
        out.append(m.group(0).replace("|", "\\vert "))
        pos = m.end()
    out.append(text[pos:].replace("|", "&#124;"))
    return "".join(out)


def chapter_ref(c: Chapter) -> str:
    return prose("chapter-linked", page=c.page) if c.page else prose("chapter-absent", number=c.number, title=c.title)


# --------------------------------------------------------------------------- the pages

def build(root: Path, tests: list[Test] | None, allow_pending: bool):
    """Computes everything; returns (chapters, sources, labels, groups, errata, errors, warnings)."""
    errors: list[str] = []
    warnings: list[str] = []
    chapters = load_chapters(root)
    by_folder = {c.folder: c for c in chapters}
    sources = load_sources(root)
    check_chapter_sources(root, chapters, sources)
    labels = load_labels(root, sources, chapters)
    by_label = {lb.label: lb for lb in labels}
    errata = load_errata(root / "docs/errata.md")
    groups = group_tests(tests) if tests is not None else []

    # Tests → labels (a template test case counts once).
    for g in groups:
        for tag in sorted(set(TAG_RE.findall(g.base))):
            if tag in by_label:
                by_label[tag].tests.append(g)
            else:
                warnings.append(f"test {code(g.display)} carries [{tag}], which is not a label of docs/labels.tsv")

    # Chapter pages and library headers that mention each label.
    headers = sorted((root / "src/kernelbook").glob("*.hpp"))
    header_text = {h: h.read_text(encoding="utf-8") for h in headers}
    for lb in labels:
        lb.pages = [c.folder for c in chapters if mentions(c.readme + "\n" + c.checks, lb.label)]
        for h in headers:
            ls = mentions(header_text[h], lb.label)
            if ls:
                lb.code.append((h.name if re.search(r"[\\@]file\b", header_text[h]) else f"src/kernelbook/{h.name}", ls))

    # Status of each label.
    for lb in labels:
        absent = [c for c in lb.chapters if not by_folder[c].present]
        if tests is None:
            lb.status = "unknown"
        elif lb.tests:
            lb.status = "checked"
        elif allow_pending and absent:
            lb.status = "pending"
        else:
            lb.status = "missing"
            errors.append(f"MISSING: no test name carries [{lb.label}] ({lb.statement[:60]}…); chapters: {', '.join(lb.chapters)}")

    # Errata and remarks: labels, chapters and tests must exist.
    group_keys = {(g.prefix, g.base) for g in groups}
    full_keys = {test_key(n) for n, _ in (tests or [])}
    for e in errata:
        what = "remark" if e.remark else "erratum"
        for l in e.labels:
            if l not in by_label:
                errors.append(f"{what} '{e.id}' (docs/errata.md:{e.line}): unknown label '{l}'")
            else:
                (by_label[l].remarks if e.remark else by_label[l].errata).append(e.id)
        if e.chapter not in by_folder:
            errors.append(f"{what} '{e.id}' (docs/errata.md:{e.line}): unknown chapter '{e.chapter}'")
        if tests is not None:
            for t in e.tests:
                if test_key(t) not in group_keys and test_key(t) not in full_keys:
                    close = difflib.get_close_matches(t, sorted(g.display for g in groups), n=1, cutoff=0.6)
                    hint = f"; did you mean '{close[0]}'?" if close else ""
                    errors.append(f"{what} '{e.id}' (docs/errata.md:{e.line}): its test '{t}' does not exist{hint}")

    # Errata and Remarks sections of the chapters present: every test they cite needs an
    # entry (a heading "Errata", "Errata and remarks" or "Remarks").
    cited_ok = {test_key(t) for e in errata for t in e.tests}
    for c in chapters:
        for name, text in (("README.md", c.readme), ("checks/CHECKS.md", c.checks)):
            body = "\n".join(section(text, r) for r in (r"errata\b", r"remarks\b")) if text else ""
            if not body.strip():
                continue
            for g in groups:
                if len(g.base) >= 12 and g.base in body and (g.prefix, g.base) not in cited_ok:
                    errors.append(f"chapters/{c.folder}/{name}: its Errata section cites the test "
                                  f"'{g.display}', but no entry of docs/errata.md lists it (add the erratum or "
                                  "remark there)")
    return chapters, sources, labels, groups, errata, errors, warnings


def chapter_table(chapters: list[Chapter]) -> str:
    num = {c.folder: c.number for c in chapters}
    rows = [prose("chapter-table")]
    for c in chapters:
        title = (prose("chapter-row-title", page=c.page, title=c.title) if c.page else
                 prose("chapter-row-title-absent", title=c.title))
        rows.append(prose("chapter-row", number=c.number, title=title, summary=c.summary, sources=c.sources,
                          builds_on=", ".join(str(num[d]) for d in c.builds_on) or prose("none"),
                          checks=prose("chapter-row-checks", folder=c.folder) if c.present else prose("none")))
    return "\n".join(rows)


def status_line(labels: list[Label], groups: list[TestGroup], errata: list[Erratum], have_tests: bool) -> str:
    if not have_tests:
        return prose("status-no-tests")
    pending = sum(lb.status == "pending" for lb in labels)
    s = prose("status", checked=sum(lb.status == "checked" for lb in labels), labels=len(labels),
              tests=prose("status-tests", n=sum(1 for g in groups if TAG_RE.search(g.base))),
              errata=prose("status-errata", n=sum(not e.remark for e in errata)),
              remarks=prose("status-remarks", n=sum(e.remark for e in errata)))
    return s + (prose("status-pending", n=pending) if pending else "")


def mainpage(root: Path, chapters, labels, groups, errata, have_tests) -> str:
    text = (root / "docs/mainpage.md").read_text(encoding="utf-8")
    for marker, content in (("<!-- kb:chapter-table -->", chapter_table(chapters)),
                            ("<!-- kb:status -->", status_line(labels, groups, errata, have_tests))):
        if marker not in text:
            raise DataError(f"docs/mainpage.md: the marker line '{marker}' is missing")
        text = text.replace(marker, content)
    return text


def theorem_index(chapters, sources, labels, warnings, have_tests) -> str:
    by_folder = {c.folder: c for c in chapters}
    out = [prose("index-head")]
    if not have_tests:
        out.append(prose("index-no-tests"))
    pending = [lb for lb in labels if lb.status == "pending"]
    if pending:
        absent = sorted({c for lb in pending for c in lb.chapters if not by_folder[c].present})
        out.append(prose("index-pending", n=len(pending), chapters=", ".join(code("chapters/" + a) for a in absent)))
    unimplemented = [lb for lb in labels if not lb.code]
    if unimplemented:
        out.append(prose("index-unimplemented-note", n=len(unimplemented), labels=len(labels)))

    def counts(mine: list[Label]) -> dict[str, int]:
        return {st: sum(lb.status == st for lb in mine) for st in ("checked", "pending", "missing")}
    out.append(prose("index-summary"))
    for s in sources:
        mine = [lb for lb in labels if lb.source == s["short"]]
        out.append(prose("index-summary-row", source=s["short"], title=s["title"], labels=len(mine), **counts(mine)))
    out.append(prose("index-summary-all", labels=len(labels), **counts(labels)))

    for s in sources:
        mine = [lb for lb in labels if lb.source == s["short"]]
        out.append(prose("index-source", source=s["short"], title=s["title"], kind=s["kind"].capitalize(),
                         seed_file=s["seed_file"]))
        out += [prose("index-source-row", anchor=lb.anchor, label=lb.label, status=prose("label-status-" + lb.status),
                      tests=len(lb.tests), chapters=", ".join(str(by_folder[c].number) for c in lb.chapters))
                for lb in mine]
        out.append("")
        for lb in mine:
            out.append(prose("index-label", label=lb.label, anchor=lb.anchor, statement=lb.statement))
            out += label_entry(lb, by_folder)
            out.append("")
    if unimplemented:
        out.append(prose("index-unimplemented", n=len(unimplemented), labels=len(labels)))
        out += [prose("index-unimplemented-item", anchor=lb.anchor, label=lb.label, statement=lb.statement,
                      chapters=prose("index-unimplemented-chapters", n=len(lb.chapters),
                                     numbers=", ".join(str(by_folder[c].number) for c in lb.chapters)))
                for lb in unimplemented]
        out.append("")
    if warnings:
        out.append(prose("index-warnings"))
        out += [prose("index-warning", warning=w) for w in warnings]
        out.append("")
    return "\n".join(out) + "\n"


def label_entry(lb: Label, by_folder: dict[str, Chapter]) -> list[str]:
    """The lines of a label's entry on the theorem index after its statement."""
    out = []
    if lb.status == "checked":
        out.append(prose("checked-by", n=len(lb.tests)))
        for g in sorted(lb.tests, key=lambda g: g.display):
            types = prose("checked-by-test-types", types=", ".join(g.types)) if g.types else ""
            where = prose("checked-by-test-where", file=g.where[0], line=g.where[1]) if g.where else ""
            out.append(prose("checked-by-test", test=code(g.display), types=types, where=where))
    elif lb.status == "pending":
        out.append(prose("checked-by-pending", chapter=next(c for c in lb.chapters if not by_folder[c].present)))
    else:
        out.append(prose("checked-by-" + lb.status, label=lb.label))   # missing or unknown
    discussed = ([chapter_ref(by_folder[f]) for f in lb.pages] if lb.pages else
                 [prose("discussed-in-planned", chapter=chapter_ref(c)) if c.readme else chapter_ref(c)
                  for c in (by_folder[f] for f in lb.chapters)])
    out.append(prose("discussed-in", chapters=", ".join(discussed)))
    if lb.code:   # a header documented with \file is linked, another one is named
        out.append(prose("implemented-in", headers="; ".join(
            prose("implemented-in-source" if f.startswith("src/") else "implemented-in-header",
                  header=code(f) if f.startswith("src/") else f,
                  lines=prose("implemented-in-lines", n=len(ls), numbers=", ".join(map(str, ls))))
            for f, ls in lb.code)))
    else:
        out.append(prose("implemented-in-none", label=lb.label))
    if lb.errata:
        out.append(prose("label-errata", errata=", ".join(prose("erratum-ref", id=e) for e in lb.errata)))
    if lb.remarks:
        out.append(prose("label-remarks", remarks=", ".join(prose("remark-ref", id=e) for e in lb.remarks)))
    return out


def errata_page(chapters, labels, errata, have_tests) -> str:
    """The page `errata`: a summary table and a section per entry, first the errata, then
    the remarks."""
    by_folder = {c.folder: c for c in chapters}
    by_label = {lb.label: lb for lb in labels}
    wrong, remarks = [e for e in errata if not e.remark], [e for e in errata if e.remark]
    out = [prose("errata-head", errata=prose("errata-count", n=len(wrong)), remarks=prose("remarks-count", n=len(remarks)))]
    if not have_tests:
        out.append(prose("errata-no-tests"))
    if not errata:
        out.append(prose("errata-none"))
        return "\n".join(out) + "\n"
    where = {e.id: prose("errata-where", where=e.where) if e.where else "" for e in errata}
    for entries, part in ((wrong, "errata"), (remarks, "remarks")):
        out.append(prose(f"{part}-section"))
        if not entries:
            out.append(prose(f"{part}-none"))
            continue
        out.append(prose(f"{part}-summary", count=prose(f"{part}-count", n=len(entries))))
        for e in entries:
            ch = by_folder.get(e.chapter)
            what = prose("errata-summary-what", kind=e.kind, where=where[e.id], seed=shorten(e.seed, SEED_CHARS))
            out.append(prose("errata-summary-row", anchor=e.anchor, id=e.id, what=table_cell(what),
                             chapter=ch.number if ch else e.chapter,
                             labels=", ".join(prose("label-ref", anchor=by_label[l].anchor, label=l) if l in by_label
                                              else code(l) for l in e.labels)))
        out.append("")
        for e in entries:
            ch = by_folder.get(e.chapter)
            out.append(prose("remark" if e.remark else "erratum", id=e.id, anchor=e.anchor,
                             labels=", ".join(code(l) for l in e.labels), kind=e.kind, where=where[e.id],
                             seed=e.seed, correction=e.correction, tests="; ".join(code(t) for t in e.tests)))
            if ch:
                out.append(prose("erratum-chapter", chapter=chapter_ref(ch)))
            out.append("")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- chapter pages

# Blocks whose text is verbatim: a code span there is not markdown, so it is never linked.
VERBATIM_BLOCKS = [(re.compile(r"^\s*(```|~~~)"), None),            # fenced: closed by the same fence
                   (re.compile(r"^\s*\\code\b"), re.compile(r"\\endcode\b")),
                   (re.compile(r"^\s*\\verbatim\b"), re.compile(r"\\endverbatim\b")),
                   (re.compile(r"^\s*\\htmlonly\b"), re.compile(r"\\endhtmlonly\b")),
                   (re.compile(r"^\s*\\f\["), re.compile(r"\\f\]")),
                   (re.compile(r"^\s*<!--"), re.compile(r"-->"))]


def link_spans(para: str, anchors: dict[str, str]) -> tuple[str, int]:
    """Replaces each code span of `para` (one markdown paragraph) whose whole content is a
    label by a link to that label's entry on the theorem index; returns (text, count).
    Backtick runs are paired as markdown pairs them: a span opened by n backticks closes
    at the next run of exactly n."""
    out, i, n, count = [], 0, len(para), 0
    while i < n:
        if para[i] == "\\" and i + 1 < n and para[i + 1] == "`":  # an escaped backtick
            out.append(para[i:i + 2])
            i += 2
            continue
        if para[i] != "`":
            out.append(para[i])
            i += 1
            continue
        j = i
        while j < n and para[j] == "`":
            j += 1
        run = j - i
        close = re.compile(r"(?<!`)" + "`" * run + r"(?!`)").search(para, j)
        if not close:  # an unmatched run is literal text
            out.append(para[i:j])
            i = j
            continue
        content = para[j:close.start()]
        label = content.strip() if run == 1 else ""
        if label in anchors:
            out.append(f'<code>\\ref {anchors[label]} "{label}"</code>')
            count += 1
        else:
            out.append(para[i:close.end()])
        i = close.end()
    return "".join(out), count


def linked_chapter(text: str, anchors: dict[str, str]) -> tuple[str, int]:
    """A chapter README with its label mentions (`zhu:thm2` as a code span, the whole span
    being a label of docs/labels.tsv) made links to the theorem index: returns (text, number
    of links). Left alone: headings (a link in a heading would also land in the page's table
    of contents), paragraphs indented by four spaces (perhaps code), verbatim blocks (```,
    ~~~, \\code, \\verbatim, \\htmlonly, \\f[ … \\f], HTML comments), and spans that hold
    more than a label. Every other
    line is kept as it is, so line numbers, anchors ({#…}) and the \\snippet, \\image and
    \\verbinclude commands (resolved through EXAMPLE_PATH and IMAGE_PATH, not relative to
    the file) are unchanged."""
    lines = text.split("\n")
    out: list[str] = []
    para: list[str] = []
    total = 0

    def flush():
        nonlocal total
        # A paragraph indented by four spaces or a tab may be an indented code block: left alone.
        if para and not re.match(r"^( {4}|\t)", para[0]):
            linked, k = link_spans("\n".join(para), anchors)
            out.extend(linked.split("\n"))
            total += k
        elif para:
            out.extend(para)
        para.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        opened = next(((o, c) for o, c in VERBATIM_BLOCKS if o.match(line)), None)
        if opened:
            flush()
            o, c = opened
            if c is None:  # a fence: closed by a line starting with the same fence
                fence = o.match(line).group(1)
                closes = lambda l, fence=fence: l.lstrip().startswith(fence)
                closed_on_opening_line = False
            else:  # a command: closed by its end command, possibly on the same line
                closes = c.search
                closed_on_opening_line = bool(c.search(line[o.match(line).end():]))
            out.append(line)
            i += 1
            if closed_on_opening_line:
                continue
            while i < len(lines) and not closes(lines[i]):
                out.append(lines[i])
                i += 1
            if i < len(lines):
                out.append(lines[i])
                i += 1
            continue
        if not line.strip() or re.match(r"^\s{0,3}#{1,6}\s", line):
            flush()
            out.append(line)
        else:
            para.append(line)
        i += 1
    flush()
    return "\n".join(out), total


def chapter_pages(chapters: list[Chapter], labels: list[Label]) -> dict[str, str]:
    """The chapter pages as Doxygen reads them, each with its label mentions linked to the
    theorem index (paths relative to the output folder): chapters/<folder>.md, the lesson
    (the chapter's README.md), and chapters/<folder>-checks.md, how the chapter is checked
    (its checks/CHECKS.md, a child page of the lesson)."""
    anchors = {lb.label: lb.anchor for lb in labels}
    pages = {f"chapters/{c.folder}.md": linked_chapter(c.readme, anchors)[0] for c in chapters if c.readme}
    pages.update({f"chapters/{c.folder}-checks.md": linked_chapter(c.checks, anchors)[0]
                  for c in chapters if c.checks})
    return pages


# --------------------------------------------------------------------------- INDEX.md check

def index_labels(path: Path) -> list[str]:
    """The labels of the seeds' INDEX.md: the backticked source:name tokens of its label
    tables, with ranges `a.1` … `a.6` expanded."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| `"):
            continue
        for m in re.finditer(r"`([a-z]+:[^`\s]+)`\s*…\s*`([a-z]+:[^`\s]+)`", line):
            a, b = m.group(1), m.group(2)
            pa, na = re.match(r"^(.*?)(\d+)$", a).groups()
            pb, nb = re.match(r"^(.*?)(\d+)$", b).groups()
            if pa != pb:
                raise DataError(f"{path}: cannot expand the range {a} … {b}")
            found += [f"{pa}{i}" for i in range(int(na), int(nb) + 1)]
            line = line.replace(m.group(0), "")
        found += [t for t in re.findall(r"`([^`\s]+)`", line) if LABEL_RE.match(t)]
    return list(dict.fromkeys(found))


def check_index(root: Path, index: Path) -> int:
    chapters = load_chapters(root)
    ours = [lb.label for lb in load_labels(root, load_sources(root), chapters)]
    theirs = index_labels(index)
    missing, extra = [l for l in theirs if l not in ours], [l for l in ours if l not in theirs]
    for l in missing:
        print(f"bookpages: error: {index} has the label {l}, docs/labels.tsv does not", file=sys.stderr)
    for l in extra:
        print(f"bookpages: error: docs/labels.tsv has the label {l}, {index} does not", file=sys.stderr)
    if missing or extra:
        return 1
    print(f"bookpages: docs/labels.tsv lists exactly the {len(ours)} labels of {index}")
    return 0


# --------------------------------------------------------------------------- main

def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", required=True, type=Path, help="the project's source directory")
    ap.add_argument("--out", type=Path, help="where to write mainpage.md, theorem-index.md, errata.md")
    ap.add_argument("--ctest", help="the ctest executable (with --build-dir: the test list is ctest's, each doctest "
                    "test located by its executable)")
    ap.add_argument("--build-dir", help="the build directory whose tests are listed")
    ap.add_argument("--tests", type=Path, help="a file with one test name per line instead of ctest (no test is located)")
    ap.add_argument("--no-tests", action="store_true", help="no test list (a build without tests)")
    ap.add_argument("--allow-pending-chapters", action="store_true",
                    help="a label without a test is 'pending', not an error, while one of its chapter folders is absent")
    ap.add_argument("--check-index", type=Path, help="compare docs/labels.tsv with this INDEX.md and exit")
    a = ap.parse_args(argv)
    try:
        if a.check_index:
            return check_index(a.root, a.check_index)
        if not a.out or sum([bool(a.ctest), bool(a.tests), a.no_tests]) != 1 or bool(a.ctest) != bool(a.build_dir):
            ap.error("give --out and exactly one of --ctest with --build-dir, --tests, --no-tests")
        tests = (tests_from_ctest(a.ctest, a.build_dir, a.root) if a.ctest else
                 tests_from_file(a.tests) if a.tests else None)
        chapters, sources, labels, groups, errata, errors, warnings = build(a.root, tests, a.allow_pending_chapters)
        have = tests is not None
        a.out.mkdir(parents=True, exist_ok=True)
        pages = {
            "mainpage.md": mainpage(a.root, chapters, labels, groups, errata, have),
            "theorem-index.md": theorem_index(chapters, sources, labels, warnings, have),
            "errata.md": errata_page(chapters, labels, errata, have),
        }
        pages.update(chapter_pages(chapters, labels))
        (a.out / "chapters").mkdir(exist_ok=True)
        for stale in (a.out / "chapters").glob("*.md"):  # a chapter removed since the last run
            if f"chapters/{stale.name}" not in pages:
                stale.unlink()
        for name, text in pages.items():
            p = a.out / name
            if not p.exists() or p.read_text(encoding="utf-8") != text:
                p.write_text(text, encoding="utf-8")
    except (DataError, subprocess.CalledProcessError, OSError) as e:
        print(f"bookpages: error: {e}", file=sys.stderr)
        return 1
    for w in warnings:
        print(f"bookpages: warning: {w}", file=sys.stderr)
    unimplemented = [lb.label for lb in labels if not lb.code]
    if unimplemented:
        print(f"bookpages: warning: {len(unimplemented)} of {len(labels)} labels are named by no header of "
              "src/kernelbook (no 'Implemented in' line; listed on the theorem index): " + " ".join(unimplemented),
              file=sys.stderr)
    pending = [lb.label for lb in labels if lb.status == "pending"]
    if pending:
        print(f"bookpages: warning: {len(pending)} labels pending (their chapter folder is not in the tree yet): "
              + " ".join(pending), file=sys.stderr)
    for e in errors:
        print(f"bookpages: error: {e}", file=sys.stderr)
    if errors:
        print(f"bookpages: {len(errors)} error{'s' * (len(errors) > 1)}; the pages were written to {a.out} for inspection, "
              "but the book must not be built like this", file=sys.stderr)
        return 1
    checked = sum(lb.status == "checked" for lb in labels)
    n_wrong, n_remarks = sum(not e.remark for e in errata), sum(e.remark for e in errata)
    print(f"bookpages: {checked}/{len(labels)} labels checked, {len(pending)} pending, "
          f"{n_wrong} {'erratum' if n_wrong == 1 else 'errata'}, {n_remarks} remark{'' if n_remarks == 1 else 's'}; "
          f"pages in {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/python3
"""Generates the book's generated pages from the project's data and the test suite.

    bookpages.py --root SRC --out DIR (--ctest CTEST --build-dir BUILD | --tests FILE | --no-tests)
                 [--allow-pending-chapters]
    bookpages.py --root SRC --check-index INDEX.md

writes into DIR
  mainpage.md       docs/mainpage.md with its chapter table and status line filled in
                    (from docs/chapters.tsv and the chapter folders present);
  theorem-index.md  the page `theorem-index`: every label of docs/labels.tsv with its
                    statement, the tests whose names carry `[label]`, the chapter pages
                    that discuss it and the library headers that mention it;
  errata.md         the page `errata`, from docs/errata.md;
  chapters/NN-topic.md  each chapter's README.md as Doxygen reads it: the same text with
                    every label mentioned as a code span (`zhu:thm2`) made a link to its
                    entry on the theorem index (Doxyfile.in takes these copies, not the
                    READMEs, which stay plain markdown for reading in the source tree).

It FAILS (exit 1, every problem listed) when
  - a label has no test (MISSING) — except, with --allow-pending-chapters, a label one of
    whose chapters (docs/labels.tsv, column `chapters`) has no folder chapters/<folder>
    yet: that label is listed as pending. Once every chapter folder exists nothing is
    pending, so the check is strict again by itself;
  - an erratum names a test that is not in the test list, an unknown label or chapter;
  - a chapter README's Errata section cites a test (by its name) that no erratum lists;
  - the data files are malformed (wrong columns, duplicate or malformed labels).
With --no-tests (a build without tests) the pages say that no test list was available.
It WARNS (the theorem index lists them, the build goes on) about labels that no library
header names (no "Implemented in" line) and test tags that are not labels.

--check-index compares docs/labels.tsv with the label list of the seeds' INDEX.md.

Python 3 standard library only; run with /usr/bin/python3.
"""

from __future__ import annotations

import argparse
import difflib
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

LABEL_RE = re.compile(r"^[a-z]+:[A-Za-z0-9][A-Za-z0-9.\-]*$")
TAG_RE = re.compile(r"\[([a-z]+:[^\[\]\s]+)\]")
TEMPLATE_RE = re.compile(r"^(.*)<([^<>]+)>$")
ERRATA_KINDS = ("formula", "number", "label", "proof", "statement")


class DataError(Exception):
    """A malformed data file: the message names the file and line."""


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
    names: list[str] = field(default_factory=list)         # the full ctest names

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
        chapters.append(c)
    folders = [c.folder for c in chapters]
    for c in chapters:
        for dep in c.builds_on:
            if dep not in folders:
                raise DataError(f"chapters.tsv: {c.folder} builds on unknown chapter '{dep}'")
    return chapters


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
    """Entries of docs/errata.md: after the line '## Entries', one '### <id>' heading per
    erratum followed by '- key: value' lines (a value continues on lines indented by two
    or more spaces). Everything before '## Entries' is documentation."""
    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        start = next(i for i, l in enumerate(lines) if l.strip() == "## Entries")
    except StopIteration:
        raise DataError(f"{path}: no '## Entries' line (the entries follow it)")
    raw: list[tuple[str, int, dict[str, list[str]]]] = []
    key = None
    in_comment = False
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
        m = re.match(r"^###\s+(\S+)\s*$", line)
        if m:
            raw.append((m.group(1), n, {}))
            key = None
            continue
        if line.startswith("#"):
            raise DataError(f"{path}:{n}: only '### <id>' headings may follow '## Entries'")
        if not raw:
            raise DataError(f"{path}:{n}: text before the first '### <id>' entry")
        m = re.match(r"^- ([a-z]+):\s*(.*)$", line)
        if m:
            key = m.group(1)
            raw[-1][2].setdefault(key, []).append(m.group(2).strip())
            continue
        if key and re.match(r"^\s{2,}\S", line):
            fields = raw[-1][2][key]
            fields[-1] = (fields[-1] + " " + line.strip()).strip()
            continue
        raise DataError(f"{path}:{n}: expected '- key: value' (keys: label, chapter, kind, where, seed, correction, test) or an indented continuation")
    errata, seen = [], set()
    for eid, n, f in raw:
        where = f"{path}:{n}"
        if not re.match(r"^[a-z0-9][a-z0-9-]*$", eid):
            raise DataError(f"{where}: erratum id '{eid}' must be lower-case letters, digits and '-'")
        if eid in seen:
            raise DataError(f"{where}: erratum id '{eid}' used twice")
        seen.add(eid)
        unknown = set(f) - {"label", "chapter", "kind", "where", "seed", "correction", "test"}
        if unknown:
            raise DataError(f"{where}: unknown field(s) {sorted(unknown)}")
        for k in ("label", "chapter", "kind", "seed", "correction", "test"):
            if not f.get(k) or not all(f[k]):
                raise DataError(f"{where}: erratum '{eid}' needs '- {k}: …'")
        for k in ("label", "chapter", "kind", "where", "seed", "correction"):
            if len(f.get(k, [])) > 1:
                raise DataError(f"{where}: erratum '{eid}' has '- {k}:' twice (only 'test' may repeat)")
        if f["kind"][0] not in ERRATA_KINDS:
            raise DataError(f"{where}: erratum '{eid}': kind must be one of {', '.join(ERRATA_KINDS)}")
        errata.append(Erratum(eid, f["label"][0].split(), f["chapter"][0], f["kind"][0],
                              f.get("where", [""])[0], f["seed"][0], f["correction"][0], f["test"], n))
    return errata


# --------------------------------------------------------------------------- the tests

def tests_from_ctest(ctest: str, build_dir: str) -> list[str]:
    out = subprocess.run([ctest, "--test-dir", build_dir, "-N"], check=True,
                         capture_output=True, text=True).stdout
    names = [m.group(1) for m in re.finditer(r"^\s*Test\s+#\d+: (.*?)\s*$", out, re.M)]
    if not names:
        raise DataError(f"`{ctest} --test-dir {build_dir} -N` listed no test")
    return names


def tests_from_file(path: Path) -> list[str]:
    return [l.rstrip() for l in path.read_text(encoding="utf-8").splitlines()
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


def group_tests(names: list[str]) -> list[TestGroup]:
    groups: dict[tuple[str, str], TestGroup] = {}
    for name in names:
        prefix, sep, base, typ = split_test_name(name)
        g = groups.setdefault((prefix, base), TestGroup(prefix, sep, base))
        g.names.append(name)
        if typ:
            g.types.append(typ.replace("kb::", ""))
    return list(groups.values())


TEST_MACRO_RE = re.compile(r"\b(?:TEST_CASE|TEST_CASE_TEMPLATE|TEST_CASE_TEMPLATE_DEFINE|TEST_CASE_FIXTURE|SCENARIO|"
                           r"SCENARIO_TEMPLATE|SCENARIO_TEMPLATE_DEFINE)\s*\(")
C_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "?": "?", "0": "\0"}


def string_literals(text: str, pos: int) -> str | None:
    """The value of the C++ string literal(s) starting at text[pos] (after blanks and
    comments): adjacent literals are concatenated, as the compiler does, so a test name split
    over several source lines ("first part "  "second part") is read whole. None if no
    literal starts there."""
    parts, n = [], len(text)
    while True:
        while pos < n:  # blanks, line and block comments
            if text[pos].isspace():
                pos += 1
            elif text.startswith("//", pos):
                pos = text.find("\n", pos) if text.find("\n", pos) >= 0 else n
            elif text.startswith("/*", pos):
                end = text.find("*/", pos + 2)
                pos = end + 2 if end >= 0 else n
            else:
                break
        m = re.compile(r'(?:u8|u|U|L)?R"([^()\\\s]{0,16})\(').match(text, pos)
        if m:  # raw string literal
            end = text.find(")" + m.group(1) + '"', m.end())
            if end < 0:
                return None
            parts.append(text[m.end():end])
            pos = end + len(m.group(1)) + 2
            continue
        m = re.compile(r'(?:u8|u|U|L)?"').match(text, pos)
        if not m:
            break
        pos, buf = m.end(), []
        while pos < n and text[pos] != '"':
            if text[pos] == "\\" and pos + 1 < n:
                buf.append(C_ESCAPES.get(text[pos + 1], "\\" + text[pos + 1]))
                pos += 2
            elif text[pos] == "\n":
                return None  # unterminated literal
            else:
                buf.append(text[pos])
                pos += 1
        parts.append("".join(buf))
        pos += 1
    return "".join(parts) if parts else None


def test_locations(root: Path) -> dict[str, list[tuple[str, int]]]:
    """Where each doctest test case is defined: its name → [(file, line), …] (a name may be
    defined in more than one folder; the caller picks the one of the test's prefix).
    Reads every .cpp and .hpp of chapters/ and tests/; the macros TEST_CASE,
    TEST_CASE_TEMPLATE, TEST_CASE_TEMPLATE_DEFINE (shared test bodies in a header,
    instantiated by TEST_CASE_TEMPLATE_INVOKE), TEST_CASE_FIXTURE and SCENARIO; names
    written as several adjacent literals, possibly over several lines, are joined."""
    where: dict[str, list[tuple[str, int]]] = {}
    files = []
    for top in ("chapters", "tests"):
        for ext in ("cpp", "hpp"):
            files += sorted((root / top).glob(f"**/*.{ext}"))
    for f in files:
        text = f.read_text(encoding="utf-8", errors="replace")
        for m in TEST_MACRO_RE.finditer(text):
            pos = m.end()
            if "FIXTURE" in m.group(0):  # TEST_CASE_FIXTURE(Class, "name")
                c = re.compile(r"\s*[A-Za-z_][A-Za-z0-9_:<>]*\s*,").match(text, pos)
                if not c:
                    continue
                pos = c.end()
            name = string_literals(text, pos)
            if name is None:
                continue
            line = text.count("\n", 0, m.start()) + 1
            entry = (str(f.relative_to(root)), line)
            if entry not in where.setdefault(name, []):
                where[name].append(entry)
    return where


def test_location(locations: dict[str, list[tuple[str, int]]], g: "TestGroup") -> tuple[str, int] | None:
    """The definition of test case g: by its name, preferring a file of its own folder
    (chapters/<prefix>/ or tests/<prefix>/) when the name is defined in several."""
    found = locations.get(g.base) or locations.get(g.base.strip()) or []
    if g.prefix:
        mine = [w for w in found if w[0].startswith((f"chapters/{g.prefix}/", f"tests/{g.prefix}/"))]
        found = mine or found
    return found[0] if found else None


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
    return f"\\ref {c.page}" if c.page else f"chapter {c.number}, {c.title} (not in this build yet)"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# --------------------------------------------------------------------------- the pages

def build(root: Path, tests: list[str] | None, allow_pending: bool):
    """Computes everything; returns (chapters, sources, labels, groups, errata, errors, warnings)."""
    errors: list[str] = []
    warnings: list[str] = []
    chapters = load_chapters(root)
    by_folder = {c.folder: c for c in chapters}
    sources = load_sources(root)
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
        lb.pages = [c.folder for c in chapters if c.readme and mentions(c.readme, lb.label)]
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

    # Errata: labels, chapters and tests must exist.
    group_keys = {(g.prefix, g.base) for g in groups}
    full_keys = {test_key(n) for n in (tests or [])}
    for e in errata:
        for l in e.labels:
            if l not in by_label:
                errors.append(f"erratum '{e.id}' (docs/errata.md:{e.line}): unknown label '{l}'")
            else:
                by_label[l].errata.append(e.id)
        if e.chapter not in by_folder:
            errors.append(f"erratum '{e.id}' (docs/errata.md:{e.line}): unknown chapter '{e.chapter}'")
        if tests is not None:
            for t in e.tests:
                if test_key(t) not in group_keys and test_key(t) not in full_keys:
                    close = difflib.get_close_matches(t, sorted(g.display for g in groups), n=1, cutoff=0.6)
                    hint = f"; did you mean '{close[0]}'?" if close else ""
                    errors.append(f"erratum '{e.id}' (docs/errata.md:{e.line}): its test '{t}' does not exist{hint}")

    # Errata sections of the chapters present: every test they cite needs an entry.
    cited_ok = {test_key(t) for e in errata for t in e.tests}
    for c in chapters:
        body = section(c.readme, r"errata\b") if c.readme else ""
        if not body:
            continue
        for g in groups:
            if len(g.base) >= 12 and g.base in body and (g.prefix, g.base) not in cited_ok:
                errors.append(f"chapters/{c.folder}/README.md: its Errata section cites the test "
                              f"'{g.display}', but no entry of docs/errata.md lists it (add the erratum there)")
    return chapters, sources, labels, groups, errata, errors, warnings


def chapter_table(chapters: list[Chapter]) -> str:
    num = {c.folder: c.number for c in chapters}
    rows = ["| # | chapter | what you will find | builds on | its checks, from `build/` |", "|---|---|---|---|---|"]
    for c in chapters:
        title = f"\\ref {c.page} \"{c.title}\"" if c.page else f"{c.title} <em>(not in this build yet)</em>"
        deps = ", ".join(str(num[d]) for d in c.builds_on) or "—"
        run = code(f"ctest -R {c.folder}") if c.present else "—"
        rows.append(f"| {c.number} | {title} | {c.summary} | {deps} | {run} |")
    return "\n".join(rows)


def status_line(labels: list[Label], groups: list[TestGroup], errata: list[Erratum], have_tests: bool) -> str:
    if not have_tests:
        return ("This build was configured without tests (`KB_BUILD_TESTS=OFF`), so the "
                "\\ref theorem-index \"theorem index\" cannot say which tests check each statement.")
    n = len(labels)
    checked = sum(lb.status == "checked" for lb in labels)
    pending = sum(lb.status == "pending" for lb in labels)
    tagged = sum(1 for g in groups if TAG_RE.search(g.base))
    s = (f"In this build, **{checked} of the {n} labelled statements** of the sources are checked by "
         f"{plural(tagged, 'labelled test case')} (\\ref theorem-index \"theorem index\"), and "
         f"{len(errata)} {'erratum is' if len(errata) == 1 else 'errata are'} recorded (\\ref errata \"errata\").")
    if pending:
        s += f" {pending} statements belong to chapters that are not in this build yet."
    return s


def mainpage(root: Path, chapters, labels, groups, errata, have_tests) -> str:
    text = (root / "docs/mainpage.md").read_text(encoding="utf-8")
    for marker, content in (("<!-- kb:chapter-table -->", chapter_table(chapters)),
                            ("<!-- kb:status -->", status_line(labels, groups, errata, have_tests))):
        if marker not in text:
            raise DataError(f"docs/mainpage.md: the marker line '{marker}' is missing")
        text = text.replace(marker, content)
    return text


def theorem_index(chapters, sources, labels, groups, errata, warnings, have_tests, allow_pending, locations) -> str:
    by_folder = {c.folder: c for c in chapters}
    out = ["# Theorem index {#theorem-index}", ""]
    out.append("Every checkable statement of the five source documents has a label, such as "
               "`zhu:thm2`, and every test that checks a statement carries its label in its name, "
               "in brackets. This page is generated at each build of the book from the test suite "
               "itself (the names `ctest -N` lists), from the chapter texts and from the library "
               "headers, by `docs/tools/bookpages.py`; its label list is `docs/labels.tsv`. "
               "The statements are short paraphrases of what each source *claims*; where a claim "
               "is wrong, the \\ref errata \"errata\" page has the correction.")
    out.append("")
    out.append("A label no test checks is **MISSING**, and the book does not build while one is. "
               "Run the checks of one statement with `ctest --test-dir build -R zhu:thm2`.")
    out.append("")
    if not have_tests:
        out += ["**This build was configured without tests (`KB_BUILD_TESTS=OFF`): no test list "
                "was available, so no label shows its tests below.**", ""]
    pending = [lb for lb in labels if lb.status == "pending"]
    if pending:
        absent = sorted({c for lb in pending for c in lb.chapters if not by_folder[c].present})
        out.append(f"**Pending:** {plural(len(pending), 'label')} {'has' if len(pending) == 1 else 'have'} no test yet because their chapter "
                   f"is not in this build ({', '.join(code('chapters/' + a) for a in absent)}). "
                   "This is allowed only while a chapter folder is absent "
                   "(`KB_DOCS_ALLOW_PENDING`, see the contributors' page); once every chapter is "
                   "present, a label without a test fails the build.")
        out.append("")

    unimplemented = [lb for lb in labels if not lb.code]
    if unimplemented:
        out.append(f"\\warning {plural(len(unimplemented), 'label')} of {len(labels)} "
                   f"{'has' if len(unimplemented) == 1 else 'have'} no implementation location: no header of "
                   "`src/kernelbook` names "
                   f"{'it' if len(unimplemented) == 1 else 'them'} (\\ref idx-unimplemented \"the list\").")
        out.append("")

    # Summary.
    out += ["| source | labels | checked | pending | missing |", "|---|---|---:|---:|---:|"]
    for s in sources:
        mine = [lb for lb in labels if lb.source == s["short"]]
        cnt = lambda st: sum(lb.status == st for lb in mine)
        out.append(f"| \\ref idx-{s['short']} \"{s['short']}\" — {s['title']} | {len(mine)} | "
                   f"{cnt('checked')} | {cnt('pending')} | {cnt('missing')} |")
    out.append(f"| **all** | {len(labels)} | {sum(lb.status == 'checked' for lb in labels)} | "
               f"{len(pending)} | {sum(lb.status == 'missing' for lb in labels)} |")
    out.append("")

    word = {"checked": "checked", "pending": "pending", "missing": "**MISSING**", "unknown": "not collected"}
    for s in sources:
        mine = [lb for lb in labels if lb.source == s["short"]]
        out += [f"## {s['short']} — {s['title']} {{#idx-{s['short']}}}", "",
                f"*{s['kind'].capitalize()}*, file `{s['seed_file']}` of the seeds.", "",
                "| label | status | tests | chapter |", "|---|---|---:|---|"]
        for lb in mine:
            chs = ", ".join(str(by_folder[c].number) for c in lb.chapters)
            out.append(f"| \\ref {lb.anchor} \"{lb.label}\" | {word[lb.status]} | {len(lb.tests)} | {chs} |")
        out.append("")
        for lb in mine:
            out += [f"### {lb.label} {{#{lb.anchor}}}", "", lb.statement, ""]
            if lb.status == "checked":
                out.append(f"- **Checked by** {plural(len(lb.tests), 'test case')}:")
                for g in sorted(lb.tests, key=lambda g: g.display):
                    line = f"  - {code(g.display)}"
                    if g.types:
                        line += " in " + ", ".join(g.types)
                    loc = test_location(locations, g)
                    if loc:
                        line += f" — `{loc[0]}`, line {loc[1]}"
                    out.append(line)
            elif lb.status == "pending":
                absent = [c for c in lb.chapters if not by_folder[c].present]
                out.append(f"- **Checked by:** pending — no test yet; `chapters/{absent[0]}` is not in this build.")
            elif lb.status == "missing":
                out.append(f"- **Checked by:** **MISSING** — no test name carries `[{lb.label}]`.")
            else:
                out.append("- **Checked by:** not collected (built without tests).")
            if lb.pages:
                out.append("- **Discussed in:** " + ", ".join(chapter_ref(by_folder[f]) for f in lb.pages))
            else:
                out.append("- **Discussed in:** " + ", ".join(
                    chapter_ref(by_folder[c]) if not by_folder[c].readme else
                    f"{chapter_ref(by_folder[c])} (planned: its text does not name the label)"
                    for c in lb.chapters))
            if lb.code:
                out.append("- **Implemented in:** " + "; ".join(
                    (f"\\ref {f}" if not f.startswith("src/") else code(f)) + f" ({'line' if len(ls) == 1 else 'lines'} {', '.join(map(str, ls))})"
                    for f, ls in lb.code))
            else:
                out.append("- **Implemented in:** *not named* — no header of `src/kernelbook` mentions "
                           f"`{lb.label}` (\\ref idx-unimplemented \"warning\")")
            if lb.errata:
                out.append("- **Errata:** " + ", ".join(f"\\ref erratum-{e} \"{e}\"" for e in lb.errata))
            out.append("")
    unimplemented = [lb for lb in labels if not lb.code]
    if unimplemented:
        out += ["## Labels with no implementation location {#idx-unimplemented}", "",
                f"**Warning:** {plural(len(unimplemented), 'label')} of {len(labels)} {'is' if len(unimplemented) == 1 else 'are'} "
                "named by no header of `src/kernelbook`, so the index cannot say which library code "
                f"implements {'it' if len(unimplemented) == 1 else 'them'}. Where a library function implements the "
                "statement, its Doxygen comment should mention the label (see the contributors' page); "
                "a statement checked by tests alone (a counterexample, an erratum, a proof step) "
                "may stay here. This is a warning: the book still builds.", ""]
        out += [f"- \\ref {lb.anchor} \"{lb.label}\" — {lb.statement} "
                f"({'chapter' if len(lb.chapters) == 1 else 'chapters'} "
                f"{', '.join(str(by_folder[c].number) for c in lb.chapters)})" for lb in unimplemented]
        out.append("")
    if warnings:
        out += ["## Warnings {#idx-warnings}", "", "Found while generating this page:", ""]
        out += [f"- {w}" for w in warnings]
        out.append("")
    return "\n".join(out) + "\n"


def errata_page(chapters, labels, errata, have_tests) -> str:
    by_folder = {c.folder: c for c in chapters}
    by_label = {lb.label: lb for lb in labels}
    out = ["# Errata of the source documents {#errata}", ""]
    out.append("The five documents this book is built from are lecture notes, a draft, slides, a "
               "book excerpt and a paper. Their formulas, numbers, labels and proofs are claims, "
               "and this page lists every one the book found wrong: what the source says, the "
               "correction, and the test that demonstrates it. The tests run with the rest of the "
               "suite, and the page generator (`docs/tools/bookpages.py`) refuses an entry whose "
               "test does not exist, so no erratum appears here without its demonstration.")
    out.append("")
    if not have_tests:
        out += ["**This build was configured without tests: the tests named below were not checked to exist.**", ""]
    if not errata:
        out.append("**No erratum has been recorded yet.** Errata are collected here as the chapters "
                   "are added to the book; each chapter's text also has an Errata section.")
        return "\n".join(out) + "\n"
    out += [f"{len(errata)} {'erratum' if len(errata) == 1 else 'errata'}:", "",
            "| erratum | label | what is wrong: a wrong …, where, what the source says | chapter |", "|---|---|---|---|"]
    for e in errata:
        ch = by_folder.get(e.chapter)
        what = f"**{e.kind}**" + (f", {e.where}" if e.where else "") + ": " + shorten(e.seed, SEED_CHARS)
        out.append(f"| \\ref erratum-{e.id} \"{e.id}\" | "
                   + ", ".join(f"\\ref {by_label[l].anchor} \"{l}\"" if l in by_label else code(l) for l in e.labels)
                   + f" | {table_cell(what)} | {ch.number if ch else e.chapter} |")
    out.append("")
    for e in errata:
        ch = by_folder.get(e.chapter)
        out += [f"## {e.id} {{#erratum-{e.id}}}", ""]
        out.append("- **Label:** " + ", ".join(code(l) for l in e.labels) + f" — a wrong {e.kind}"
                   + (f", {e.where}" if e.where else "") + ".")
        out.append(f"- **The source says:** {e.seed}")
        out.append(f"- **Correct:** {e.correction}")
        out.append("- **Demonstrated by:** " + "; ".join(code(t) for t in e.tests))
        if ch:
            out.append(f"- **Chapter:** {chapter_ref(ch)}")
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
    """The chapter READMEs as Doxygen reads them: chapters/<folder>.md (relative to the
    output folder) → text with its label mentions linked to the theorem index."""
    anchors = {lb.label: lb.anchor for lb in labels}
    return {f"chapters/{c.folder}.md": linked_chapter(c.readme, anchors)[0] for c in chapters if c.readme}


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
    ap.add_argument("--ctest", help="the ctest executable (with --build-dir: the test list is `ctest -N`)")
    ap.add_argument("--build-dir", help="the build directory whose tests are listed")
    ap.add_argument("--tests", type=Path, help="a file with one test name per line instead of ctest")
    ap.add_argument("--no-tests", action="store_true", help="no test list (a build without tests)")
    ap.add_argument("--allow-pending-chapters", action="store_true",
                    help="a label without a test is 'pending', not an error, while one of its chapter folders is absent")
    ap.add_argument("--check-index", type=Path, help="compare docs/labels.tsv with this INDEX.md and exit")
    a = ap.parse_args(argv)
    try:
        if a.check_index:
            return check_index(a.root, a.check_index)
        if not a.out or sum([bool(a.ctest), bool(a.tests), a.no_tests]) != 1:
            ap.error("give --out and exactly one of --ctest/--build-dir, --tests, --no-tests")
        tests = (tests_from_ctest(a.ctest, a.build_dir) if a.ctest else
                 tests_from_file(a.tests) if a.tests else None)
        chapters, sources, labels, groups, errata, errors, warnings = build(a.root, tests, a.allow_pending_chapters)
        have = tests is not None
        a.out.mkdir(parents=True, exist_ok=True)
        pages = {
            "mainpage.md": mainpage(a.root, chapters, labels, groups, errata, have),
            "theorem-index.md": theorem_index(chapters, sources, labels, groups, errata, warnings, have,
                                              a.allow_pending_chapters, test_locations(a.root)),
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
        print(f"bookpages: {plural(len(errors), 'error')}; the pages were written to {a.out} for inspection, "
              "but the book must not be built like this", file=sys.stderr)
        return 1
    checked = sum(lb.status == "checked" for lb in labels)
    print(f"bookpages: {checked}/{len(labels)} labels checked, {len(pending)} pending, "
          f"{len(errata)} {'erratum' if len(errata) == 1 else 'errata'}; pages in {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

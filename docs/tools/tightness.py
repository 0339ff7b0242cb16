#!/usr/bin/env python3
"""The tightness report: writes the book page docs/tightness.md ("How tight are the checks")
from the comparison records of tests/tightness.sh.

Every law of the test suite compares an error with a bound (tests/support/tolerance.hpp);
with KB_BOUND_REPORT=<file> the harness appends one tab-separated line per comparison:

    test case, what, scalar type, bound kind, within|exceeds, |error|, bound, ratio, ok|FAILED

where ratio = |error| / bound (inf when the bound is 0 and the error is not).
tests/tightness.sh runs every test binary once per seed and keeps, under --runs,
``seed-<s>/<binary>.tsv.gz`` (the records), ``seed-<s>/<binary>.log`` (the binary's output)
and ``runs.tsv`` (seed, binary, chapter, exit code, seconds, attempts, and the --jobs of the
run; records written before that column existed have six).

For each check — a test case, a `what` (numbers that vary from case to case, such as
``at m = 7``, replaced by ``#``) and a scalar type — this script gathers the ratios of the
PASSING `within` comparisons over all seeds: min, median, 90th percentile and max, and per
chapter a histogram by decade. The bound kind "exact" (bound 0: equality) is counted but
has no ratio. Companions (`exceeds`) are listed with their smallest ratio: how far above
the law's bound the wrong formula lands. A check whose worst ratio stays below the
threshold (10⁻³) is *flagged*: its bound is far looser than the errors seen, and it needs a
tighter bound or a written reason, from docs/tools/tightness_reasons.tsv (tab-separated:
test regex, what regex, type regex, reason; an empty regex matches everything; lines
starting with '#' are comments; the first matching line gives the reason).

A FAILED comparison inside a test case that passed is one the test asserts on purpose (the
harness's own tests of the comparison); inside a failing test case it is a failure and is
listed. With --check the exit status is 1 when a flagged check has no reason, a test case
failed, or a test case was skipped in some run.

Python standard library only (Debian's /usr/bin/python3).
"""
from __future__ import annotations

import argparse
import gzip
import math
import re
import statistics
import sys
from array import array
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

THRESHOLD = 1e-3

# Chapters that are not folders of chapters/ (the binaries of tests/).
OTHER_GROUPS = {
    "cross": "Cross-chapter checks (tests/cross)",
    "fisher": "Fisher discriminant analysis (tests/fisher)",
    "harness": "The harness and the library's foundations (tests/harness)",
    "io": "Data readers (tests/io)",
}


def normalise_what(what: str) -> str:
    """The name of a check without what varies from case to case: a random kernel
    expression after ' for ' becomes ‹expression›, and an integer or decimal given to a
    one-letter-or-word parameter ('at m = 7', 'D = 12', 'p = 2') becomes '#'."""
    what = re.sub(r" for [^ ]*.*[·∘⊙].*$", " for ‹expression›", what)
    what = re.sub(r"(?<![\w)\]])([A-Za-z]\w*) = -?\d+(\.\d+)?(?![\w.])", r"\1 = #", what)
    return what


def base_test_name(test: str) -> str:
    """A template test case's name without its <type> suffix."""
    return re.sub(r"<[^<>]*>$", "", test)


@dataclass
class Check:
    chapter: str
    test: str
    what: str
    type: str
    ratios: array = field(default_factory=lambda: array("d"))
    seeds: set = field(default_factory=set)

    def stats(self):
        r = sorted(self.ratios)
        n = len(r)
        return {
            "n": n,
            "zeros": sum(1 for x in r if x == 0),
            "min": r[0],
            "median": statistics.median(r),
            "p90": r[min(n - 1, math.ceil(0.9 * n) - 1)],
            "max": r[-1],
        }


@dataclass
class Companion:
    chapter: str
    test: str
    what: str
    type: str
    n: int = 0
    smallest: float = math.inf


@dataclass
class Chapter:
    name: str
    ratios: dict = field(default_factory=lambda: defaultdict(lambda: array("d")))  # type -> ratios
    exact_comparisons: int = 0
    exact_checks: set = field(default_factory=set)
    on_purpose: int = 0  # FAILED comparisons inside passing test cases
    zero_bound: int = 0  # non-exact comparisons whose bound is 0


def parse_log(path: Path):
    """Failing and skipped test cases of one run, from doctest's console output."""
    failed, skipped = set(), {}
    if not path.exists():
        return failed, skipped
    current = None
    for line in path.read_text(errors="replace").splitlines():
        if line.startswith("TEST CASE:  "):
            current = line[len("TEST CASE:  "):]
        elif current and (": ERROR: " in line or ": FATAL ERROR: " in line or "TEST CASE FAILED" in line):
            failed.add(current)
        elif line.startswith("kernelbook: SKIPPED "):
            rest = line[len("kernelbook: SKIPPED "):]
            skipped[rest] = rest
    return failed, skipped


def read_runs(runs_dir: Path):
    runs = []
    table = runs_dir / "runs.tsv"
    if table.exists():
        for line in table.read_text().splitlines():
            f = line.split("\t")
            if len(f) >= 6:
                runs.append({"seed": f[0], "binary": f[1], "chapter": f[2], "rc": int(f[3]),
                             "seconds": float(f[4]), "attempts": int(f[5]),
                             "jobs": int(f[6]) if len(f) >= 7 and f[6].isdigit() else None})
    else:  # records without a runs table: take what is there
        for tsv in sorted(runs_dir.glob("seed-*/kb-*-tests.tsv*")):
            binary = tsv.name.split(".tsv")[0]
            runs.append({"seed": tsv.parent.name[5:], "binary": binary,
                         "chapter": binary[3:-6], "rc": 0, "seconds": 0.0, "attempts": 1, "jobs": None})
    return runs


def open_records(runs_dir: Path, seed: str, binary: str):
    for name in (f"{binary}.tsv.gz", f"{binary}.tsv"):
        p = runs_dir / f"seed-{seed}" / name
        if p.exists():
            return gzip.open(p, "rt", errors="replace") if name.endswith(".gz") else open(p, errors="replace")
    return None


def load_reasons(path: Path):
    reasons = []
    if not path.exists():
        return reasons
    for i, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        if len(f) != 4 or not f[3].strip():
            raise SystemExit(f"{path}:{i}: expected 4 tab-separated fields: test regex, what regex, type regex, reason")
        try:
            reasons.append({"line": i, "test": re.compile(f[0]), "what": re.compile(f[1]),
                            "type": re.compile(f[2]), "reason": f[3].strip(), "used": 0})
        except re.error as e:
            raise SystemExit(f"{path}:{i}: bad regex: {e}")
    return reasons


def find_reason(reasons, check: Check):
    for r in reasons:
        if r["test"].search(check.test) and r["what"].search(check.what) and r["type"].search(check.type):
            r["used"] += 1
            return r
    return None


# ----------------------------------------------------------------------------- formatting

SUP = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def fmt(x: float) -> str:
    """A ratio for a reader: 0, 0.42, 3.1·10⁻⁵, ∞."""
    if x == 0:
        return "0"
    if math.isinf(x):
        return "∞"
    if math.isnan(x):
        return "NaN"
    if 0.01 <= x < 1000:
        return f"{x:.2g}" if x < 10 else f"{x:.0f}"
    e = math.floor(math.log10(x))
    m = x / 10 ** e
    if abs(m - 1) < 1e-9:
        return f"10{str(e).translate(SUP)}"
    if round(m, 1) >= 10:
        m, e = m / 10, e + 1
    return f"{m:.1f}·10{str(e).translate(SUP)}"


def code(s: str) -> str:
    """Text shown verbatim in a Markdown table cell (Doxygen and GitHub): a code span, with
    the table's separator and the span's delimiter replaced by look-alikes."""
    s = s.replace("|", "∣").replace("`", "ˋ")
    return f"`{s}`"


def decade_label(k: int) -> str:
    return f"10{str(k).translate(SUP)}"


DECADES = list(range(-16, 0))  # bins [10^k, 10^(k+1)) for k = -16 … -1; below; zero


def histogram(ratios) -> list[str]:
    zero = sum(1 for x in ratios if x == 0)
    below = sum(1 for x in ratios if 0 < x < 1e-16)
    counts = {k: 0 for k in DECADES}
    for x in ratios:
        if x >= 1e-16:
            k = min(-1, math.floor(math.log10(x)))
            counts[k] += 1
    rows = [("error exactly 0", zero), ("below 10⁻¹⁶", below)]
    rows += [(f"{decade_label(k)} … {decade_label(k + 1) if k < -1 else '1'}", counts[k]) for k in DECADES]
    total = max(1, len(ratios))
    width = max(c for _, c in rows) or 1
    out = []
    for label, c in rows:
        bar = "█" * round(40 * c / width) if c else ""
        out.append(f"{label:>17} {c:>8} {100 * c / total:5.1f} % {bar}")
    return out


def pct(r, q):
    return r[min(len(r) - 1, max(0, math.ceil(q * len(r)) - 1))]


# ----------------------------------------------------------------------------- main

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", required=True, type=Path, help="the directory tests/tightness.sh wrote")
    ap.add_argument("--reasons", type=Path, default=Path(__file__).with_name("tightness_reasons.tsv"))
    ap.add_argument("--output", type=Path, required=True, help="the page to write (docs/tightness.md)")
    ap.add_argument("--checks-tsv", type=Path, help="also write every check's statistics here "
                    "(default: checks.tsv in --runs)")
    ap.add_argument("--command", default="bash tests/tightness.sh --seeds 30")
    ap.add_argument("--threshold", type=float, default=THRESHOLD)
    ap.add_argument("--check", action="store_true",
                    help="exit 1 on a flagged check without a reason, a failing or a skipped test case")
    args = ap.parse_args(argv)

    runs = read_runs(args.runs)
    if not runs:
        print(f"tightness.py: no runs in {args.runs}", file=sys.stderr)
        return 2
    reasons = load_reasons(args.reasons)
    titles = chapter_titles(Path(__file__).resolve().parents[2] / "docs/chapters.tsv")

    checks: dict[tuple, Check] = {}
    companions: dict[tuple, Companion] = {}
    chapters: dict[str, Chapter] = {}
    failures = []   # (chapter, seed, test, what, type, expect, error, bound, ratio)
    run_problems = []  # (seed, binary, text)
    seeds = sorted({r["seed"] for r in runs}, key=lambda s: int(s) if s.isdigit() else s)
    total_lines = 0

    for run in runs:
        ch = chapters.setdefault(run["chapter"], Chapter(run["chapter"]))
        failed, skipped = parse_log(args.runs / f"seed-{run['seed']}" / f"{run['binary']}.log")
        for s in skipped:
            run_problems.append((run["seed"], run["binary"], f"skipped: {s}"))
        if run["rc"] not in (0, 77) and not failed:
            run_problems.append((run["seed"], run["binary"], f"exit code {run['rc']} without a failing check "
                                 "(crash or missing binary?)"))
        for t in sorted(failed):
            run_problems.append((run["seed"], run["binary"], f"test case failed: {t}"))
        fh = open_records(args.runs, run["seed"], run["binary"])
        if fh is None:
            continue
        with fh:
            for line in fh:
                f = line.rstrip("\n").split("\t")
                if len(f) != 9:
                    continue
                total_lines += 1
                test, what, typ, kind, expect, error, bound, ratio, ok = f
                what = normalise_what(what)
                key = (run["chapter"], test, what, typ)
                good = ok == "ok"
                if not good:
                    if test in failed:
                        failures.append((run["chapter"], run["seed"], test, what, typ, expect, error, bound, ratio))
                    else:
                        ch.on_purpose += 1
                    continue
                r = float(ratio)
                if expect == "exceeds":
                    c = companions.get(key)
                    if c is None:
                        c = companions[key] = Companion(*key)
                    c.n += 1
                    c.smallest = min(c.smallest, r)
                    continue
                if kind == "exact":
                    ch.exact_comparisons += 1
                    ch.exact_checks.add(key)
                    continue
                if float(bound) == 0:
                    ch.zero_bound += 1
                c = checks.get(key)
                if c is None:
                    c = checks[key] = Check(*key)
                c.ratios.append(r)
                c.seeds.add(run["seed"])
                ch.ratios[typ].append(r)

    # Flagged checks and their reasons.
    stats = {k: c.stats() for k, c in checks.items()}
    flagged = []
    for k, c in checks.items():
        if stats[k]["max"] < args.threshold:
            flagged.append((c, find_reason(reasons, c)))
    unexplained = [c for c, r in flagged if r is None]
    unused = [r for r in reasons if r["used"] == 0]

    checks_tsv = args.checks_tsv or (args.runs / "checks.tsv")
    write_checks_tsv(checks_tsv, checks, stats, flagged)

    elapsed = sum(r["seconds"] for r in runs)
    page = render(args, titles, seeds, runs, chapters, checks, stats, companions, flagged, failures,
                  run_problems, total_lines, elapsed)
    args.output.write_text(page)

    # Console summary.
    print(f"tightness.py: {len(seeds)} seeds, {len(runs)} runs, {total_lines} comparisons, "
          f"{len(checks)} checks with a ratio, {len(flagged)} flagged ({len(unexplained)} without a reason), "
          f"{len(companions)} companions; wrote {args.output} and {checks_tsv}", file=sys.stderr)
    for c in unexplained:
        print(f"  flagged without a reason: [{c.chapter}] {c.test} | {c.what} | {c.type} "
              f"(worst ratio {stats[(c.chapter, c.test, c.what, c.type)]['max']:.3g})", file=sys.stderr)
    for r in unused:
        print(f"  note: {args.reasons}:{r['line']} matches no flagged check", file=sys.stderr)
    for p in run_problems:
        print(f"  seed {p[0]} {p[1]}: {p[2]}", file=sys.stderr)
    if args.check and (unexplained or run_problems or failures):
        return 1
    return 0


def seed_list(seeds) -> str:
    """1 … 30 for a contiguous range of integers, else the list."""
    if all(x.isdigit() for x in seeds):
        n = sorted(int(x) for x in seeds)
        if n == list(range(n[0], n[-1] + 1)) and len(n) > 2:
            return f"{n[0]} … {n[-1]}"
        return ", ".join(map(str, n))
    return ", ".join(seeds)


def chapter_titles(path: Path) -> dict:
    titles = dict(OTHER_GROUPS)
    if path.exists():
        n = 0
        for line in path.read_text().splitlines():
            if line.startswith("#") or line.startswith("folder\t") or not line.strip():
                continue
            f = line.split("\t")
            n += 1
            titles[f[0]] = f"Chapter {int(f[0][:2])} — {f[1]}" if f[0][:2].isdigit() else f[1]
    return titles


def write_checks_tsv(path: Path, checks, stats, flagged):
    reason_of = {id(c): (r["reason"] if r else "NO REASON") for c, r in flagged}
    with open(path, "w") as out:
        out.write("chapter\ttest\twhat\ttype\tcomparisons\tzeros\tmin\tmedian\tp90\tmax\tflag\n")
        for k in sorted(checks):
            c, s = checks[k], stats[k]
            out.write("\t".join([c.chapter, c.test, c.what, c.type, str(s["n"]), str(s["zeros"]),
                                 f"{s['min']:.3g}", f"{s['median']:.3g}", f"{s['p90']:.3g}", f"{s['max']:.3g}",
                                 reason_of.get(id(c), "")]) + "\n")


def chapter_order(name: str):
    return (0, name) if name[:2].isdigit() else (1, list(OTHER_GROUPS).index(name) if name in OTHER_GROUPS else 99, name)


def jobs_note(runs) -> str:
    """How the summed run time relates to the wall time, from the --jobs recorded in runs.tsv."""
    jobs = {r.get("jobs") for r in runs}
    if jobs == {1}:
        return "one binary at a time, `--jobs 1`, the default: that sum is also the wall time"
    if len(jobs) == 1 and None not in jobs:
        j = jobs.pop()
        return (f"`--jobs {j}`: {j} binaries at a time, so the wall time was shorter than that sum "
                f"of their run times")
    return ("that is the sum of the binaries' run times, which is the wall time when they run one at "
            "a time, with the default `--jobs 1`, and exceeds it when they run side by side, with "
            "`--jobs` 2 or more; these records do not say which was used")


def render(args, titles, seeds, runs, chapters, checks, stats, companions, flagged, failures, run_problems,
           total_lines, elapsed) -> str:
    th = fmt(args.threshold)
    names = sorted(chapters, key=chapter_order)
    by_chapter = defaultdict(list)
    for k in checks:
        by_chapter[k[0]].append(k)
    comp_by_chapter = defaultdict(list)
    for k in companions:
        comp_by_chapter[k[0]].append(k)
    flagged_by_chapter = defaultdict(int)
    for c, _ in flagged:
        flagged_by_chapter[c.chapter] += 1
    binaries = sorted({r["binary"] for r in runs})

    o = []
    w = o.append
    w("# How tight are the checks {#tightness}")
    w("")
    w("<!-- Generated by docs/tools/tightness.py from the records of tests/tightness.sh: do not edit. -->")
    w("")
    w("Every law of the test suite compares an **error** — how far a computed value is from what "
      "the statement says — with a **bound** derived from the arithmetic that produced it "
      "(`tests/support/tolerance.hpp`, with the constants c₁ = 4 and c₂ = 32 of the numerics "
      "policy `src/kernelbook/numerics.hpp`: one pass of sums and products, the backward error of a "
      "factorisation, a subspace divided by its gap; never a number picked by hand). This page "
      "shows, for each check, the **ratio** error / bound over many random cases:")
    w("")
    w("- a passing check has a ratio of at most 1;")
    w("- a ratio close to 1 means the bound is as tight as the rounding allows: a wrong formula, "
      "whose error is of the size of the quantities themselves, lands 10¹⁰ to 10⁹⁰ times above it;")
    w(f"- a check whose ratio stays below {th} in every case is **flagged**: its bound would also "
      f"let through an error a thousand times larger than any seen. It needs a tighter bound, or "
      f"a reason why the error is so small — the reasons are listed below "
      f"([flagged checks](#tightness-flagged));")
    w("- a *companion* applies the same bound to a deliberately wrong formula or a broken input, "
      "and must land **above** it: its smallest ratio says by how much the check separates right "
      "from wrong;")
    w("- checks whose bound is 0 (exact equality, in rational arithmetic) have no ratio; they are "
      "counted.")
    w("")
    w("[TOC]")
    w("")
    w("## How this page was made {#tightness-how}")
    w("")
    w("After the README's test command (`bash tests/run.sh`, which builds the test binaries), from "
      "the root of the source tree:")
    w("")
    w("    " + args.command)
    w("")
    w(f"It runs each of the {len(binaries)} test binaries (" + ", ".join(code(b) for b in binaries) +
      f") once per rapidcheck seed — {len(seeds)} seeds, `RC_PARAMS=\"seed=s\"` for s = "
      f"{seed_list(seeds)} — with `KB_BOUND_REPORT` set, so that the harness writes one line "
      f"per comparison; then `docs/tools/tightness.py` reads the {total_lines} lines and writes "
      f"this page. The binaries ran for {elapsed / 60:.0f} minutes in all, under `nice -n 10` on the "
      f"project's shared 2-core machine ({jobs_note(runs)}). A *check* is one comparison of one test case "
      f"for one scalar type (numbers that change from case to case in its description, such as "
      f"`at m = 7`, are written `#`); its ratios are pooled over all its cases and seeds. The "
      f"reasons for flagged checks are in `docs/tools/tightness_reasons.tsv`.")
    w("")

    # Summary.
    w("## Summary {#tightness-summary}")
    w("")
    w("| chapter | checks | comparisons | median ratio | 90 % of ratios below | largest ratio | "
      f"flagged (< {th}) | exact checks (comparisons) | companions | smallest companion ratio |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    all_r = array("d")
    for name in names:
        ch = chapters[name]
        if not ch.ratios and not ch.exact_comparisons and not comp_by_chapter[name]:
            continue
        r = array("d")
        for a in ch.ratios.values():
            r.extend(a)
        all_r.extend(r)
        rs = sorted(r)
        comps = [companions[k] for k in comp_by_chapter[name]]
        smallest = min((c.smallest for c in comps), default=None)
        w(f"| {titles.get(name, name)} | {len(by_chapter[name])} | {len(rs)} | "
          f"{fmt(statistics.median(rs)) if rs else '–'} | {fmt(pct(rs, 0.9)) if rs else '–'} | "
          f"{fmt(rs[-1]) if rs else '–'} | {flagged_by_chapter[name]} | "
          f"{len(ch.exact_checks)} ({ch.exact_comparisons}) | {len(comps)} | "
          f"{fmt(smallest) if smallest is not None else '–'} |")
    ra = sorted(all_r)
    w(f"| **all** | {len(checks)} | {len(ra)} | {fmt(statistics.median(ra)) if ra else '–'} | "
      f"{fmt(pct(ra, 0.9)) if ra else '–'} | {fmt(ra[-1]) if ra else '–'} | {len(flagged)} | "
      f"{sum(len(c.exact_checks) for c in chapters.values())} "
      f"({sum(c.exact_comparisons for c in chapters.values())}) | {len(companions)} | "
      f"{fmt(min((c.smallest for c in companions.values()), default=math.nan))} |")
    w("")
    unexplained = sum(1 for _, r in flagged if r is None)
    w(f"{len(flagged)} of {len(checks)} checks are flagged; "
      + ("every one has a written reason." if unexplained == 0 else
         f"**{unexplained} have no reason yet** (they are listed first under *Flagged checks*)."))
    w("")
    if failures or run_problems:
        w("### Runs that did not pass {#tightness-problems}")
        w("")
        w("These are failures of the suite at the seeds named (rerun one with "
          "`RC_PARAMS=\"seed=s\"` and the binary with `--test-case=` and the test case's name):")
        w("")
        w("| seed | binary | what happened |")
        w("|---:|---|---|")
        for s, b, text in run_problems:
            w(f"| {s} | {code(b)} | {code(text)} |")
        w("")
        if failures:
            groups = {}
            for chn, seed, test, what, typ, expect, error, bound, ratio in failures:
                g = groups.setdefault((chn, base_test_name(test), what, typ, expect),
                                      {"seeds": set(), "n": 0, "worst": None})
                g["seeds"].add(seed)
                g["n"] += 1
                r = float(ratio)
                if g["worst"] is None or (r > float(g["worst"][2]) if expect == "within" else r < float(g["worst"][2])):
                    g["worst"] = (error, bound, ratio)
            w("The failing comparisons (shrinking repeats them), with the worst one of each:")
            w("")
            w("| test case | check | type | expected | seeds | comparisons | error | bound | ratio |")
            w("|---|---|---|---|---|---:|---:|---:|---:|")
            for (chn, t, what, typ, expect), g in sorted(groups.items()):
                seeds_ = ", ".join(sorted(g["seeds"], key=lambda x: int(x) if x.isdigit() else 0))
                e, b, r = g["worst"]
                w(f"| {code(chn + ': ' + t)} | {code(what)} | {typ} | {expect} | {seeds_} | {g['n']} | {e} | {b} | {r} |")
            w("")

    # Flagged.
    w(f"## Flagged checks: worst ratio below {th} {{#tightness-flagged}}")
    w("")
    w("Each of these checks never came within a factor of a thousand of its bound. The reason "
      "says why the error is so far below a bound that is nevertheless the right one; a check "
      "without a reason needs a tighter bound.")
    w("")
    groups = defaultdict(list)
    for c, r in flagged:
        groups[r["line"] if r else 0].append((c, r))
    for line in sorted(groups):
        items = sorted(groups[line], key=lambda cr: (chapter_order(cr[0].chapter), cr[0].test, cr[0].what, cr[0].type))
        reason = items[0][1]["reason"] if items[0][1] else "**No reason yet: a tighter bound is needed, or a reason.**"
        w(f"**Reason:** {reason}")
        w("")
        w("| chapter | test case | check | type | comparisons | errors exactly 0 | largest ratio |")
        w("|---|---|---|---|---:|---:|---:|")
        for c, _ in items:
            s = stats[(c.chapter, c.test, c.what, c.type)]
            w(f"| {c.chapter} | {code(base_test_name(c.test))} | {code(c.what)} | {c.type} | {s['n']} | "
              f"{s['zeros']} | {fmt(s['max'])} |")
        w("")

    # Per chapter.
    w("## Chapter by chapter {#tightness-chapters}")
    w("")
    w("For each chapter: the ratios of its passing checks by scalar type, their histogram by "
      "decade, and the companions that come closest to passing.")
    w("")
    for name in names:
        ch = chapters[name]
        if not ch.ratios and not ch.exact_comparisons and not comp_by_chapter[name]:
            continue  # a binary without comparisons (the data readers)
        anchor = "tightness-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        w(f"### {titles.get(name, name)} {{#{anchor}}}")
        w("")
        rows = []
        for typ in sorted(ch.ratios, key=lambda t: ["double", "real50", "real100", "rational"].index(t)
                          if t in ("double", "real50", "real100", "rational") else 9):
            rs = sorted(ch.ratios[typ])
            rows.append((typ, rs))
        if not rows:
            w(f"No check with a ratio ({ch.exact_comparisons} exact comparisons).")
            w("")
        else:
            w("| type | checks | comparisons | errors exactly 0 | median | 90th percentile | largest |")
            w("|---|---:|---:|---:|---:|---:|---:|")
            allr = array("d")
            for typ, rs in rows:
                allr.extend(rs)
                n_checks = sum(1 for k in by_chapter[name] if k[3] == typ)
                w(f"| {typ} | {n_checks} | {len(rs)} | {sum(1 for x in rs if x == 0)} | {fmt(statistics.median(rs))} | "
                  f"{fmt(pct(rs, 0.9))} | {fmt(rs[-1])} |")
            ra = sorted(allr)
            w(f"| all | {len(by_chapter[name])} | {len(ra)} | {sum(1 for x in ra if x == 0)} | "
              f"{fmt(statistics.median(ra))} | {fmt(pct(ra, 0.9))} | {fmt(ra[-1])} |")
            w("")
            extra = []
            if ch.exact_comparisons:
                extra.append(f"{len(ch.exact_checks)} exact checks ({ch.exact_comparisons} comparisons with bound 0) "
                             "are not in the table")
            if ch.on_purpose:
                extra.append(f"{ch.on_purpose} comparisons fail on purpose (the harness's tests of the comparison "
                             "itself assert that they fail) and are not counted")
            if extra:
                w("; ".join(extra).capitalize() + ".")
                w("")
            w("Ratios of all passing comparisons, by decade:")
            w("")
            w("~~~")
            w(f"{'ratio':>17} {'count':>8} {'share':>7}")
            o.extend(histogram(ra))
            w("~~~")
            w("")
        comps = sorted((companions[k] for k in comp_by_chapter[name]),
                       key=lambda c: (c.smallest, c.test, c.what, c.type))
        if comps:
            shown_comps = comps[:5]
            w(f"**Companions** ({len(comps)}): the {len(shown_comps)} with the smallest ratio, over all "
              "their cases and seeds — the closest a wrong formula comes to passing (∞: the law's bound is "
              "0 and the wrong value differs).")
            w("")
            w("| test case | check | type | comparisons | smallest ratio |")
            w("|---|---|---|---:|---:|")
            for c in shown_comps:
                w(f"| {code(base_test_name(c.test))} | {code(c.what)} | {c.type} | {c.n} | {fmt(c.smallest)} |")
            w("")
        if by_chapter[name]:
            w(f"**Checks**: {len(by_chapter[name])}; the distribution of each (min, median, 90th percentile, "
              "largest) is in `build/tightness/checks.tsv`, written by the command above.")
            w("")
    return "\n".join(o) + "\n"


if __name__ == "__main__":
    sys.exit(main())

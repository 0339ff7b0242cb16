#!/usr/bin/python3
"""What only a separate process of `kernelbook` shows: its standard output on a full device
(/dev/full) or closed, a signal in the middle of a run, and memory that runs out.

    process.py PATH/TO/kernelbook WORKDIR [--no-memory-limit]

Each check prints one line; a failed one says what was expected and what happened, and the
script exits 1. --no-memory-limit leaves out the check under a memory limit (a build with
AddressSanitizer reserves more address space than any such limit allows). Python 3 standard
library only; run with /usr/bin/python3. About 0.5 s.
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

POINTS = "x,y\n1,2\n3,4.5\n-1,0\n2,2\n0.5,-1\n"
failures: list[str] = []


def check(what: str, ok: bool, detail: str) -> None:
    print(("ok      " if ok else "FAILED  ") + what + ("" if ok else f": {detail}"))
    if not ok:
        failures.append(what)


def run(args: list[str], cwd: Path, stdout=subprocess.PIPE, preexec=None) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=60,
                          preexec_fn=preexec)


def leftovers(d: Path) -> list[str]:
    return sorted(p.name for p in d.iterdir() if "kernelbook-" in p.name)


def standard_output(kb: str, work: Path) -> None:
    # A full device: the write fails with ENOSPC, the exit code is 3 and no file is written.
    with open("/dev/full", "w") as full:
        p = run([kb, "pca", "d.csv"], work, stdout=full)
        check("pca > /dev/full: exit code 3 with the reason", p.returncode == 3 and "No space left on device" in p.stderr,
              f"exit {p.returncode}, {p.stderr!r}")
        p = run([kb, "pca", "--out", "o.csv", "--report", "-", "d.csv"], work, stdout=full)
        check("--report - > /dev/full: exit code 3, and --out is not written",
              p.returncode == 3 and not (work / "o.csv").exists() and not leftovers(work),
              f"exit {p.returncode}, o.csv exists: {(work / 'o.csv').exists()}")
        p = run([kb, "--help"], work, stdout=full)
        check("--help > /dev/full: exit code 3", p.returncode == 3 and "No space left" in p.stderr,
              f"exit {p.returncode}, {p.stderr!r}")
    # A closed standard output: no file of the run takes descriptor 1, and the lost report is an error.
    closed = lambda: os.close(1)  # noqa: E731
    p = run([kb, "pca", "d.csv"], work, stdout=None, preexec=closed)
    check("pca with standard output closed: exit code 3 with the reason",
          p.returncode == 3 and "Bad file descriptor" in p.stderr, f"exit {p.returncode}, {p.stderr!r}")
    p = run([kb, "pca", "--out", "o.csv", "--report", "-", "d.csv"], work, stdout=None, preexec=closed)
    check("--report - with standard output closed: exit code 3, the report is not in --out's file",
          p.returncode == 3 and not (work / "o.csv").exists(), f"exit {p.returncode}, {p.stderr!r}")
    p = run([kb, "pca", "--out", "o.csv", "d.csv"], work, stdout=None, preexec=closed)
    check("--out FILE with standard output closed: nothing is lost, exit code 0",
          p.returncode == 0 and (work / "o.csv").read_text().startswith("pc1,pc2\n"), f"exit {p.returncode}, {p.stderr!r}")
    (work / "o.csv").unlink()


def signals(kb: str, work: Path) -> None:
    # The run waits, with its temporary file for --out made, on opening a pipe no one reads
    # (--report r.fifo): a signal then ends it. The temporary is removed, an earlier --out keeps
    # its content, and the process ends by the signal (exit status 128 + its number).
    os.mkfifo(work / "r.fifo")
    for sig in (signal.SIGTERM, signal.SIGINT):
        for earlier in (None, "old\n"):
            out = work / "o.csv"
            if earlier:
                out.write_text(earlier)
            # SIGINT may be ignored by whoever started the test (a background job): not in the child.
            p = subprocess.Popen([kb, "pca", "--out", "o.csv", "--report", "r.fifo", "d.csv"], cwd=work,
                                 stderr=subprocess.PIPE, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
            deadline = time.monotonic() + 10
            while not leftovers(work) and time.monotonic() < deadline:
                time.sleep(0.01)
            made = leftovers(work)
            p.send_signal(sig)
            code = p.wait(timeout=10)
            p.stderr.close()
            after = out.read_text() if out.exists() else None
            check(f"{sig.name} with {'an earlier' if earlier else 'no'} --out file: the temporary removed, the target "
                  f"{'unchanged' if earlier else 'absent'}, ended by the signal",
                  bool(made) and not leftovers(work) and after == earlier and code == -sig,
                  f"temporary seen: {made}, left: {leftovers(work)}, o.csv: {after!r}, exit {code}")
            if out.exists():
                out.unlink()
    (work / "r.fifo").unlink()


def memory(kb: str, work: Path) -> None:
    # 8000 points: kernel PCA's 8000×8000 Gram matrix (512 MB in double) cannot be had under a
    # 300 MB limit of the address space. Exit code 6, not 4 (a mathematical refusal), and no
    # advice to use --precision double to a run that was double already.
    with open(work / "n.csv", "w") as f:
        for i in range(8000):
            f.write(f"{(i * 7919) % 1000 / 1000},{(i * 104729) % 997 / 997}\n")
    limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (300 << 20, 300 << 20))  # noqa: E731
    p = run([kb, "kpca", "--kernel", "gaussian:gamma=1", "--out", "y.csv", "n.csv"], work, preexec=limit)
    check("kpca out of memory in double: exit code 6, no advice to use --precision double",
          p.returncode == 6 and "--precision double" not in p.stderr and not (work / "y.csv").exists()
          and not leftovers(work), f"exit {p.returncode}, {p.stderr!r}")
    p = run([kb, "kpca", "--precision", "50", "--kernel", "gaussian:gamma=1", "--out", "y.csv", "n.csv"], work,
            preexec=limit)
    check("kpca out of memory in 50 digits: exit code 6", p.returncode == 6 and not (work / "y.csv").exists(),
          f"exit {p.returncode}, {p.stderr!r}")


def main(argv: list[str]) -> int:
    kb, work = argv[0], Path(argv[1])
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    (work / "d.csv").write_text(POINTS)
    standard_output(kb, work)
    signals(kb, work)
    if "--no-memory-limit" not in argv:
        memory(kb, work)
    if failures:
        print(f"process.py: {len(failures)} check(s) failed", file=sys.stderr)
        return 1
    print("process.py: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

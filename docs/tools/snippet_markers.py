#!/usr/bin/env python3
"""Doxygen input filter for the library sources (src/kernelbook): blanks the marker lines
`//! [name]` that delimit the code the chapters show with `\\snippet kernelbook/<file> <name>`.

Doxygen reads a `//!` line as documentation: without this filter each marker would be
appended to the documentation of the function or class around it, as the text "[name]".
A marker line becomes an empty line, so every other line keeps its number. The chapters'
snippets are read from the unfiltered files (EXAMPLE_PATH, FILTER_SOURCE_FILES = NO), so
they still find their markers. Standard library only.

    snippet_markers.py FILE      writes FILE, filtered, to standard output
"""
import re
import sys

MARKER = re.compile(r"^\s*//! \[[A-Za-z0-9_.-]+\]\s*$")


def main() -> int:
    if len(sys.argv) != 2:
        sys.stderr.write("usage: snippet_markers.py FILE\n")
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            if MARKER.match(line):
                sys.stdout.write("\n")
            else:
                sys.stdout.write(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

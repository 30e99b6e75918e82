#!/usr/bin/env python3
"""Checks ARCHITECTURE.md's measured recipes against git.

ARCHITECTURE.md's table under "### Recipes, measured" names, for each kind of addition, the
commit that made the last one and the code files it touched (`(new)` after a file it added).
`check` reads each commit's changed files from git, keeps the code files (tests, docs and
data left out: see `is_code`), and fails when the table's list differs from git's, so the
counts a newcomer reads are the real ones. Usage: scripts/recipes.py check [ARCHITECTURE.md]
"""

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
HEADING = "### Recipes, measured"
CODE_SUFFIXES = (".rs", ".js", ".html", ".css", ".py", ".toml", ".pyi")


def is_code(path):
    """Whether a changed file is code a recipe counts: not a test, a document or data."""
    parts = path.split("/")
    if path.endswith(".md") or parts[0] in ("docs", "tests", "benches", "scripts", "fuzz", "examples"):
        return False
    if "tests" in parts or path.endswith("_tests.rs") or parts[-1] == "tests.rs":
        return False
    if parts[-1].startswith("test_"):
        return False
    return path.endswith(CODE_SUFFIXES)


def recipes(text):
    """The rows of the table under HEADING: (recipe, commit, {file: added?})."""
    start = text.find(HEADING)
    if start < 0:
        raise ValueError(f"no '{HEADING}' section")
    rows = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("#"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("recipe", "") or set(cells[0]) <= {"-", ":"}:
            continue
        commit = re.search(r"`([0-9a-f]{7,40})`", cells[1])
        if not commit:
            raise ValueError(f"recipe '{cells[0]}': no commit in '{cells[1]}'")
        files = {}
        for m in re.finditer(r"`([^`]+)`( \(new\))?", cells[2]):
            files[m.group(1)] = bool(m.group(2))
        count = int(cells[3])
        if count != len(files):
            raise ValueError(f"recipe '{cells[0]}': says {count} files but lists {len(files)}")
        rows.append((cells[0], commit.group(1), files))
    if not rows:
        raise ValueError(f"no recipe rows under '{HEADING}'")
    return rows


def changed(commit):
    """The code files `commit` changed: {path: added?}."""
    out = subprocess.run(
        ["git", "show", "--name-status", "--format=", "--no-renames", commit],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout
    files = {}
    for line in out.splitlines():
        status, path = line.split("\t", 1)
        if is_code(path):
            files[path] = status == "A"
    return files


def check(text, changed=changed):
    """The differences between the table and git, one line each (empty when they agree)."""
    problems = []
    for recipe, commit, listed in recipes(text):
        actual = changed(commit)
        for path in sorted(set(listed) | set(actual)):
            if path not in actual:
                problems.append(f"{recipe} ({commit}): {path} is listed but the commit did not change it")
            elif path not in listed:
                problems.append(f"{recipe} ({commit}): the commit changed {path}, which is not listed")
            elif listed[path] != actual[path]:
                problems.append(f"{recipe} ({commit}): {path} is {'not ' if listed[path] else ''}new in git")
    return problems


def main(argv):
    if len(argv) < 2 or argv[1] != "check":
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    path = Path(argv[2]) if len(argv) > 2 else REPO / "ARCHITECTURE.md"
    try:
        problems = check(path.read_text())
    except (ValueError, subprocess.CalledProcessError) as err:
        print(f"recipes: {err}", file=sys.stderr)
        return 1
    for line in problems:
        print(f"recipes: {line}", file=sys.stderr)
    if not problems:
        print(f"recipes: {len(recipes(path.read_text()))} recipes agree with git")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

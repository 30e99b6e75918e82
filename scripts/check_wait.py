#!/usr/bin/env python3
"""How long the person waits for `searchlab check` with the defaults, against `--thorough`, on
one-mistake programs of tests/check_corpus/ (and the correct ones), and whether the two give the
same diagnosis (each method's explanations and partial explanations).

Usage: scripts/check_wait.py BIN [--jobs N] [--programs SUBSTR,...]
Prints a Markdown table: program, default seconds, --thorough seconds, tests run by each, same
diagnosis. Run from the repository root with a release build (cargo build --release).
"""
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "tests", "check_corpus")
PROGRAMS = [
    ("npuzzle", "npuzzle/correct.py"),
    ("npuzzle", "npuzzle/astar-lifo-ties.py"),
    ("npuzzle", "npuzzle/goal-on-generation.py"),
    ("npuzzle", "npuzzle/max-depth-plus-one.py"),
    ("digits", "digits/correct.py"),
    ("digits", "digits/ties-first-added.py"),
    ("digits", "digits/limit-1001.py"),
    ("digits", "digits/start-equals-goal-no-solution.py"),
]


def check(binary, puzzle, program, jobs, thorough):
    places = "{method} {board}" if puzzle == "npuzzle" else "{letter} {file}"
    args = [binary, "check", puzzle, "--cmd", f"python3 {program} {places}", "--json", "--jobs", str(jobs)]
    if thorough:
        args.append("--thorough")
    began = time.monotonic()
    out = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
    seconds = time.monotonic() - began
    report = json.loads(out.stdout)
    methods = report["summary"]["methods"]
    diagnosis = {m: (sorted(s["variants"]), sorted(p["rules"] for p in s.get("partial", []))) for m, s in methods.items()}
    return seconds, report["summary"]["total"], diagnosis


def main():
    binary = os.path.abspath(sys.argv[1])
    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else 2
    wanted = sys.argv[sys.argv.index("--programs") + 1].split(",") if "--programs" in sys.argv else None
    print("| program | default | tests | --thorough | tests | same diagnosis |")
    print("|---|---:|---:|---:|---:|---|")
    for puzzle, rel in PROGRAMS:
        if wanted and not any(w in rel for w in wanted):
            continue
        path = os.path.join(CORPUS, rel)
        if not os.path.exists(path):
            print(f"| {rel} | missing | | | | |")
            continue
        quick, quick_n, quick_d = check(binary, puzzle, path, jobs, False)
        full, full_n, full_d = check(binary, puzzle, path, jobs, True)
        same = "yes" if quick_d == full_d else f"no: {quick_d} vs {full_d}"
        print(f"| {rel} | {quick:.1f} s | {quick_n} | {full:.1f} s | {full_n} | {same} |", flush=True)


if __name__ == "__main__":
    main()

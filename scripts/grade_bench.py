#!/usr/bin/env python3
"""What grading a class costs: `searchlab grade` on a generated class of N submissions (the
Python programs of tests/check_corpus/ for one puzzle, dealt out in turn: correct ones,
one-to-three-mistake ones, crashes and garbage; the hanging program is left out so that the
figure is the grader's and not the timeout's), once in the sandbox and once with --no-sandbox,
on one suite written by `searchlab cases`. Prints a Markdown table: wall time, runs (tests
summed over the gradebook), runs per second, the peak memory of the largest process (GNU
time's %M: grade itself or a program it ran), and the
sandbox's cost per run, (sandboxed time - unsandboxed time) x jobs / runs, measured in the
same invocation.

Usage: scripts/grade_bench.py BIN [--puzzle digits|npuzzle] [--students 300] [--set random] [--n 2]
                              [--jobs 2] [--keep DIR]
Run from the repository root with a release build (cargo build --release).
"""
import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "tests", "check_corpus")
TEMPLATES = {
    "digits": "python3 {dir}/program.py {letter} {file}",
    "npuzzle": "python3 {dir}/driver.py {method} {board}",
}


def corpus_programs(puzzle):
    """The corpus's Python programs of one puzzle, every kind but the hang."""
    with open(os.path.join(CORPUS, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    return [
        p["file"]
        for p in manifest["programs"]
        if p["puzzle"] == puzzle and p["language"] == "python3" and p["kind"] != "hang"
    ]


def make_class(folder, puzzle, students):
    """One sub-folder per student, each holding one corpus program under the template's name."""
    programs = corpus_programs(puzzle)
    name = "program.py" if puzzle == "digits" else "driver.py"
    for i in range(students):
        student = os.path.join(folder, f"student-{i + 1:03}")
        os.makedirs(student)
        shutil.copy(os.path.join(CORPUS, programs[i % len(programs)]), os.path.join(student, name))
    return len(programs)


def grade(binary, puzzle, submissions, suite, out, jobs, sandbox):
    """Runs one grade; returns (seconds, runs, peak RSS in MiB of the largest process)."""
    args = [binary, "grade", puzzle, submissions, "--cmd", TEMPLATES[puzzle], "--cases", suite,
            "--jobs", str(jobs), "--out", out]
    if not sandbox:
        args.append("--no-sandbox")
    measure = os.path.join(out + ".maxrss")
    began = time.monotonic()
    # GNU time's %M: the peak RSS of the largest process of the tree (grade or a program it ran).
    done = subprocess.run(["/usr/bin/time", "-o", measure, "-f", "%M"] + args, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    seconds = time.monotonic() - began
    if done.returncode != 0:
        sys.exit(f"grade exited {done.returncode}: {done.stderr.strip()}")
    with open(measure, encoding="utf-8") as f:
        peak_kib = int(f.read().split()[-1])
    with open(os.path.join(out, "gradebook.csv"), encoding="utf-8") as f:
        runs = sum(int(row["total"] or 0) for row in csv.DictReader(f))
    return seconds, runs, peak_kib / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--puzzle", choices=sorted(TEMPLATES), default="digits")
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--set", choices=["random", "edge", "all"], default="random", help="the suite's cases")
    parser.add_argument("--n", type=int, default=2, help="random instances in the suite")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", help="grade into this folder and keep it")
    opts = parser.parse_args()
    binary = os.path.abspath(opts.binary)
    work = opts.keep or tempfile.mkdtemp(prefix="grade-bench-")
    os.makedirs(work, exist_ok=True)
    submissions, suite = os.path.join(work, "submissions"), os.path.join(work, "suite")
    kinds = make_class(submissions, opts.puzzle, opts.students)
    subprocess.run([binary, "cases", opts.puzzle, "--n", str(opts.n), "--set", opts.set, "--out", suite],
                   check=True, stdout=subprocess.DEVNULL)
    rows = {}
    for sandbox in (True, False):
        label = "sandbox" if sandbox else "no sandbox"
        out = os.path.join(work, "graded-" + label.replace(" ", "-"))
        rows[label] = grade(binary, opts.puzzle, submissions, suite, out, opts.jobs, sandbox)
    print(f"{opts.students} {opts.puzzle} submissions ({kinds} corpus programs in turn), "
          f"--jobs {opts.jobs}, suite of `cases --set {opts.set} --n {opts.n}`\n")
    print("| run | wall time | runs | runs/s | peak RSS |")
    print("|---|---:|---:|---:|---:|")
    for label, (seconds, runs, peak) in rows.items():
        print(f"| {label} | {seconds:.1f} s | {runs} | {runs / seconds:.1f} | {peak:.0f} MiB |")
    (with_s, runs, _), (without_s, _, _) = rows["sandbox"], rows["no sandbox"]
    per_run = (with_s - without_s) * opts.jobs / runs * 1000
    print(f"\nSandbox cost: {per_run:.1f} ms per run ({with_s / without_s:.2f}x the unsandboxed time)")
    if not opts.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()

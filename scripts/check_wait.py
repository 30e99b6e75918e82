#!/usr/bin/env python3
"""How long the person waits for `searchlab check` with its defaults.

Two tables:

  scripts/check_wait.py BIN [--jobs N] [--programs SUBSTR,...]
      the corpus's own programs (tests/check_corpus/): default seconds against --thorough,
      tests run by each, and whether both give the same diagnosis (each method's explanations
      and partial explanations).

  scripts/check_wait.py BIN --real DIR [--jobs N] [--programs SUBSTR,...]
      real programs laid out as ../shared/real-programs (npuzzle/programs.json and a `run`
      wrapper in each digits/ folder; eval "$(DIR/setup_interpreters.sh)" first): per program,
      the seconds to the verdict line (check's first line of output), to the end, the program
      runs (counted by a wrapper around the program, never by check), the program's median run,
      and the lines check printed; then the median wait per puzzle.

Run from the repository root with a release build (cargo build --release), alone on the machine.
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import tempfile
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
    ("digits", "digits/format-headings.py"),
    ("digits", "digits/multi-format-headings-ties-first-added.py"),
]
PLACES = {"npuzzle": "{method} {board}", "digits": "{letter} {file}"}
# Each run of the program appends "START END" (seconds since the epoch) to $CHECK_WAIT_LOG.
COUNTING = """#!/bin/sh
start=$(date +%s.%N)
{command} "$@"
status=$?
echo "$start $(date +%s.%N)" >> {log}
exit $status
"""




def diagnosis_of(binary, puzzle, program, jobs, thorough):
    args = [binary, "check", puzzle, "--cmd", f"python3 {program} {PLACES[puzzle]}", "--json", "--jobs", str(jobs)]
    if thorough:
        args.append("--thorough")
    began = time.monotonic()
    out = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
    seconds = time.monotonic() - began
    report = json.loads(out.stdout)
    methods = report["summary"]["methods"]
    diagnosis = {m: (sorted(s["variants"]), sorted(p["rules"] for p in s.get("partial", []))) for m, s in methods.items()}
    return seconds, report["summary"]["total"], diagnosis


def corpus_table(binary, jobs, wanted):
    print("| program | default | tests | --thorough | tests | same diagnosis |")
    print("|---|---:|---:|---:|---:|---|")
    for puzzle, rel in PROGRAMS:
        if wanted and not any(w in rel for w in wanted):
            continue
        path = os.path.join(CORPUS, rel)
        quick, quick_n, quick_d = diagnosis_of(binary, puzzle, path, jobs, False)
        full, full_n, full_d = diagnosis_of(binary, puzzle, path, jobs, True)
        same = "yes" if quick_d == full_d else f"no: {quick_d} vs {full_d}"
        print(f"| {rel} | {quick:.1f} s | {quick_n} | {full:.1f} s | {full_n} | {same} |", flush=True)


def real_programs(real):
    """(puzzle, name, command line) of every real program, N-puzzle first."""
    out = []
    with open(os.path.join(real, "npuzzle", "programs.json"), encoding="utf-8") as f:
        for p in json.load(f):
            py = os.environ.get("NPUZZLE_PY2" if p["py"] == "py2" else "NPUZZLE_PY3", "python3")
            path = os.environ.get("NPUZZLE_PY2_PATH", "") if p["py"] == "py2" else ""
            entry = os.path.join(real, "npuzzle", p["dir"], p["entry"])
            prefix = f"PYTHONPATH={shlex.quote(path)} " if path else ""
            out.append(("npuzzle", p["dir"], f"{prefix}exec {py} {shlex.quote(entry)}"))
    digits = os.path.join(real, "digits")
    for name in sorted(os.listdir(digits)):
        run = os.path.join(digits, name, "run")
        if os.path.isfile(run):
            out.append(("digits", name, f"exec {shlex.quote(run)}"))
    return out


def timed_check(binary, puzzle, command, jobs, folder):
    """Runs check in text mode through a counting wrapper: (seconds to the first line, seconds
    to the end, program runs, median run seconds, lines printed, exit code)."""
    log = os.path.join(folder, "runs.log")
    wrapper = os.path.join(folder, "program.sh")
    with open(wrapper, "w", encoding="utf-8") as f:
        f.write(COUNTING.format(command=command.replace("exec ", "", 1), log=shlex.quote(log)))
    os.chmod(wrapper, 0o755)
    open(log, "w", encoding="utf-8").close()
    args = [binary, "check", puzzle, "--cmd", f"{wrapper} {PLACES[puzzle]}", "--jobs", str(jobs)]
    began = time.monotonic()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=folder, text=True)
    first = proc.stdout.readline()
    verdict = time.monotonic() - began
    rest = proc.stdout.read()
    code = proc.wait()
    end = time.monotonic() - began
    with open(log, encoding="utf-8") as f:
        spans = [float(b) - float(a) for a, b in (line.split() for line in f if line.strip())]
    lines = (first + rest).count("\n")
    median = statistics.median(spans) if spans else 0.0
    return verdict, end, len(spans), median, lines, code, first.strip()


def real_table(binary, real, jobs, wanted):
    print("| puzzle | program | verdict line | end | program runs | median run | lines | exit |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    waits = {"npuzzle": [], "digits": []}
    for puzzle, name, command in real_programs(real):
        if wanted and not any(w in name for w in wanted):
            continue
        with tempfile.TemporaryDirectory() as folder:
            verdict, end, runs, median, lines, code, first = timed_check(binary, puzzle, command, jobs, folder)
        if not first.startswith("verdict:"):
            print(f"| {puzzle} | {name} | no verdict line: {first[:60]!r} | | | | | {code} |", flush=True)
            continue
        waits[puzzle].append(verdict)
        print(
            f"| {puzzle} | {name} | {verdict:.1f} s | {end:.1f} s | {runs} | {median:.2f} s | {lines} | {code} |",
            flush=True,
        )
    for puzzle, times in waits.items():
        if times:
            print(f"\n{puzzle}: median wait for the verdict line {statistics.median(times):.1f} s, "
                  f"longest {max(times):.1f} s over {len(times)} programs")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], epilog="\n".join(__doc__.splitlines()[2:]),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("binary", help="the release searchlab binary")
    parser.add_argument("--jobs", type=int, default=2, help="check's --jobs (default: 2)")
    parser.add_argument("--programs", help="comma-separated substrings: only the programs whose name has one")
    parser.add_argument("--real", metavar="DIR", help="real programs laid out as ../shared/real-programs")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    wanted = args.programs.split(",") if args.programs else None
    if args.real:
        real_table(binary, os.path.abspath(args.real), args.jobs, wanted)
    else:
        corpus_table(binary, args.jobs, wanted)


if __name__ == "__main__":
    main()

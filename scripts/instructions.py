#!/usr/bin/env python3
"""Instruction-count guard of searchlab's hot paths (callgrind), against a committed baseline.

    scripts/instructions.py check BIN [--python PY] [--only NAME,...] [--baseline FILE]
    scripts/instructions.py update BIN [--python PY] [--only NAME,...]
    scripts/instructions.py list

BIN is a release build of the `searchlab` binary (this script builds nothing); PY a Python
interpreter with the searchlab wheel installed (for the `python-npuzzle-bfs` row; without it that
row is skipped). Each workload runs once under `valgrind --tool=callgrind --collect-atstart=no
--toggle-collect=FUNCTION`, so only the instructions executed inside the workload's hot function
(and what it calls) are counted: no start-up, argument parsing, table loading or printing. The
counts are those of a deterministic program on one thread, so they repeat across runs (measured:
the IDA* rows within about a thousand instructions in a billion, from reading the clock; the check
row, whose diagnosis keeps hash maps, within 0.01 %; the others to the instruction) and, unlike
times, do not depend on the machine's load. Every run has glibc's fast bins turned off
(GLIBC_TUNABLES=glibc.malloc.mxfast=0, in ALLOCATOR): with them, the cost of the first large
allocation inside the measured function depends on what start-up code freed before it (glibc's
malloc_consolidate), and an unrelated change to argument parsing moved the three-digit rows by
up to 17,000 instructions (+50 % on a 33,000-instruction row); without them the same two builds
differ by under 2 %. The heap's top is padded by 64 MiB too (glibc.malloc.top_pad): without it,
two more options in the argument parser's command tree made `realloc` move (memcpy) a growing
buffer it had extended in place before, and the 3-digit `-limit` rows grew by 7 % with every
function of the search executing the same instructions; with it the two builds differ by
under 0.2 %. And the thread cache is off (glibc.malloc.tcache_count=0): with it, a small
allocation inside the function cost a few instructions or a hundred depending on whether
start-up had freed a chunk of that size, and the 3-digit sample rows (30,000 to 100,000
instructions) moved by up to 2.1 % between two builds that differ only in a command-line
option; with it off they differ by under 0.02 %. And every run gets the same environment (PATH
and the allocator's settings, nothing else): with the caller's, the size of the environment moved
the rows (digits-B-sample 44,938 with a shell's variables, 45,590 with a hundred more, as CI's
exports add), the same binary on the same input. A cold run (tables built) takes about 3 minutes on
2 cores, most of it building the 7-4-4 and 5-5-5-5-4 tables.

`check` prints every workload's baseline, count now and ratio, and exits 1 listing each workload
that grew by more than 2 % (TOLERANCE). Growth is accepted only when HEAD's commit changes the
baseline file and its message has a line starting with `instructions:` saying why (as `update`
leaves it to be committed); a commit that changes the baseline without such a line is checked
against the baseline of HEAD~1. `update` rewrites the baseline with the counts of BIN.

The pattern databases are built first, natively and not counted, in a temporary folder (or in
--pdb-dir, kept and reused). Building 7-8 (about 4 min, 3.3 GB) and 6-6-6-6 (several minutes,
four 64 MB tables) in CI would cost more than the whole guard may, so the workloads exercise the
same lookup code with smaller tables:
  * `ida-pdb-5-5-5`: Korf's 15-puzzle with 5-5-5, searched with direct tables (DirectLookup), as
    every partition whose tables fit them, 6-6-6-6 included;
  * `ida-pdb-7-4-4`: the ranked (compact) lookups that 7-8 uses: a seven-tile pattern ranked by
    the unrolled seven-tile code and four-tile ones by the generic ranking that the eight-tile
    pattern takes (7-tile tables do not fit direct tables, so the solver searches them compact,
    as it does 7-8), built in about 50 s instead of 4 minutes;
  * `ida-24-direct` and `ida-24-zero-fsm12`: the 24-puzzle's search on Korf's #38 with a 5-5-5-5-4
    partition (each table 3 MB, built in seconds) through the same additive direct-table and
    zero-aware heuristics as 6-6-6-6, the second with the duplicate-path automaton (12 moves), the
    strongest setting's code path; both capped with --max-generated.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BASELINE = REPO / "benches" / "instructions.json"
TOLERANCE = 0.02
# Fast bins and the thread cache off: the measured function's allocator work no longer depends
# on start-up's frees; a 64 MiB top pad: a buffer growing at the heap's top is extended in place
# whatever start-up left.
ALLOCATOR = {"GLIBC_TUNABLES": "glibc.malloc.mxfast=0:glibc.malloc.tcache_count=0:glibc.malloc.top_pad=67108864"}
SOLVE = "searchlab_solver::solver::Solver::dispatch"
NPUZZLE = "searchlab::cmd::npuzzle::search"
DIGITS = "searchlab_threedigits::answer::solve_dialect"
DIAGNOSIS = "searchlab_check::judge::oracle::Oracle::output"
PY_BFS = "_native::bridge::driver_search"
DIGITS_LIMIT = "000\n999\n"  # B, D and I stop at the 1000-expansion limit on it


def bench(suite, heuristic, ids, *extra):
    return ["{bin}", "bench", suite, "--heuristic", heuristic, "--ids", ids, "--pdb-dir", "{pdb}", "--no-progress", *extra]


def workloads():
    """Every workload: name -> (argv with {bin} {pdb} {tmp} {repo} {python}, toggle, native warm-up)."""
    w = {
        "ida-manhattan-korf15": (bench("korf100", "manhattan", "95,16,42"), SOLVE, False),
        "ida-pdb-5-5-5": (bench("korf100", "pdb-5-5-5", "1-2,4-10"), SOLVE, True),
        "ida-pdb-7-4-4": (bench("korf100", "pdb-7-4-4", "1-8"), SOLVE, True),
        "ida-24-direct": (bench("korf50-24", "pdb-5-5-5-5-4", "38", "--max-generated", "2000000"), SOLVE, True),
        "ida-24-zero-fsm12": (
            bench("korf50-24", "pdb-5-5-5-5-4+zero", "38", "--max-generated", "2000000", "--prune-duplicates", "12"),
            SOLVE,
            True,
        ),
        "npuzzle-bfs": (["{bin}", "npuzzle", "bfs", "8,6,4,2,1,3,5,7,0", "-o", "-"], NPUZZLE, False),
        "npuzzle-dfs": (["{bin}", "npuzzle", "dfs", "1,2,5,3,4,0,6,7,8", "-o", "-"], NPUZZLE, False),
        "npuzzle-ast": (["{bin}", "npuzzle", "ast", "8,6,4,2,1,3,5,7,0", "-o", "-"], NPUZZLE, False),
    }
    for letter in "BDIGAH":
        w[f"digits-{letter}-sample"] = (["{bin}", "digits", letter, "{repo}/examples/sample.txt"], DIGITS, False)
        w[f"digits-{letter}-limit"] = (["{bin}", "digits", letter, "{tmp}/digits-limit.txt"], DIGITS, False)
    w["check-digits-diagnosis"] = (
        ["{bin}", "check", "digits", "--cmd", "python3 {repo}/tests/check_corpus/digits/children-reversed.py"
         " {letter} {file}", "--cases", "random", "--n", "1", "--letters", "A", "--jobs", "1"],
        DIAGNOSIS,
        False,
    )
    w["python-npuzzle-bfs"] = (
        ["{python}", "-c", "import searchlab; searchlab.npuzzle.bfs([8,6,4,2,1,3,5,7,0])"],
        PY_BFS,
        False,
    )
    return w


def fill_in(arg, fill):
    """`arg` with the placeholders of `fill` replaced (others, such as check's {letter}, kept)."""
    for key, value in fill.items():
        arg = arg.replace("{" + key + "}", value)
    return arg


def command_text(argv):
    """The command as the baseline records it (placeholders kept, the binary named `searchlab`)."""
    return " ".join("searchlab" if a == "{bin}" else (f"'{a}'" if " " in a else a) for a in argv)


def callgrind(argv, toggle, tmp):
    """Instructions executed inside `toggle` (and its callees) by one run of `argv`."""
    out = Path(tmp) / "callgrind.out"
    cmd = [
        "valgrind", "--tool=callgrind", "--trace-children=no", "--collect-atstart=no",
        f"--toggle-collect={toggle}", f"--callgrind-out-file={out}", *argv,
    ]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **ALLOCATOR}  # the same whatever the caller's
    run = subprocess.run(cmd, cwd=tmp, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if not out.exists():
        sys.exit(f"instructions: valgrind did not run {argv[0]} (exit {run.returncode}):\n{run.stderr[-2000:]}")
    text = out.read_text(errors="replace")
    out.unlink()
    m = re.search(r"^(?:summary|totals):\s+(\d+)", text, re.M)
    ir = int(m.group(1)) if m else 0
    if ir == 0:
        sys.exit(f"instructions: no instruction counted inside {toggle} for {command_text(argv)}: "
                 f"the function was renamed or inlined; name the workload's new hot function in this script")
    return ir


def measure(binary, python, names, pdb_dir, jobs=1):
    """Counts of the selected workloads: name -> (Ir, command). Skips the Python row without PY.

    The warm-up runs (tables built natively) go one after another; then `jobs` workloads run
    under callgrind at a time: each is one thread and its count does not depend on the load."""
    table = workloads()
    with tempfile.TemporaryDirectory(prefix="searchlab-instructions-") as tmp:
        pdb = pdb_dir or os.path.join(tmp, "pdb")
        os.makedirs(pdb, exist_ok=True)
        Path(tmp, "digits-limit.txt").write_text(DIGITS_LIMIT)
        fill = {"bin": str(binary), "pdb": pdb, "tmp": tmp, "repo": str(REPO), "python": python or ""}
        todo = []
        for name in names:
            argv_t, toggle, warm = table[name]
            if "{python}" in argv_t and not python:
                print(f"  {name:28} skipped (no --python)", flush=True)
                continue
            argv = [fill_in(a, fill) for a in argv_t]
            if warm:  # builds and caches the tables (and the automaton) natively, uncounted
                run = subprocess.run(argv, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                if run.returncode not in (0, 3):  # 3: stopped by --max-generated, as asked
                    sys.exit(f"instructions: {command_text(argv_t)} failed (exit {run.returncode}): {run.stderr[-2000:]}")
            todo.append((name, argv, argv_t, toggle))

        def one(job):
            name, argv, argv_t, toggle = job
            started = time.monotonic()
            work = tempfile.mkdtemp(dir=tmp)  # each run its own callgrind output and folder
            ir = callgrind(argv, toggle, work)
            print(f"  {name:28} {ir:>15,}  ({time.monotonic() - started:.1f} s)", flush=True)
            return name, (ir, command_text(argv_t))

        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            done = dict(pool.map(one, todo))
    return {name: done[name] for name, *_ in todo}


def git(*args):
    run = subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True)
    return run.stdout if run.returncode == 0 else None


def reference(path):
    """The baseline to compare with, and why growth is accepted (None: it is not).

    HEAD's commit may change the baseline when its message says why on a line starting with
    `instructions:`; a change without that line is ignored (HEAD~1's baseline is used)."""
    current = json.loads(Path(path).read_text())
    try:
        rel = str(Path(path).resolve().relative_to(REPO))
    except ValueError:
        return current, None  # a baseline outside the repository (the guard's own tests)
    changed = git("diff", "--name-only", "HEAD~1", "HEAD", "--", rel)
    if not changed or not changed.strip():
        return current, None
    message = git("log", "-1", "--format=%B", "HEAD") or ""
    reasons = [line for line in message.splitlines() if line.startswith("instructions:")]
    if reasons:
        return current, reasons[0]
    before = git("show", f"HEAD~1:{rel}")
    print(f"note: HEAD changes {rel} without an 'instructions:' line in its message: compared with HEAD~1's")
    return (json.loads(before) if before else current), None


def check(counts, path):
    """Prints the table; returns the exit status (1: some workload grew more than TOLERANCE)."""
    base, accepted = reference(path)
    rows = base.get("workloads", {})
    for tool in ("rustc", "valgrind"):
        if base.get(tool) and tool_version(tool) and base[tool] != tool_version(tool):
            print(f"note: the baseline was measured with {base[tool]}, this is {tool_version(tool)}")
    grew, missing = [], []
    print(f"\n{'workload':28} {'baseline':>15} {'now':>15} {'ratio':>7}")
    for name, (ir, _) in counts.items():
        if name not in rows:
            missing.append(name)
            print(f"{name:28} {'-':>15} {ir:>15,} {'new':>7}")
            continue
        was = rows[name]["ir"]
        ratio = ir / was
        flag = "  GREW" if ratio > 1 + TOLERANCE else ("  fewer" if ratio < 1 - TOLERANCE else "")
        print(f"{name:28} {was:>15,} {ir:>15,} {ratio:>7.4f}{flag}")
        if ratio > 1 + TOLERANCE:
            grew.append((name, ratio))
    if missing:
        print(f"\nno baseline for: {', '.join(missing)} (run `scripts/instructions.py update BIN`)")
    if not grew:
        print(f"\nok: no workload grew by more than {TOLERANCE:.0%}")
        return 1 if missing else 0
    listing = ", ".join(f"{n} (+{(r - 1):.1%})" for n, r in grew)
    if accepted:
        print(f"\naccepted growth, the commit updates the baseline and says why ({accepted}): {listing}")
        return 0
    print(f"\nFAIL: grew by more than {TOLERANCE:.0%}: {listing}")
    print("If the growth is intended, run `scripts/instructions.py update BIN` and commit the baseline with a "
          "line starting with 'instructions:' in the message saying why.")
    return 1


def tool_version(tool):
    """`tool --version`, or "" when it is missing (counts depend on the compiler and on valgrind)."""
    try:
        return subprocess.run([tool, "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return ""


def update(counts, path):
    data = json.loads(Path(path).read_text()) if Path(path).exists() else {}
    rows = data.get("workloads", {})
    for name, (ir, command) in counts.items():
        rows[name] = {"ir": ir, "command": command, "toggle": workloads()[name][1]}
    data = {
        "about": "Instructions (callgrind Ir) inside each hot path's function, one run each; "
                 "scripts/instructions.py check compares a build with them (2 % tolerance).",
        "valgrind": tool_version("valgrind"),
        "rustc": tool_version("rustc"),
        "workloads": dict(sorted(rows.items())),
    }
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(data, indent=2) + "\n")
    print(f"\nwrote {len(counts)} counts to {path}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("mode", choices=["check", "update", "list"])
    p.add_argument("binary", nargs="?", help="the release searchlab binary")
    p.add_argument("--python", help="a Python interpreter with the searchlab wheel installed")
    p.add_argument("--only", help="comma-separated workload names (default: all)")
    p.add_argument("--baseline", default=str(BASELINE), help="the baseline file (default: %(default)s)")
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                   help="workloads measured at a time (default: %(default)s; counts do not depend on it)")
    p.add_argument("--pdb-dir", help="keep the pattern databases here and reuse them (default: a temporary folder)")
    a = p.parse_args()
    table = workloads()
    if a.mode == "list":
        for name, (argv, toggle, _) in table.items():
            print(f"{name:28} {toggle:48} {command_text(argv)}")
        return 0
    if not a.binary or not Path(a.binary).is_file():
        p.error("BIN: the path of a release build of searchlab")
    if shutil.which("valgrind") is None:
        sys.exit("instructions: valgrind is not installed (apt-get install valgrind)")
    names = a.only.split(",") if a.only else list(table)
    unknown = [n for n in names if n not in table]
    if unknown:
        p.error(f"unknown workload(s): {', '.join(unknown)} (see `list`)")
    python = shutil.which(a.python) if a.python else None
    if a.python and not python:
        p.error(f"--python {a.python}: not found")
    started = time.monotonic()
    counts = measure(Path(a.binary).resolve(), python, names, a.pdb_dir, a.jobs)
    print(f"measured {len(counts)} workloads in {time.monotonic() - started:.0f} s")
    if a.mode == "update":
        update(counts, a.baseline)
        return 0
    return check(counts, a.baseline)


if __name__ == "__main__":
    sys.exit(main())

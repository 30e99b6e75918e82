"""Tests of the instruction-count guard (scripts/instructions.py) on a real searchlab binary.

    SEARCHLAB_BIN=target/release/searchlab python -m pytest -q scripts/test_instructions.py

A build that runs more instructions is shown by a baseline that runs fewer: the binary's own
count is measured once, and the guard must fail against a baseline 5 % below it (the build is
"5 % slower"), pass against one 5 % above it or 1 % below it (within the 2 % tolerance), and
accept growth only from a commit that updates the baseline with an `instructions:` line.
One cheap workload (`npuzzle-ast`, about a second under callgrind) keeps the tests quick.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "instructions.py"
WORKLOAD = "npuzzle-ast"
# Absolute: one test runs the guard from a scratch repository of its own.
BIN = os.path.abspath(os.environ["SEARCHLAB_BIN"]) if os.environ.get("SEARCHLAB_BIN") else None

# A missing tool is a failure, never a quiet skip; SEARCHLAB_SKIP_INSTRUCTIONS=1 is the explicit opt-out.
OPT_OUT = os.environ.get("SEARCHLAB_SKIP_INSTRUCTIONS") == "1"
pytestmark = pytest.mark.skipif(OPT_OUT, reason="SEARCHLAB_SKIP_INSTRUCTIONS=1")


@pytest.fixture(scope="module", autouse=True)
def tools():
    """Fails every test at once, saying what is missing."""
    assert BIN, "set SEARCHLAB_BIN to a release build of searchlab (or SEARCHLAB_SKIP_INSTRUCTIONS=1 to opt out)"
    assert Path(BIN).is_file(), f"SEARCHLAB_BIN={BIN} is not a file"
    assert shutil.which("valgrind"), "valgrind is not installed (Debian: apt-get install valgrind)"


def guard(*args, script=SCRIPT, cwd=None):
    """Runs the guard; returns (exit status, stdout)."""
    run = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, cwd=cwd)
    return run.returncode, run.stdout + run.stderr


def baseline(path, ir):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"workloads": {WORKLOAD: {"ir": ir, "command": "test"}}}))
    return path


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    """The binary's count of the workload, written by `update`."""
    path = tmp_path_factory.mktemp("base") / "instructions.json"
    status, out = guard("update", BIN, "--only", WORKLOAD, "--baseline", str(path))
    assert status == 0, out
    ir = json.loads(path.read_text())["workloads"][WORKLOAD]["ir"]
    assert ir > 0
    return ir


def test_counts_repeat(measured, tmp_path):
    """Within 0.1 %: the workload writes its own running time and memory, whose digits (and so
    the instructions that format them) change from run to run (one CI run: 0.9996)."""
    status, out = guard("check", BIN, "--only", WORKLOAD, "--baseline", str(baseline(tmp_path / "b.json", measured)))
    assert status == 0, out
    row = next(line.split() for line in out.splitlines() if line.startswith(WORKLOAD) and len(line.split()) == 4)
    assert abs(float(row[3]) - 1.0) <= 0.001, out


def test_a_slower_build_fails(measured, tmp_path):
    status, out = guard("check", BIN, "--only", WORKLOAD, "--baseline", str(baseline(tmp_path / "b.json", int(measured * 0.95))))
    assert status == 1, out
    assert "FAIL" in out and WORKLOAD in out and "GREW" in out


def test_a_faster_build_and_noise_pass(measured, tmp_path):
    for factor in (1.05, 0.99):
        status, out = guard("check", BIN, "--only", WORKLOAD, "--baseline", str(baseline(tmp_path / "b.json", int(measured * factor))))
        assert status == 0, (factor, out)


def commit(repo, message):
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
    subprocess.run(
        ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", message], check=True
    )


def test_growth_needs_a_baseline_update_that_says_why(measured, tmp_path):
    """In a repository of its own: the guard reads HEAD's commit to accept growth."""
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy(SCRIPT, repo / "scripts" / "instructions.py")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    base = repo / "benches" / "instructions.json"
    baseline(base, int(measured * 0.95))
    commit(repo, "baseline from a faster build")
    script = repo / "scripts" / "instructions.py"

    def check():
        return guard("check", BIN, "--only", WORKLOAD, script=script, cwd=repo)

    assert check()[0] == 1  # grew 5 %, the baseline untouched by HEAD
    baseline(base, int(measured * 0.94))
    commit(repo, "a baseline changed without a reason")
    status, out = check()
    assert status == 1 and "HEAD~1" in out, out  # compared with HEAD~1's baseline: still fails
    baseline(base, int(measured * 0.93))
    commit(repo, "slower on purpose\n\ninstructions: the loop now checks a flag per node")
    status, out = check()
    assert status == 0 and "accepted" in out and "checks a flag" in out, out

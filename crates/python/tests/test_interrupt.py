"""Ctrl-C stops a long search with KeyboardInterrupt, and searches release the GIL."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from conftest import assert_releases_the_gil
from searchlab import npuzzle

# Korf's instance 1 (57 moves): BFS and DFS cannot finish it before their 50-million-node budget,
# nor IDA* with Manhattan in less than minutes: without the interrupt the child runs on, then fails.
HARD_4X4 = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]

CHILD = """
import sys, time
import searchlab
from searchlab import npuzzle
board = {board}
print("searching", flush=True)
started = time.monotonic()
try:
    {call}
except KeyboardInterrupt:
    print(f"KeyboardInterrupt after {{time.monotonic() - started:.2f}} s", flush=True)
    sys.exit(42)
print("finished without an interrupt", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
@pytest.mark.parametrize(
    "call",
    [
        "npuzzle.dfs(board)",
        "npuzzle.run('bfs', board)",
        "searchlab.solve(board, 'manhattan')",
        # A problem written in Python: its callbacks run with the GIL, Ctrl-C is polled between them.
        "searchlab.search_fn(0, lambda n: [('+1', n + 1, 1), ('+2', n + 2, 1)], lambda n: n < 0, strategy='bfs')",
    ],
)
def test_sigint_raises_keyboard_interrupt_in_a_long_search(call: str) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(board=HARD_4X4, call=call)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "searching"
    time.sleep(1.0)  # well inside the search
    assert child.poll() is None, "the search ended before the signal"
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 42, (out, err)
    assert out.startswith("KeyboardInterrupt after")
    assert time.monotonic() - sent < 10, "the search did not stop promptly"
    assert "panicked" not in err


def test_the_gil_is_released_during_a_search() -> None:
    # BFS on this 4x4 board (18 moves) expands 1,132,601 nodes: long enough to see the main
    # thread run even on a fast machine (the 16-move board next to it took only 43 ms).
    board = [8, 1, 2, 3, 4, 0, 6, 5, 9, 13, 10, 7, 12, 14, 15, 11]
    assert_releases_the_gil(lambda: npuzzle.run("bfs", board))

#!/usr/bin/env python3
"""searchlab.npuzzle.bfs against a straightforward pure-Python bfs, side by side in one run.

Usage: python3 scripts/python_bfs_compare.py [--repeat N] [BOARD ...]
(needs the `searchlab` package: `pip install ./crates/python`)

The pure-Python `bfs` follows the notebook's rules (shared/spec/npuzzle-notebook.md): a FIFO
frontier, the goal test when a node is popped, successors in UDLR order skipped when already in
the frontier or explored (one set of tuples, as the notebook's `froxplored`), and
nodes_expanded = explored - 1. Like the notebook it builds one node object per child (without
NumPy). Both functions run in this process, alternately, `--repeat` times each; the table shows
the best and the median wall time of each and their ratios. The answers must agree.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import deque
from typing import Callable, List, Optional, Sequence, Tuple

import searchlab.npuzzle

Result = Optional[Tuple[int, List[str]]]


class Node:
    """A board, the node it came from and the blank's move that made it."""

    __slots__ = ("state", "parent", "move")

    def __init__(self, state: Tuple[int, ...], parent: Optional["Node"], move: str) -> None:
        self.state = state
        self.parent = parent
        self.move = move

    def children(self, width: int) -> List["Node"]:
        """The successors in UDLR order (moves of the blank that stay on the board)."""
        blank = self.state.index(0)
        row, col = divmod(blank, width)
        out = []
        for move, ok, target in (
            ("Up", row > 0, blank - width),
            ("Down", row < width - 1, blank + width),
            ("Left", col > 0, blank - 1),
            ("Right", col < width - 1, blank + 1),
        ):
            if ok:
                cells = list(self.state)
                cells[blank], cells[target] = cells[target], cells[blank]
                out.append(Node(tuple(cells), self, move))
        return out

    def path(self) -> List[str]:
        moves = []
        node: Optional[Node] = self
        while node is not None and node.parent is not None:
            moves.append(node.move)
            node = node.parent
        return moves[::-1]


def python_bfs(board: Sequence[int]) -> Result:
    """The notebook's bfs in plain Python: (nodes_expanded, path), or None when unreachable."""
    width = int(round(len(board) ** 0.5))
    goal = tuple(range(len(board)))
    frontier = deque([Node(tuple(board), None, "Initial")])
    froxplored = {tuple(board)}
    explored = 0
    while frontier:
        node = frontier.popleft()
        explored += 1
        if node.state == goal:
            return explored - 1, node.path()
        for child in node.children(width):
            if child.state not in froxplored:
                froxplored.add(child.state)
                frontier.append(child)
    return None


def timed(function: Callable[[List[int]], Result], board: List[int]) -> Tuple[float, Result]:
    started = time.perf_counter()
    result = function(board)
    return time.perf_counter() - started, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*", default=["8,6,4,2,1,3,5,7,0"], metavar="BOARD")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each function per board (default 5)")
    args = parser.parse_args()
    print(
        f"| board | nodes_expanded | searchlab.npuzzle.bfs (best / median of {args.repeat}) "
        f"| pure Python (best / median of {args.repeat}) | ratio of bests | ratio of medians |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for text in args.boards:
        board = [int(t) for t in text.split(",")]
        fast: List[float] = []
        slow: List[float] = []
        answers = set()
        for _ in range(args.repeat):
            seconds, rust = timed(searchlab.npuzzle.bfs, board)
            fast.append(seconds)
            seconds, python = timed(python_bfs, board)
            slow.append(seconds)
            answers.add(repr(rust))
            answers.add(repr(python))
        if len(answers) != 1:
            raise SystemExit(f"the two bfs disagree on {text}: {sorted(answers)}")
        expanded = rust[0] if rust else "-"
        ms = lambda xs: f"{min(xs) * 1e3:.1f} / {statistics.median(xs) * 1e3:.1f} ms"
        best = min(slow) / min(fast)
        median = statistics.median(slow) / statistics.median(fast)
        print(f"| {text} | {expanded:,} | {ms(fast)} | {ms(slow)} | {best:.1f}x | {median:.1f}x |")


if __name__ == "__main__":
    main()

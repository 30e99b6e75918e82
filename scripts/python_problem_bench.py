#!/usr/bin/env python3
"""searchlab.search with Python callbacks against aima-python and simpleai, side by side.

One 8-puzzle, written once as functions (actions, result, goal and Manhattan h; the goal with
the blank first, 0,1,...,8, from which the board 1,5,6,3,0,4,7,8,2 is 16 moves; aima's action
order UP, DOWN, LEFT, RIGHT), wrapped thinly for
each library, and searched breadth-first and by A* by all three in one process, alternately,
each run repeated (median and best reported). Also the cost of one callback: searchlab's time
per node against a plain Python loop calling the same functions.

Usage (the peers from PyPI in the benchmark's own environment; ``aima`` needs Python < 3.11):

    python3.10 -m venv target/bench-venv
    target/bench-venv/bin/pip install aima simpleai target/wheels/searchlab-*.whl
    target/bench-venv/bin/python scripts/python_problem_bench.py --repeat 3

Prints a Markdown table (the README's).
"""

from __future__ import annotations

import argparse
import signal
import statistics
import time
from typing import Any, Callable, Dict, List, Tuple

GOAL = (0, 1, 2, 3, 4, 5, 6, 7, 8)
DELTA = {"UP": -3, "DOWN": 3, "LEFT": -1, "RIGHT": 1}


def actions(state: Tuple[int, ...]) -> List[str]:
    blank = state.index(0)
    moves = []
    if blank >= 3:
        moves.append("UP")
    if blank < 6:
        moves.append("DOWN")
    if blank % 3:
        moves.append("LEFT")
    if blank % 3 < 2:
        moves.append("RIGHT")
    return moves


def result(state: Tuple[int, ...], action: str) -> Tuple[int, ...]:
    blank = state.index(0)
    other = blank + DELTA[action]
    tiles = list(state)
    tiles[blank], tiles[other] = tiles[other], tiles[blank]
    return tuple(tiles)


def is_goal(state: Tuple[int, ...]) -> bool:
    return state == GOAL


def manhattan(state: Tuple[int, ...]) -> int:
    return sum(abs(i // 3 - t // 3) + abs(i % 3 - t % 3) for i, t in enumerate(state) if t)


def searchlab_runner(strategy: str) -> Callable[[Tuple[int, ...]], Tuple[int, int]]:
    import searchlab

    class Puzzle(searchlab.Problem):
        def actions(self, s: Any) -> List[str]:
            return actions(s)

        def result(self, s: Any, a: Any) -> Any:
            return result(s, a)

        def is_goal(self, s: Any) -> bool:
            return is_goal(s)

        def h(self, s: Any) -> int:
            return manhattan(s)

    def run(board: Tuple[int, ...]) -> Tuple[int, int]:
        found = searchlab.search(Puzzle(board), strategy)
        return len(found.actions), found.expanded

    return run


def aima_runner(strategy: str) -> Callable[[Tuple[int, ...]], Tuple[int, int]]:
    from aima import search as aima

    class Puzzle(aima.Problem):
        def actions(self, s: Any) -> List[str]:
            return actions(s)

        def result(self, s: Any, a: Any) -> Any:
            return result(s, a)

        def goal_test(self, s: Any) -> bool:
            return is_goal(s)

        def h(self, node: Any) -> int:
            return manhattan(node.state)

    def run(board: Tuple[int, ...]) -> Tuple[int, int]:
        problem = aima.InstrumentedProblem(Puzzle(board, GOAL))
        if strategy == "bfs":
            node = aima.breadth_first_graph_search(problem)
        else:
            node = aima.astar_search(problem)
        return len(node.solution()), problem.succs

    return run


def simpleai_runner(strategy: str) -> Callable[[Tuple[int, ...]], Tuple[int, int]]:
    from simpleai import search as simpleai

    expanded = [0]

    class Puzzle(simpleai.SearchProblem):
        def actions(self, s: Any) -> List[str]:
            expanded[0] += 1  # as aima's InstrumentedProblem counts: one call per expansion
            return actions(s)

        def result(self, s: Any, a: Any) -> Any:
            return result(s, a)

        def is_goal(self, s: Any) -> bool:
            return is_goal(s)

        def cost(self, s: Any, a: Any, s2: Any) -> int:
            return 1

        def heuristic(self, s: Any) -> int:
            return manhattan(s)

    def run(board: Tuple[int, ...]) -> Tuple[int, int]:
        expanded[0] = 0
        if strategy == "bfs":
            node = simpleai.breadth_first(Puzzle(board), graph_search=True)
        else:
            node = simpleai.astar(Puzzle(board), graph_search=True)
        return len(node.path()) - 1, expanded[0]

    return run


def callback_cost(board: Tuple[int, ...]) -> Tuple[float, float]:
    """Seconds per expanded node: searchlab's BFS, and a bare Python loop that only calls
    actions, result and is_goal as often as that BFS does (no frontier, no duplicates)."""
    import searchlab

    calls: Dict[str, int] = {"actions": 0, "result": 0}

    class Counting(searchlab.Problem):
        def actions(self, s: Any) -> List[str]:
            calls["actions"] += 1
            return actions(s)

        def result(self, s: Any, a: Any) -> Any:
            calls["result"] += 1
            return result(s, a)

        def is_goal(self, s: Any) -> bool:
            return is_goal(s)

    started = time.perf_counter()
    found = searchlab.search(Counting(board), "bfs")
    engine = (time.perf_counter() - started) / found.expanded
    started = time.perf_counter()
    state = board
    for _ in range(calls["actions"]):
        for a in actions(state):
            result(state, a)
        is_goal(state)
    bare = (time.perf_counter() - started) / found.expanded
    return engine, bare


class TooLong(Exception):
    """A run stopped by the benchmark's time cap."""


def capped(run: Callable[[Tuple[int, ...]], Tuple[int, int]], board: Tuple[int, ...], cap: int) -> Any:
    """``run(board)``, or ``None`` when it takes more than ``cap`` seconds (SIGALRM)."""

    def stop(signum: int, frame: Any) -> None:
        raise TooLong()

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(cap)
    try:
        return run(board)
    except TooLong:
        return None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per library and board (median reported)")
    parser.add_argument("--cap", type=int, default=120, help="seconds after which a run is stopped and reported as longer")
    args = parser.parse_args()
    cases = [("bfs", (1, 5, 6, 3, 0, 4, 7, 8, 2)), ("astar", (8, 6, 4, 2, 1, 3, 5, 7, 0))]
    libraries = [("searchlab", searchlab_runner), ("aima-python", aima_runner), ("simpleai", simpleai_runner)]
    print("| search | board | library | moves | expanded (actions() calls) | median s | best s | median ratio to searchlab |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for strategy, board in cases:
        runners = [(name, make(strategy)) for name, make in libraries]
        times: Dict[str, List[float]] = {name: [] for name, _ in runners}
        answers: Dict[str, Tuple[int, int]] = {}
        stopped = set()
        for _ in range(args.repeat):
            for name, run in runners:  # alternately, so that a busy moment hits all three
                if name in stopped:
                    continue
                started = time.perf_counter()
                answer = capped(run, board, args.cap)
                times[name].append(time.perf_counter() - started)
                if answer is None:
                    stopped.add(name)
                else:
                    answers[name] = answer
        base = statistics.median(times["searchlab"])
        for name, _ in runners:
            median = statistics.median(times[name])
            if name in stopped:
                print(f"| {strategy} | {','.join(map(str, board))} | {name} | | | > {args.cap} (stopped) | | > {args.cap / base:.0f}× |", flush=True)
                continue
            moves, expanded = answers[name]
            print(
                f"| {strategy} | {','.join(map(str, board))} | {name} | {moves} | {expanded:,} "
                f"| {median:.3f} | {min(times[name]):.3f} | {median / base:.1f}× |",
                flush=True,
            )
    engine, bare = callback_cost(cases[0][1])
    print()
    print(f"searchlab BFS: {engine * 1e6:.1f} µs per expanded node; the same callbacks in a bare loop: "
          f"{bare * 1e6:.1f} µs per node ({bare / engine:.0%} of it).")


if __name__ == "__main__":
    main()

"""Bad input raises Python exceptions (ValueError and its kin), never a Rust panic."""

from __future__ import annotations

from typing import Any

import pytest

import searchlab
from searchlab import digits, npuzzle


@pytest.mark.parametrize(
    "board, message",
    [
        ([1, 2, 3], "not a square board"),
        ([0, 1, 2, 2], "appears more than once"),
        ([0, 1, 2, 9], "out of range"),
        ([-1, 0, 1, 2], "out of range"),
        ([], "empty"),
        ([0], "not a square board"),
        ([0, 1, 2, 10**30], "out of range"),
        ("1,2,5,3,4,0,6,7,8", "expected a list"),
        (5, "expected a list"),
        (None, "expected a list"),
        ([0, 1, 2, 3.0], "not a whole number"),
        ([0, 1, 2, "3"], "not a whole number"),
        ([0, 1, True, 3], "not a tile number"),
    ],
)
def test_bad_boards_are_value_errors(board: Any, message: str) -> None:
    for call in (npuzzle.bfs, npuzzle.dfs, npuzzle.ast, lambda b: npuzzle.run("bfs", b), searchlab.solve):
        with pytest.raises(ValueError, match=message):
            call(board)


def test_a_numpy_float_board_is_refused() -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(ValueError, match="not a whole number"):
        npuzzle.bfs(np.array([1.0, 2.0, 5.0, 3.0, 4.0, 0.0, 6.0, 7.0, 8.0]))


def test_bad_methods_goals_and_heuristics() -> None:
    with pytest.raises(ValueError, match="unknown method"):
        npuzzle.run("ida", [1, 2, 5, 3, 4, 0, 6, 7, 8])
    with pytest.raises(ValueError, match="goal"):
        npuzzle.run("bfs", [1, 2, 5, 3, 4, 0, 6, 7, 8], goal=[0, 1, 2, 3])
    with pytest.raises(ValueError, match="bad goal"):
        npuzzle.run("bfs", [1, 2, 5, 3, 4, 0, 6, 7, 8], goal=[0, 1, 2, 3, 4, 5, 6, 7, 7])
    with pytest.raises(ValueError, match="max_nodes"):
        searchlab.solve([1, 2, 5, 3, 4, 0, 6, 7, 8], max_nodes=-1)
    with pytest.raises(ValueError, match="heuristic"):
        searchlab.solve([1, 2, 5, 3, 4, 0, 6, 7, 8], heuristic="euclid")


def test_unsolvable_boards() -> None:
    bad = [1, 0, 2, 3, 4, 5, 6, 8, 7]
    with pytest.raises(searchlab.UnsolvableError, match="cannot reach the goal"):
        npuzzle.run("ast", bad)
    with pytest.raises(searchlab.UnsolvableError):
        searchlab.solve(bad)
    assert issubclass(searchlab.UnsolvableError, ValueError)


def test_a_node_budget_is_a_search_limit_error() -> None:
    with pytest.raises(searchlab.SearchLimitError, match="node limit"):
        # Korf's instance 1 (tests/data/korf/korf100.txt): 57 moves, billions of nodes with Manhattan.
        korf1 = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]
        searchlab.solve(korf1, heuristic="manhattan", max_nodes=1000)


@pytest.mark.parametrize(
    "args, message",
    [
        (("X", 320, 110), "unknown strategy"),
        (("", 320, 110), "unknown strategy"),
        (("A", 1000, 110), "start 1000 is not a 3-digit number"),
        (("A", -1, 110), "start -1"),
        (("A", 320, "1a0"), "goal '1a0'"),
        (("A", 320, "1100"), "goal '1100'"),
        (("A", 320, "+10"), "goal"),
        (("A", 320, 1.5), "goal"),
        (("A", 320, 110, [455, 1000]), "forbidden number 1000"),
        (("A", 320, 10**30), "goal 1000000"),
    ],
)
def test_bad_digits_input(args: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        digits.solve(*args)

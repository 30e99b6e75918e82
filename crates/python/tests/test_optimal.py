"""searchlab.solve: optimal lengths from independent sources, and the command's database cache."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import searchlab
from searchlab import npuzzle

# Optimal lengths: BFS lengths from the course's published figures (cases.tsv) and the textbook
# A* length from tests/data/npuzzle/reference_expected.tsv (decrease-key reading).
OPTIMAL = [
    ([8, 6, 4, 2, 1, 3, 5, 7, 0], 26),
    ([6, 1, 8, 4, 0, 2, 7, 3, 5], 20),
    ([4, 1, 5, 2, 3, 6, 8, 0, 7], 23),
    ([8, 6, 7, 2, 5, 4, 3, 0, 1], 27),
]


def replay(board: tuple, moves: list) -> list:
    """The board after the blank's ``moves``, each checked to stay on the board."""
    width = int(len(board) ** 0.5)
    cells = list(board)
    blank = cells.index(0)
    step = {"Up": -width, "Down": width, "Left": -1, "Right": 1}
    for move in moves:
        target = blank + step[move]
        assert 0 <= target < len(cells)
        if move in ("Left", "Right"):
            assert target // width == blank // width
        cells[blank], cells[target] = cells[target], cells[blank]
        blank = target
    return cells


@pytest.mark.parametrize("board, length", OPTIMAL)
@pytest.mark.parametrize("heuristic", ["manhattan", "manhattan-lc", None])
def test_optimal_lengths(board: list, length: int, heuristic: str) -> None:
    solution = searchlab.solve(board, heuristic)
    assert solution.length == len(solution.moves) == length
    assert replay(solution.board, solution.moves) == list(solution.goal) == list(range(9))
    assert solution.nodes_generated >= solution.nodes_expanded > 0


def test_another_goal() -> None:
    goal = [1, 2, 3, 4, 5, 6, 7, 8, 0]
    solution = searchlab.solve([1, 2, 3, 4, 5, 6, 7, 0, 8], goal=goal)
    assert solution.moves == ["Right"] and solution.goal == tuple(goal)


def test_pattern_databases_are_built_in_the_folder_and_reused(tmp_path: Path) -> None:
    # Without cached databases a 4x4 board gets the command's default, pdb-5-5-5, built on first use.
    goal = tuple(range(16))
    board = replay(goal, ["Right", "Right", "Right"])  # blank first: 3 moves back to the goal
    first = searchlab.solve(board, pdb_dir=tmp_path)
    assert first.heuristic == "pdb-5-5-5+reflect"
    assert first.moves == ["Left", "Left", "Left"]
    files = sorted(p.name for p in tmp_path.iterdir())
    assert len(files) == 3 and all(f.startswith("pdb-4x4-b0-") and f.endswith(".bin") for f in files)
    times = [(tmp_path / f).stat().st_mtime_ns for f in files]
    board = replay(goal, ["Down", "Right", "Down", "Right", "Up"])
    again = searchlab.solve(board, pdb_dir=str(tmp_path))
    assert again.heuristic == "pdb-5-5-5+reflect" and again.length == 5
    assert replay(again.board, again.moves) == list(goal)
    assert sorted(p.name for p in tmp_path.iterdir()) == files
    assert [(tmp_path / f).stat().st_mtime_ns for f in files] == times, "the databases were rebuilt"


def test_the_default_folder_is_the_commands_cache(tmp_path: Path) -> None:
    # `searchlab solve` caches in <user cache dir>/searchlab/pdb; on Linux that is $XDG_CACHE_HOME.
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    out = subprocess.run(
        [sys.executable, "-c", "import searchlab; print(searchlab.default_pdb_dir())"],
        env=env, capture_output=True, text=True, check=True,
    )
    assert Path(out.stdout.strip()) == tmp_path / "searchlab" / "pdb"


def test_bfs_and_solve_agree_on_length() -> None:
    result = npuzzle.bfs([4, 1, 5, 2, 3, 6, 8, 0, 7])
    assert result is not None
    assert len(result[1]) == searchlab.solve([4, 1, 5, 2, 3, 6, 8, 0, 7]).length

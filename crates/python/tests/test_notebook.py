"""The notebook's asserts (shared/spec/npuzzle-notebook.md), word for word, against searchlab.npuzzle.

The notebook passes a ``PuzzleBoard`` whose ``puzzle_state`` is a NumPy array; the same calls are
checked with plain lists, tuples, NumPy arrays and an object with ``puzzle_state``.
"""

from __future__ import annotations

from typing import Any, List

import numpy as np
import pytest

from searchlab.npuzzle import ast, bfs, dfs

# The path of `assert dfs(PuzzleBoard([1,3,0,4,2,5,6,7,8])) == (402, [...])`, copied from the spec.
DFS_402_PATH = [
    'Down', 'Down', 'Left', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left',
    'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left',
    'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Right', 'Up', 'Left', 'Down', 'Down',
    'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Right', 'Down', 'Down',
    'Left', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down',
    'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down',
    'Right', 'Up', 'Up', 'Left', 'Down', 'Right', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up',
    'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Right', 'Down', 'Down', 'Left', 'Up', 'Up',
    'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up',
    'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up',
    'Left', 'Down', 'Right', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down',
    'Down', 'Right', 'Up', 'Up', 'Right', 'Down', 'Down', 'Left', 'Up', 'Up', 'Left', 'Down',
    'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down',
    'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down',
    'Right', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right',
    'Up', 'Up', 'Right', 'Down', 'Down', 'Left', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up',
    'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up',
    'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Right', 'Up', 'Left', 'Down',
    'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Right', 'Down',
    'Down', 'Left', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down',
    'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down',
    'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Right', 'Up', 'Left', 'Down', 'Down', 'Right',
    'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Right', 'Down', 'Down', 'Left', 'Up',
    'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up',
    'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up',
    'Left', 'Down', 'Right', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down',
    'Down', 'Right', 'Up', 'Left', 'Up', 'Right', 'Right', 'Down', 'Down', 'Left', 'Up', 'Up',
    'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up',
    'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up',
    'Left', 'Down', 'Right', 'Up', 'Left', 'Down', 'Down', 'Right', 'Right', 'Up', 'Up', 'Left',
    'Down', 'Down', 'Left', 'Up', 'Up', 'Right', 'Down', 'Down', 'Left', 'Up', 'Up', 'Right',
    'Down', 'Down', 'Left', 'Up', 'Up', 'Right', 'Down', 'Down', 'Left', 'Up', 'Up', 'Right',
    'Down', 'Down', 'Left', 'Up', 'Right', 'Up', 'Left',
]


class PuzzleBoard:
    """The part of the notebook's class that searchlab reads: ``puzzle_state`` as a NumPy array."""

    def __init__(self, puzzle_state: List[int]) -> None:
        self.puzzle_state = np.array(puzzle_state)


def test_the_dfs_path_was_copied_whole() -> None:
    assert len(DFS_402_PATH) == 396
    assert DFS_402_PATH[:4] == ["Down", "Down", "Left", "Up"]
    assert DFS_402_PATH[-4:] == ["Up", "Right", "Up", "Left"]


def test_exercise_1_bfs() -> None:
    assert bfs(PuzzleBoard([3,1,2,0,4,5,6,7,8])) == (1, ['Up'])
    assert bfs(PuzzleBoard([1,2,5,3,4,0,6,7,8])) == (10, ['Up', 'Left', 'Left'])


def test_exercise_2_dfs() -> None:
    assert dfs(PuzzleBoard([3,1,2,0,4,5,6,7,8])) == (1, ['Up'])
    assert dfs(PuzzleBoard([1,3,0,4,2,5,6,7,8])) == (402, DFS_402_PATH)


def test_exercise_3_ast() -> None:
    assert ast(PuzzleBoard([3,1,2,0,4,5,6,7,8]))[1] == ['Up']  # type: ignore[index]
    assert ast(PuzzleBoard([1,2,5,3,4,0,6,7,8]))[1] == ['Up', 'Left', 'Left']  # type: ignore[index]


class Plain:
    """An object with ``puzzle_state`` but no NumPy."""

    def __init__(self, puzzle_state: Any) -> None:
        self.puzzle_state = puzzle_state


@pytest.mark.parametrize(
    "board",
    [
        [1, 2, 5, 3, 4, 0, 6, 7, 8],
        (1, 2, 5, 3, 4, 0, 6, 7, 8),
        np.array([1, 2, 5, 3, 4, 0, 6, 7, 8]),
        np.array([[1, 2, 5], [3, 4, 0], [6, 7, 8]], dtype=np.uint8),
        [[1, 2, 5], [3, 4, 0], [6, 7, 8]],
        [np.int64(t) for t in (1, 2, 5, 3, 4, 0, 6, 7, 8)],
        Plain([1, 2, 5, 3, 4, 0, 6, 7, 8]),
        Plain((1, 2, 5, 3, 4, 0, 6, 7, 8)),
    ],
    ids=["list", "tuple", "ndarray", "2d-uint8", "rows", "numpy-ints", "attr-list", "attr-tuple"],
)
def test_every_kind_of_board_gives_the_same_answer(board: Any) -> None:
    assert bfs(board) == (10, ['Up', 'Left', 'Left'])


def test_an_unsolvable_board_has_no_answer() -> None:
    for search in (bfs, dfs, ast):
        assert search([1, 0, 2, 3, 4, 5, 6, 8, 7]) is None


def test_an_already_solved_board() -> None:
    for search in (bfs, dfs, ast):
        assert search([0, 1, 2, 3, 4, 5, 6, 7, 8]) == (0, [])


def test_numpy_is_not_needed() -> None:
    # With NumPy made unimportable the package still imports and answers.
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import searchlab\n"
        "from searchlab import npuzzle\n"
        "assert npuzzle.bfs([3, 1, 2, 0, 4, 5, 6, 7, 8]) == (1, ['Up'])\n"
        "assert 'numpy' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout == "ok\n", out.stderr

"""The N-puzzle as the ColumbiaX notebook and ``driver.py`` count it.

``bfs``, ``dfs`` and ``ast`` take a board and return ``(nodes_expanded, path)`` exactly as the
notebook's asserts expect; ``run`` is the course driver with its seven statistics, or with
``edition=2017`` the 2017 edition's nine (``fringe_size`` and ``max_fringe_size`` too) and its
fourth method, ``ida``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple, Union

from . import _native
from ._board import BoardLike, optional_tiles, result_html, tiles
from ._svg import board_svg

__all__ = ["bfs", "dfs", "ast", "run", "RunResult"]


def bfs(board: BoardLike) -> Optional[Tuple[int, List[str]]]:
    """Breadth-first search to the goal ``0, 1, ..., m*m-1``: ``(nodes_expanded, path)``.

    ``path`` names the blank's moves (``'Up'``, ``'Down'``, ``'Left'``, ``'Right'``). ``None``
    when the board cannot reach the goal. ``ValueError`` for a malformed board.
    """
    return _native.npuzzle_notebook("bfs", tiles(board))


def dfs(board: BoardLike) -> Optional[Tuple[int, List[str]]]:
    """Depth-first search (successors pushed in reverse, so ``Up`` is tried first): as :func:`bfs`."""
    return _native.npuzzle_notebook("dfs", tiles(board))


def ast(board: BoardLike) -> Optional[Tuple[int, List[str]]]:
    """A* on f = g + Manhattan, first-in first-out ties, cheaper duplicates ignored: as :func:`bfs`."""
    return _native.npuzzle_notebook("ast", tiles(board))


@dataclass(frozen=True)
class RunResult:
    """One run of the course driver: the statistics of ``output.txt`` (seven; nine in the 2017
    edition) and its text."""

    method: str
    edition: int
    """The edition's year: ``2020`` (the current one) or ``2017``."""
    board: Tuple[int, ...]
    goal: Tuple[int, ...]
    path_to_goal: List[str]
    cost_of_path: int
    nodes_expanded: int
    search_depth: int
    max_search_depth: int
    running_time: float
    max_ram_usage: float
    output: str
    """The lines of ``output.txt``, each ending in a newline."""
    fringe_size: Optional[int] = None
    """The 2017 edition: nodes left in the frontier when the goal left it (``None`` otherwise)."""
    max_fringe_size: Optional[int] = None
    """The 2017 edition: the most nodes the frontier held at once (``None`` otherwise)."""

    def as_dict(self) -> Dict[str, Union[List[str], int, float]]:
        """The statistics, keyed and ordered as in ``output.txt`` (the 2017 edition's two
        fringe lines after ``nodes_expanded``)."""
        d: Dict[str, Union[List[str], int, float]] = {
            "path_to_goal": list(self.path_to_goal),
            "cost_of_path": self.cost_of_path,
            "nodes_expanded": self.nodes_expanded,
        }
        if self.fringe_size is not None and self.max_fringe_size is not None:
            d["fringe_size"] = self.fringe_size
            d["max_fringe_size"] = self.max_fringe_size
        d.update(
            {
                "search_depth": self.search_depth,
                "max_search_depth": self.max_search_depth,
                "running_time": self.running_time,
                "max_ram_usage": self.max_ram_usage,
            }
        )
        return d

    def __str__(self) -> str:
        return self.output

    def _repr_svg_(self) -> str:
        return board_svg(self.board, f"{self.method}: {self.cost_of_path} moves, {self.nodes_expanded} expanded")

    def _repr_html_(self) -> str:
        rows = [(k, v) for k, v in self.as_dict().items() if k != "path_to_goal"]
        return result_html(f"searchlab.npuzzle.run('{self.method}')", self.board, self.goal, self.path_to_goal, rows)


def run(
    method: str,
    board: BoardLike,
    goal: Optional[BoardLike] = None,
    edition: Optional[Union[int, str]] = None,
) -> RunResult:
    """Runs the course driver: ``method`` is ``'bfs'``, ``'dfs'`` or ``'ast'`` (any case), and in
    the 2017 edition also ``'ida'`` (IDA*: a shortest path).

    ``goal`` defaults to ``0, 1, ..., m*m-1``. ``edition`` is ``None`` or ``2020`` for the current
    edition (seven lines), ``2017`` (or ``"2017"``) for the 2017 one: nine lines, and the result's
    ``fringe_size`` and ``max_fringe_size`` are set. Raises ``ValueError`` for a malformed board,
    goal, method or edition, :class:`searchlab.UnsolvableError` (a ``ValueError``) when the goal
    cannot be reached and :class:`searchlab.SearchLimitError` when the node budget (50 million
    nodes up to 5x5) runs out. Ctrl-C stops the search with ``KeyboardInterrupt``.
    """
    year = _edition(edition)
    d = _native.npuzzle_run(method, tiles(board), optional_tiles(goal, "goal"), year)
    return RunResult(**{**d, "board": tuple(d["board"]), "goal": tuple(d["goal"])})


def _edition(edition: Optional[Union[int, str]]) -> Optional[str]:
    """``edition`` as the extension takes it: ``None`` or a year's text."""
    if edition is None:
        return None
    if isinstance(edition, bool) or not isinstance(edition, (int, str)):
        raise ValueError(f"edition {edition!r} is not a year (2017 or 2020)")
    return str(edition)

"""Optimal sliding-tile solving (IDA* with pattern databases) from Python."""

from __future__ import annotations

import operator
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple, Union

from . import _native
from ._board import BoardLike, optional_tiles, result_html, tiles
from ._svg import board_svg


@dataclass(frozen=True)
class Solution:
    """An optimal solution: the blank's moves and what the search counted."""

    board: Tuple[int, ...]
    goal: Tuple[int, ...]
    moves: List[str]
    length: int
    nodes_expanded: int
    nodes_generated: int
    iterations: int
    initial_h: int
    seconds: float
    heuristic: str

    def as_dict(self) -> Dict[str, Union[List[str], List[int], int, float, str]]:
        """Every field, as the command's ``--json`` names them."""
        return {
            "moves": list(self.moves),
            "length": self.length,
            "nodes_expanded": self.nodes_expanded,
            "nodes_generated": self.nodes_generated,
            "iterations": self.iterations,
            "initial_h": self.initial_h,
            "seconds": self.seconds,
            "heuristic": self.heuristic,
            "start": list(self.board),
            "goal": list(self.goal),
        }

    def _repr_svg_(self) -> str:
        return board_svg(self.board, f"optimal: {self.length} moves ({self.heuristic})")

    def _repr_html_(self) -> str:
        rows = [
            ("length", self.length),
            ("heuristic", self.heuristic),
            ("initial h", self.initial_h),
            ("nodes expanded", self.nodes_expanded),
            ("nodes generated", self.nodes_generated),
            ("iterations", self.iterations),
            ("seconds", f"{self.seconds:.6f}"),
        ]
        return result_html("searchlab.solve", self.board, self.goal, self.moves, rows)


def solve(
    board: BoardLike,
    heuristic: Optional[str] = None,
    *,
    goal: Optional[BoardLike] = None,
    pdb_dir: Optional[Union[str, "os.PathLike[str]"]] = None,
    max_nodes: Optional[int] = None,
) -> Solution:
    """Solves ``board`` optimally with IDA*, as ``searchlab solve`` does.

    ``heuristic``: ``'manhattan'``, ``'manhattan-lc'``, ``'pdb-7-8'``, ``'pdb-6-6-3'``,
    ``'pdb-5-5-5'`` (4x4), ``'pdb-6-6-6-6'`` (5x5); default the best available, as the command
    chooses. Pattern databases are read from ``pdb_dir``, by default the command's cache folder
    (:func:`default_pdb_dir`), and built there on first use. ``goal`` defaults to blank first.
    Raises ``ValueError`` for a malformed board or heuristic, :class:`UnsolvableError` when the goal
    cannot be reached, :class:`SearchLimitError` after ``max_nodes`` generated nodes, and
    ``KeyboardInterrupt`` on Ctrl-C.
    """
    if max_nodes is not None and (isinstance(max_nodes, bool) or operator.index(max_nodes) < 0):
        raise ValueError(f"max_nodes must be a whole number of nodes >= 0, got {max_nodes!r}")
    d = _native.optimal_solve(
        tiles(board),
        optional_tiles(goal, "goal"),
        heuristic,
        None if pdb_dir is None else os.fspath(pdb_dir),
        max_nodes,
    )
    return Solution(**{**d, "board": tuple(d["board"]), "goal": tuple(d["goal"])})


def default_pdb_dir() -> Path:
    """The pattern-database folder ``searchlab solve`` uses (e.g. ``~/.cache/searchlab/pdb``)."""
    return Path(_native.default_pdb_dir())

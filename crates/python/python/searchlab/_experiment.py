"""The textbook's experiments on the 8-puzzle, as ``searchlab report npuzzle --experiment`` runs them.

>>> table = experiment("branching", depths=(2, 8), per_depth=10)   # doctest: +SKIP
>>> table.rows[0]                                                  # doctest: +SKIP
{'d': 2, 'strategy': 'bfs', 'instances': 10, 'mean_generated': ..., 'b_star': ...}

In a notebook the result shows its plot (``table``) or its report (``display(Markdown(table.markdown))``).
"""

import csv
import io
from dataclasses import dataclass, field
from typing import Dict, List, Tuple, Union

from . import _native

Value = Union[int, float, str, None]


def _value(text: str) -> Value:
    """A CSV cell as a number when it is one (an empty cell: None)."""
    if text == "":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


@dataclass
class Experiment:
    """One experiment's results: its table's rows, its ``report.md`` and its plot."""

    name: str
    rows: List[Dict[str, Value]] = field(repr=False)
    markdown: str = field(repr=False)
    svg: str = field(repr=False)

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_markdown_(self) -> str:
        return self.markdown


def experiment(
    name: str,
    *,
    depths: Tuple[int, int] = (2, 24),
    per_depth: int = 100,
    seed: int = 1,
    ids_limit: int = 5_000_000,
) -> Experiment:
    """Runs one of the textbook's experiments on the 8-puzzle.

    ``"distances"``: every solvable board by its distance from the goal ``0,1,…,8`` (rows
    ``d, states``). ``"branching"``: the heuristics table, ``per_depth`` boards drawn uniformly
    among those exactly d moves away for each d in ``depths`` (first and last, inclusive), each
    searched by BFS, iterative deepening (left out past ``ids_limit`` selected nodes on a board),
    A* with misplaced tiles and A* with Manhattan distance, with and without latest-added ties
    (rows ``d, strategy, instances, mean_generated, mean_expanded, b_star``). The plot is b*
    against d (the distances' bar chart for ``"distances"``).
    """
    first, last = depths
    text, markdown, svg = _native.run_experiment(name, first, last, per_depth, seed, ids_limit)
    rows = [{key: _value(cell) for key, cell in row.items()} for row in csv.DictReader(io.StringIO(text))]
    return Experiment(name, rows, markdown, svg)

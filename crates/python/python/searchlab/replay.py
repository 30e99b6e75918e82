"""A recorded search replayed inside the notebook: the web app's replay code embedded in the
page, no server. ``replay(...)`` records the search (as ``searchlab serve`` does) and returns a
:class:`Replay` that a notebook shows in an ``<iframe>``; ``save()`` writes the page to a file
that any browser opens offline.
"""

from __future__ import annotations

import html
import os
from typing import Any, Dict, Iterable, Optional, Union

from . import _native
from ._board import BoardLike, tiles
from ._problem import replay_problem

# The instance fields each puzzle reads (as the web app names them): boards (the N-puzzle's
# start and goal), and the 3-digit puzzle's numbers, written with their three digits (20 is
# 020); any other number as it is.
_BOARD_FIELDS = {"npuzzle": ("board", "goal"), "npuzzle-ida": ("tiles",)}
_DIGIT_FIELDS = {"digits": ("start", "goal", "forbidden")}


PUZZLES: Dict[str, Dict[str, Any]] = {
    name: {"title": title, "kind": kind, "fields": dict(fields), "strategies": list(strategies)}
    for name, title, kind, fields, strategies in _native.replay_puzzles()
}
"""Every registered puzzle :func:`replay` takes, by name: its ``title``, ``kind`` (``"path"``
or ``"local"`` search), ``fields`` (each with an example value) and ``strategies``. Read from
the registries the command line and the web app read, so a newly registered puzzle is here."""


class Replay:
    """A replay page: ``html`` is the whole page; in Jupyter it displays itself."""

    def __init__(self, page: str, height: int = 900) -> None:
        self.html = page
        self.height = height

    def _repr_html_(self) -> str:
        source = html.escape(self.html, quote=True)
        return (
            f'<iframe srcdoc="{source}" sandbox="allow-scripts" title="searchlab replay" '
            f'style="width:100%;height:{int(self.height)}px;border:1px solid #d9dde5;border-radius:6px"></iframe>'
        )

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the page to ``path`` (UTF-8); it replays in any browser, offline."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.html)


def _field(puzzle: str, name: str, value: Union[str, int, BoardLike, Iterable[int]]) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return f"{value:03d}" if name in _DIGIT_FIELDS.get(puzzle, ()) else str(value)
    # A board, or a list of forbidden numbers: the tiles reader takes both.
    numbers = tiles(value, name)  # type: ignore[arg-type]
    if name in _BOARD_FIELDS.get(puzzle, ()):
        return ",".join(str(t) for t in numbers)
    return ",".join(f"{n:03d}" for n in numbers)


def replay(
    puzzle: Any,
    algorithm: str,
    *,
    compare: Optional[str] = None,
    compare_fields: Optional[Dict[str, Union[str, int, BoardLike, Iterable[int]]]] = None,
    rules: str = "textbook",
    max_expanded: Optional[int] = None,
    **fields: Union[str, int, BoardLike, Iterable[int]],
) -> Replay:
    """Records ``algorithm`` (and ``compare``, side by side) on one instance and returns its replay.

    ``puzzle`` is ``"digits"`` (fields ``start``, ``goal``, ``forbidden``; algorithms ``B D I G A
    H``), ``"npuzzle"`` (fields ``board``, ``goal`` (``0,1,...`` by default) and ``heuristic``
    (a name ``searchlab search npuzzle --heuristic`` takes, ``manhattan`` by default); the course driver's ``bfs dfs
    ast`` and the textbook's ``ids ucs greedy astar weighted-astar beam bidirectional bidirectional-ucs rbfs ida``, up to 4x4),
    ``"romania"`` (fields
    ``from`` and ``to``, city names; ``bfs dfs ucs greedy astar weighted-astar beam bidirectional
    bidirectional-ucs rbfs ils``; ``from`` is a Python keyword:
    ``replay("romania", "astar", **{"from": "Arad", "to": "Bucharest"})``) or ``"npuzzle-ida"``
    (field ``tiles``, a 4x4 board; ``ida``) or ``"queens"`` (local search: fields ``n``, ``seed``
    and ``sideways``; ``hill hill-stochastic hill-first-choice hill-restart annealing
    local-beam``, each one run from the seed, move by move, the board drawn with its attacking
    pairs). Numbers and boards may be given as Python values.
    Raises ``ValueError`` for a bad puzzle, algorithm or instance and
    :class:`searchlab.UnsolvableError` for a board that cannot reach the goal.

    ``puzzle`` may also be your own :class:`searchlab.Problem`: ``replay(problem, "astar",
    compare="bfs")`` records it on the engine under ``rules`` (each search stopped after
    ``max_expanded``, 20,000 by default), its states drawn by its ``draw(state)`` method (SVG or
    text), else their ``_repr_svg_``, else ``str(state)``.

    ``compare_fields`` runs the second pane on the same instance with those fields changed (the
    same algorithm unless ``compare`` names another), each pane labelled with them: A* with
    misplaced tiles beside A* with Manhattan distance is
    ``replay("npuzzle", "astar", board=b, heuristic="misplaced", compare_fields={"heuristic": "manhattan"})``.

    >>> page = replay("digits", "B", start=320, goal=110, compare="A")  # doctest: +SKIP
    """
    if not isinstance(puzzle, str):
        if fields:
            raise TypeError(f"a Problem's replay takes no instance fields: {', '.join(sorted(fields))}")
        limit = 20_000 if max_expanded is None else max_expanded
        return Replay(replay_problem(puzzle, algorithm, compare, rules, limit))
    if rules != "textbook" or max_expanded is not None:
        raise ValueError("rules= and max_expanded= apply to your own Problem; a registered puzzle follows its own rules")
    text = {name: _field(puzzle, name, value) for name, value in fields.items()}
    changed = None
    if compare_fields is not None:
        changed = {name: _field(puzzle, name, value) for name, value in compare_fields.items()}
        compare = compare or algorithm
        # A field the first pane leaves out is the puzzle's default: named, so that both labels say
        # it (not boards: their default depends on the width).
        defaults = PUZZLES.get(puzzle, {}).get("fields", {})
        for name in changed:
            if name not in text and defaults.get(name) and name not in _BOARD_FIELDS.get(puzzle, ()):
                text[name] = str(defaults[name])
    algorithms = [algorithm] + ([compare] if compare else [])
    return Replay(_native.replay_page(puzzle, algorithms, text, changed))

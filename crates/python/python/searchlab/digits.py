"""The 3-digit puzzle (COMP3308), byte-for-byte as the course's grader expects."""

from __future__ import annotations

import operator
from typing import Iterable, List, Optional, Tuple, Union

from . import _native

__all__ = ["solve"]

Number = Union[int, str]
"""A 3-digit number: an int from 0 to 999, or a string of one to three digits (``'045'``)."""


def _number(value: Number, what: str) -> int:
    bad = ValueError(f"{what} {value!r} is not a 3-digit number (000 to 999)")
    if isinstance(value, str):
        text = value.strip()
        if not (1 <= len(text) <= 3 and text.isascii() and text.isdigit()):
            raise bad
        return int(text)
    if isinstance(value, bool):
        raise bad
    try:
        number = operator.index(value)
    except TypeError:
        raise bad from None
    if not 0 <= number <= 999:
        raise bad
    return number


def solve(
    letter: str,
    start: Number,
    goal: Number,
    forbidden: Iterable[Number] = (),
    dialect: Optional[Union[int, str]] = None,
) -> Tuple[Optional[List[str]], List[str]]:
    """Solves the puzzle with the strategy ``letter``: ``B``, ``D``, ``I``, ``G``, ``A`` or ``H``
    (either case; or ``bfs``, ``dfs``, ``ids``, ``greedy``, ``astar``, ``hill``).

    Returns ``(path, expanded)``: the path from start to goal (both included) or ``None`` for
    ``No solution found.``, and the expanded nodes in order (at most 1000). Numbers come back as
    zero-padded 3-digit strings, so ``",".join(path)`` is the grader's line. ``ValueError`` for an
    unknown letter or dialect, or a number outside 000 to 999.

    ``dialect=2012`` (or ``"2012"``) follows the assignment's 2012 rules: a node with the start's
    number is the start node (never expanded twice), and a stuck hill-climbing returns the path
    to where it stopped instead of ``None``. (How the 2012 version printed a limit or an empty
    fringe, ``searchlab digits --dialect 2012`` shows; the tuple is the same as today's.)
    """
    numbers = [_number(n, "forbidden number") for n in forbidden]
    if dialect is not None and (isinstance(dialect, bool) or not isinstance(dialect, (int, str))):
        raise ValueError(f"dialect {dialect!r} is not 2012 or 'current'")
    name = None if dialect is None else str(dialect)
    return _native.digits_solve(letter, _number(start, "start"), _number(goal, "goal"), numbers, name)

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
    letter: str, start: Number, goal: Number, forbidden: Iterable[Number] = ()
) -> Tuple[Optional[List[str]], List[str]]:
    """Solves the puzzle with the strategy ``letter``: ``B``, ``D``, ``I``, ``G``, ``A`` or ``H``
    (either case; or ``bfs``, ``dfs``, ``ids``, ``greedy``, ``astar``, ``hill``).

    Returns ``(path, expanded)``: the path from start to goal (both included) or ``None`` for
    ``No solution found.``, and the expanded nodes in order (at most 1000). Numbers come back as
    zero-padded 3-digit strings, so ``",".join(path)`` is the grader's line. ``ValueError`` for an
    unknown letter or a number outside 000 to 999.
    """
    numbers = [_number(n, "forbidden number") for n in forbidden]
    return _native.digits_solve(letter, _number(start, "start"), _number(goal, "goal"), numbers)

"""Boards from Python values, and the HTML pieces every result shows in a notebook."""

from __future__ import annotations

import html
import operator
from typing import Any, Iterable, List, Optional, Protocol, Sequence, Tuple, Union, runtime_checkable


@runtime_checkable
class HasPuzzleState(Protocol):
    """Any object with a ``puzzle_state`` (the notebook's ``PuzzleBoard``)."""

    puzzle_state: Any


@runtime_checkable
class ArrayLike(Protocol):
    """An array with ``tolist()``, such as a NumPy array (NumPy is not required)."""

    def tolist(self) -> Any: ...


BoardLike = Union[Sequence[int], Sequence[Sequence[int]], ArrayLike, HasPuzzleState]
"""A board: tiles row-major with 0 the blank, as a list, a tuple, a list of rows, a NumPy
array (flat or 2-D), or any object with a ``puzzle_state`` attribute holding one of those."""


def whole_number(value: Any) -> Optional[int]:
    """``value`` as an int when it is a whole number (an int, a NumPy integer; never a bool)."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def _tile(value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise ValueError(f"{what}: {value!r} is not a tile number")
    number = whole_number(value)
    if number is None:
        raise ValueError(f"{what}: {value!r} is not a whole number")
    if not -(2**63) <= number < 2**63:
        raise ValueError(f"{what}: tile {number} is out of range")
    return number


def tiles(board: BoardLike, what: str = "board") -> List[int]:
    """The tiles of ``board`` as a flat list of ints (rows are flattened).

    Raises ``ValueError`` when ``board`` is not a sequence of whole numbers; whether the numbers
    make a board is checked by the library.
    """
    state: Any = board.puzzle_state if isinstance(board, HasPuzzleState) else board
    if isinstance(state, ArrayLike):
        state = state.tolist()
    if isinstance(state, (str, bytes)) or not isinstance(state, Iterable):
        raise ValueError(f"{what}: expected a list, tuple or array of tiles, got {type(state).__name__}")
    out: List[int] = []
    for item in state:
        if isinstance(item, (list, tuple)):
            out.extend(_tile(v, what) for v in item)
        else:
            out.append(_tile(item, what))
    return out


def optional_tiles(board: Optional[BoardLike], what: str) -> Optional[List[int]]:
    """``tiles(board)``, or ``None`` for ``None``."""
    return None if board is None else tiles(board, what)


_STYLE = (
    "<style>.searchlab-board{border-collapse:collapse;margin:2px 0}"
    ".searchlab-board td{border:1px solid #888;width:2em;height:2em;text-align:center;"
    "font:bold 14px monospace}.searchlab-board td.blank{background:#ddd}"
    ".searchlab-stats td{padding:0 8px;text-align:left}</style>"
)


def board_html(cells: Sequence[int]) -> str:
    """The board as an HTML grid (the blank shaded)."""
    width = max(1, int(round(len(cells) ** 0.5)))
    rows = []
    for r in range(0, len(cells), width):
        tds = "".join(
            '<td class="blank"></td>' if t == 0 else f"<td>{int(t)}</td>" for t in cells[r : r + width]
        )
        rows.append(f"<tr>{tds}</tr>")
    return f'<table class="searchlab-board">{"".join(rows)}</table>'


def path_html(moves: Sequence[str], limit: int = 200) -> str:
    """The path as text, shortened in the middle beyond ``limit`` moves."""
    shown = list(moves)
    if len(shown) > limit:
        shown = shown[: limit // 2] + [f"... {len(moves) - limit} more ..."] + shown[-limit // 2 :]
    text = ", ".join(shown) if shown else "(already at the goal)"
    return f"<p><b>Path</b> ({len(moves)} moves): {html.escape(text)}</p>"


def stats_html(rows: Sequence[Tuple[str, object]]) -> str:
    """A two-column table of counters."""
    body = "".join(f"<tr><td>{html.escape(str(k))}</td><td>{html.escape(str(v))}</td></tr>" for k, v in rows)
    return f'<table class="searchlab-stats">{body}</table>'


def result_html(
    title: str, board: Sequence[int], goal: Sequence[int], moves: Sequence[str], rows: Sequence[Tuple[str, object]]
) -> str:
    """A result: title, start and goal boards side by side, the path and the counters."""
    boards = (
        '<div style="display:flex;gap:24px">'
        f"<div>start{board_html(board)}</div><div>goal{board_html(goal)}</div></div>"
    )
    return f"{_STYLE}<div><b>{html.escape(title)}</b>{boards}{path_html(moves)}{stats_html(rows)}</div>"

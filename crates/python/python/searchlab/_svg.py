"""Boards as SVG, for results' ``_repr_svg_`` (shown where HTML is not, e.g. exported notebooks)."""

from __future__ import annotations

from html import escape
from typing import Sequence

_CELL = 36


def board_svg(cells: Sequence[int], caption: str = "") -> str:
    """The board as an SVG grid (the blank shaded), with an optional caption under it."""
    width = max(1, int(round(len(cells) ** 0.5)))
    side = width * _CELL
    height = side + (22 if caption else 0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{side + 2}" height="{height + 2}" '
        f'viewBox="-1 -1 {side + 2} {height + 2}" font-family="monospace" font-size="16">'
    ]
    for i, tile in enumerate(cells):
        x, y = (i % width) * _CELL, (i // width) * _CELL
        fill = "#dddddd" if tile == 0 else "#ffffff"
        parts.append(f'<rect x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" fill="{fill}" stroke="#888888"/>')
        if tile != 0:
            parts.append(
                f'<text x="{x + _CELL / 2}" y="{y + _CELL / 2 + 6}" text-anchor="middle" font-weight="bold">{int(tile)}</text>'
            )
    if caption:
        parts.append(f'<text x="0" y="{side + 17}" font-size="13">{escape(caption)}</text>')
    parts.append("</svg>")
    return "".join(parts)

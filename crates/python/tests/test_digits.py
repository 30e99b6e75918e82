"""The 3-digit puzzle's public cases and probes (tests/data/threedigits) through searchlab.digits."""

from __future__ import annotations

from pathlib import Path
from typing import List, Tuple

import pytest

from conftest import DATA
from searchlab import digits

ROOT = DATA / "threedigits"


def read_instance(path: Path) -> Tuple[str, str, List[str]]:
    """The input file as the README's table reads it: BOM and blank lines skipped, tokens trimmed."""
    text = path.read_bytes().decode("utf-8").lstrip("\ufeff")
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    forbidden = [t.strip() for t in lines[2].split(",") if t.strip()] if len(lines) > 2 else []
    return lines[0], lines[1], forbidden


def expected_files() -> List[Path]:
    dirs = sorted(ROOT.glob("case-*")) + sorted((ROOT / "probes").glob("probe-*"))
    return [f for d in dirs for f in sorted(d.glob("expected-*.txt"))]


FILES = expected_files()


def test_every_expected_file_is_found() -> None:
    # 36 cases and 18 probes x 6 letters, less the 19 pairs without consensus (SOURCES.md).
    assert len(FILES) == 305


@pytest.mark.parametrize("expected", FILES, ids=[f"{f.parent.name}-{f.stem[-1]}" for f in FILES])
def test_public_case(expected: Path) -> None:
    letter = expected.stem[-1]
    start, goal, forbidden = read_instance(expected.parent / "input.txt")
    path, expanded = digits.solve(letter, start, goal, forbidden)
    want = [line.rstrip() for line in expected.read_text().rstrip().split("\n")]
    line1 = "No solution found." if path is None else ",".join(path)
    assert [line1, ",".join(expanded)] == want


def test_the_spec_example_with_ints_and_strings() -> None:
    assert digits.solve("A", 320, 110) == (["320", "220", "210", "110"], ["320", "310", "210", "220", "210", "110"])
    assert digits.solve("a", "320", "110") == digits.solve("astar", 320, 110)
    path, expanded = digits.solve("H", 320, 110)
    assert path is None and expanded == ["320", "310", "210"]


def test_numbers_are_zero_padded() -> None:
    path, _ = digits.solve("B", 5, "010")
    assert path is not None and path[0] == "005" and path[-1] == "010"

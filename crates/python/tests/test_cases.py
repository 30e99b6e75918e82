"""Every published N-puzzle figure (tests/data/npuzzle/cases.tsv, columns as its README says)
through searchlab.npuzzle.run, and the notebook functions on the same boards."""

from __future__ import annotations

import hashlib
import re
from typing import Dict, List

import pytest

from conftest import DATA
from searchlab import npuzzle

LETTERS = {"Up": "U", "Down": "D", "Left": "L", "Right": "R"}


def rows() -> List[Dict[str, str]]:
    lines = (DATA / "npuzzle" / "cases.tsv").read_text().splitlines()
    header = lines[0].split("\t")
    out = []
    for line in lines[1:]:
        if line.strip():
            fields = line.split("\t")
            out.append({name: (fields[i].strip() if i < len(fields) else "") for i, name in enumerate(header)})
    return out


CASES = rows()


def test_all_published_cases_are_read() -> None:
    # 23 published figures (the file's lines less its header), none silently dropped.
    assert len(CASES) == 23
    assert {c["method"] for c in CASES} == {"bfs", "dfs", "ast"}


@pytest.mark.parametrize("case", CASES, ids=[f"{c['method']}-{c['board']}" for c in CASES])
def test_published_case(case: Dict[str, str]) -> None:
    board = [int(t) for t in case["board"].split(",")]
    result = npuzzle.run(case["method"], board)
    for column in ("cost_of_path", "nodes_expanded", "search_depth", "max_search_depth"):
        if case[column]:
            assert getattr(result, column) == int(case[column]), column
    letters = "".join(LETTERS[m] for m in result.path_to_goal)
    spec = case["path_sha_or_path"]
    if spec.startswith("path="):
        expected = spec[len("path="):]
        assert letters == ("" if expected == "EMPTY" else expected)
    elif spec:
        parts = spec.split(";")
        assert parts[0].startswith("sha256=")
        digest = hashlib.sha256(str(result.path_to_goal).encode()).hexdigest()
        assert digest == parts[0][len("sha256="):]
        for part in parts[1:]:
            key, _, value = part.partition("=")
            if key == "len":
                assert len(letters) == int(value)
            elif key == "head":
                assert letters.startswith(value)
            elif key == "tail":
                assert letters.endswith(value)
    # output.txt carries the same figures, in the grader's format.
    lines = result.output.splitlines()
    assert lines[0] == f"path_to_goal: {result.path_to_goal}"
    assert lines[2] == f"nodes_expanded: {result.nodes_expanded}"
    assert re.fullmatch(r"running_time: \d+\.\d{8}", lines[5])
    # The notebook's function for this method counts the same.
    search = {"bfs": npuzzle.bfs, "dfs": npuzzle.dfs, "ast": npuzzle.ast}[case["method"]]
    assert search(board) == (result.nodes_expanded, result.path_to_goal)

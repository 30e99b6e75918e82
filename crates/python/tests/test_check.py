"""searchlab.check on the corpus's student-style programs (tests/check_corpus, whose manifest names
each program's mistakes), and searchlab.list_variants."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

import searchlab
from conftest import ROOT, assert_releases_the_gil

CORPUS = ROOT / "tests" / "check_corpus"
PUBLIC_DIGITS = ROOT / "crates" / "check" / "data" / "digits-public.jsonl"
PUBLIC_NPUZZLE = ROOT / "tests" / "data" / "npuzzle" / "cases.tsv"


def manifest() -> List[Dict[str, Any]]:
    programs: List[Dict[str, Any]] = json.loads((CORPUS / "manifest.json").read_text())["programs"]
    return programs


def entry(file: str) -> Dict[str, Any]:
    return next(p for p in manifest() if p["file"] == file)


def digits_cmd(file: str) -> str:
    return f"{sys.executable} {CORPUS / file} {{letter}} {{file}}"


def public_cases(letter: str) -> int:
    # Counted from the published cases' data file, not from the checker.
    lines = PUBLIC_DIGITS.read_text().splitlines()
    return sum(1 for line in lines if line.strip() and json.loads(line)["letter"] == letter)


def test_a_correct_program_passes_every_public_case() -> None:
    assert entry("digits/correct.py")["kind"] == "correct"
    result = searchlab.check("digits", digits_cmd("digits/correct.py"), cases="public", letters=["B"], jobs=2)
    total = public_cases("B")
    assert total > 0
    assert (result.passed, result.total, result.all_passed) == (total, total, True)
    assert result.variants == [] and all(t["passed"] for t in result.tests)
    assert {t["method"] for t in result.tests} == {"B"}
    assert result.summary["methods"]["B"]["passed"] == total


def test_a_wrong_program_fails_and_its_rule_is_named() -> None:
    program = entry("digits/goal-on-generation.py")
    assert program["variants"] == ["goal-on-generation"] and "B" in program["methods"]
    result = searchlab.check("digits", digits_cmd(program["file"]), cases="edge", letters="B", jobs=2)
    assert result.total > 0 and 0 <= result.passed < result.total and not result.all_passed
    assert "goal-on-generation" in result.variants
    failed = [t for t in result.tests if not t["passed"]]
    assert failed and all("goal-on-generation" in t["variants"] for t in failed if t["variants"])
    # The same report as `searchlab check --json`, and the text report.
    d = result.as_dict()
    assert set(d) == {"puzzle", "command", "tests", "summary"} and d["puzzle"] == "digits"
    assert json.loads(json.dumps(d)) == d
    assert "goal-on-generation" in result.text and str(result) == result.text
    page = result._repr_html_()
    assert f"{result.passed} / {result.total} passed" in page and "goal-on-generation" in page


def test_the_npuzzle_driver_is_checked_on_output_txt() -> None:
    # Counted from the published cases' table (first column: the method).
    rows = PUBLIC_NPUZZLE.read_text().splitlines()[1:]
    total = sum(1 for row in rows if row.split("\t")[0] == "ast")
    program = entry("npuzzle/goal-on-generation.py")
    assert program["variants"] == ["goal-on-generation"] and "ast" in program["methods"]
    cmd = f"{sys.executable} {CORPUS / 'npuzzle' / 'correct.py'} {{method}} {{board}}"
    right = searchlab.check("npuzzle", cmd, cases="public", methods="ast")
    assert (right.passed, right.total, right.puzzle) == (total, total, "npuzzle")
    cmd = f"{sys.executable} {CORPUS / program['file']} {{method}} {{board}}"
    wrong = searchlab.check("npuzzle", cmd, cases="public", methods=["AST"], jobs=2)
    assert wrong.total == total and wrong.passed < total and wrong.variants == ["goal-on-generation"]


def test_the_gil_is_released_while_the_programs_run() -> None:
    cmd = digits_cmd("digits/correct.py")
    assert_releases_the_gil(lambda: searchlab.check("digits", cmd, cases="public", letters=["B"], jobs=1))


def test_a_crashing_program_is_a_failed_test(tmp_path: Path) -> None:
    program = tmp_path / "crash.py"
    program.write_text("import sys\nsys.exit('no idea')\n")
    cmd = f"{sys.executable} {program} {{letter}} {{file}}"
    result = searchlab.check("digits", cmd, cases="public", letters=["A"], timeout=5)
    assert (result.passed, result.total) == (0, public_cases("A"))
    assert all(t["problems"] for t in result.tests)
    # The notebook's view lists 20 failures and counts the rest.
    page = result._repr_html_()
    assert page.count("<li>") == 21 and f"and {public_cases('A') - 20} more failed tests" in page


@pytest.mark.parametrize(
    "kwargs",
    [
        {"puzzle": "sokoban"},
        {"cmd": ""},
        {"cmd": "python3 'unclosed {letter} {file}"},
        {"cases": "no-such-set"},
        {"letters": ["Z"]},
        {"methods": ["bfs"]},
        {"size": 3},
        {"timeout": 0},
        {"timeout": float("nan")},
        {"n": 0},
        {"jobs": -1},
    ],
)
def test_bad_arguments_are_value_errors(kwargs: Dict[str, Any]) -> None:
    args: Dict[str, Any] = {"puzzle": "digits", "cmd": digits_cmd("digits/correct.py"), "cases": "public"}
    args.update(kwargs)
    with pytest.raises(ValueError):
        searchlab.check(**args)


def test_letters_are_refused_for_the_npuzzle() -> None:
    with pytest.raises(ValueError, match="letters"):
        searchlab.check("npuzzle", "python3 driver.py {method} {board}", letters=["B"])


def test_list_variants_names_every_rule_of_the_corpus() -> None:
    variants = searchlab.list_variants()
    known = {(v.puzzle, v.name) for v in variants}
    for program in manifest():
        for name in program["variants"]:
            assert (program["puzzle"], name) in known, (program["file"], name)
    first = variants[0]
    assert first.puzzle == "npuzzle" and first.line and first.applies
    assert all(v.puzzle in ("npuzzle", "digits") for v in variants)
    puzzle, name, line, applies, cannot_show, family, look_at = first
    assert (puzzle, name) == (first.puzzle, first.name)
    assert family == "goal test" and "taken from the frontier" in look_at

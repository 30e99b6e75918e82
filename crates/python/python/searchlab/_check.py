"""A student's program checked from Python, as ``searchlab check`` checks it."""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Union

from . import _native
from ._board import whole_number

__all__ = ["check", "CheckResult", "list_variants", "Variant"]


class Variant(NamedTuple):
    """A named rule ``check`` recognises: a program following it instead of the grader's rule."""

    puzzle: str
    """``'npuzzle'`` or ``'digits'``."""
    name: str
    """The name, e.g. ``'goal-on-generation'``."""
    line: str
    """What a program following it does, in one line."""
    applies: List[str]
    """The methods (``'bfs'``) or letters (``'B'``) it applies to."""
    cannot_show: str
    """Where it cannot change the output (empty when it can anywhere it applies)."""
    family: str
    """Its family, e.g. ``'limit counting'``: one decision a program makes."""
    look_at: str
    """Where in a program to look for it: the family's place in the code."""


def list_variants() -> List[Variant]:
    """Every named rule, N-puzzle first, as ``searchlab check --list-variants`` lists them."""
    return [Variant(**d) for d in _native.check_variants()]


@dataclass(frozen=True)
class CheckResult:
    """What ``check`` found: the fields of ``searchlab check --json`` and the text report."""

    puzzle: str
    command: str
    tests: List[Dict[str, Any]]
    """One dict a test: name, input, method, passed, items, first_divergence, variants, format,
    problems, stderr_tail, notes, program_seconds."""
    summary: Dict[str, Any]
    """passed, total, variants (the rules that explain every failure) and per-method counts."""
    text: str
    """The text report ``searchlab check`` prints."""

    @property
    def passed(self) -> int:
        """Tests passed."""
        return int(self.summary["passed"])

    @property
    def total(self) -> int:
        """Tests run."""
        return int(self.summary["total"])

    @property
    def all_passed(self) -> bool:
        """Whether every test passed."""
        return self.passed == self.total

    @property
    def variants(self) -> List[str]:
        """The combinations of named rules that explain every failed test (``'a+b'``)."""
        return list(self.summary["variants"])

    def as_dict(self) -> Dict[str, Any]:
        """The report as ``searchlab check --json`` prints it."""
        return {"puzzle": self.puzzle, "command": self.command, "tests": self.tests, "summary": self.summary}

    def __str__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        e = html.escape
        verdict = "every test passed" if self.all_passed else f"{self.total - self.passed} failed"
        rows = "".join(
            f"<tr><td>{e(m)}</td><td>{s['passed']} / {s['total']}</td>"
            f"<td>{e(', '.join(s['variants']))}</td><td>{e(', '.join(s['format']))}</td></tr>"
            for m, s in self.summary["methods"].items()
        )
        failed = [t for t in self.tests if not t["passed"]]
        fails = "".join(
            f"<li><code>{e(t['name'])}</code> ({e(t['input'])}): "
            f"{e('; '.join(t['problems'] + t['format'] + t['notes']) or ', '.join(t['variants']) or 'wrong answer')}</li>"
            for t in failed[:20]
        )
        if len(failed) > 20:
            fails += f"<li>… and {len(failed) - 20} more failed tests</li>"
        explained = ", ".join(self.variants)
        return (
            f"<div><b>searchlab.check {e(self.puzzle)}</b> <code>{e(self.command)}</code>: "
            f"{self.passed} / {self.total} passed ({verdict})"
            + (f"<br>explained by: <b>{e(explained)}</b>" if explained else "")
            + "<table><tr><th>method</th><th>passed</th><th>named rules</th><th>format</th></tr>"
            + rows
            + "</table>"
            + (f"<ul>{fails}</ul>" if fails else "")
            + "</div>"
        )


def _names(values: Optional[Iterable[str]], what: str) -> List[str]:
    if values is None:
        return []
    if isinstance(values, str):
        values = values.split(",")
    names = list(values)
    if not all(isinstance(v, str) for v in names):
        raise ValueError(f"{what} must be strings, got {names!r}")
    return names


def _whole(value: int, what: str, low: int, high: int) -> int:
    number = whole_number(value)
    if number is None:
        raise ValueError(f"{what} must be a whole number, got {value!r}")
    if not low <= number <= high:
        raise ValueError(f"{what} must be from {low} to {high}, got {number}")
    return number


def check(
    puzzle: str,
    cmd: str,
    cases: Union[str, "os.PathLike[str]"] = "all",
    n: int = 100,
    seed: int = 1,
    size: Optional[int] = None,
    methods: Optional[Iterable[str]] = None,
    letters: Optional[Iterable[str]] = None,
    timeout: float = 10.0,
    jobs: int = 0,
) -> CheckResult:
    """Runs a student's program on test cases and scores it as the graders do, naming the rules
    that explain its failures: ``searchlab check`` from Python.

    ``puzzle``: ``'npuzzle'`` (``cmd`` with ``{method}`` and ``{board}``; the program writes
    ``output.txt``) or ``'digits'`` (``{letter}`` and ``{file}``; the program prints two lines).
    ``cmd`` is split like a shell and never run by one; relative paths are from the current
    folder. ``cases``: ``'public'``, ``'random'`` (``n`` seeded instances, each run with every
    method; ``size`` the N-puzzle's board width), ``'edge'``, ``'all'`` or a suite folder written by
    ``searchlab cases``. ``methods`` (N-puzzle: ``bfs``, ``dfs``, ``ast``) or ``letters`` (3-digit:
    ``B``, ``D``, ``I``, ``G``, ``A``, ``H``): a list or a comma-separated string; all by default.
    ``timeout``: seconds each run may take; ``jobs``: runs at a time (0: one per core).

    ``ValueError`` for an unknown puzzle, set, method or letter, a malformed ``cmd`` or a bad
    number. The runs release the GIL; Ctrl-C raises ``KeyboardInterrupt`` only when the
    whole check has ended (each run is killed after ``timeout``).
    """
    if puzzle == "npuzzle" and letters is not None:
        raise ValueError("letters are for 'digits': the N-puzzle takes methods")
    if puzzle == "digits" and methods is not None:
        raise ValueError("methods are for 'npuzzle': the 3-digit puzzle takes letters")
    if puzzle == "digits" and size is not None:
        raise ValueError("size is the N-puzzle's board width: 'digits' has none")
    if not isinstance(puzzle, str) or not isinstance(cmd, str):
        raise ValueError("puzzle and cmd must be strings")
    wanted = _names(letters if puzzle == "digits" else methods, "letters" if puzzle == "digits" else "methods")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise ValueError(f"timeout must be a number of seconds, got {timeout!r}")
    report, text = _native.check_program(
        puzzle,
        cmd,
        os.fspath(cases),
        wanted,
        _whole(n, "n", 1, 100_000),
        _whole(seed, "seed", 0, 2**64 - 1),
        3 if size is None else _whole(size, "size", 0, 1_000),
        float(timeout),
        _whole(jobs, "jobs", 0, 1_000),
    )
    d = json.loads(report)
    return CheckResult(d["puzzle"], d["command"], d["tests"], d["summary"], text)
